package io.benchsuite.core.prompt;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import io.benchsuite.api.tokenizer.Tokenizer;
import java.util.Locale;

/**
 * Built-in tokenizers. The default is OpenAI's {@code cl100k_base} BPE (pure Java, via jtokkit):
 * close enough to Llama-3's 128K BPE for prompt sizing, and the same on every platform.
 */
public final class Tokenizers {
    private Tokenizers() {}

    /** The {@code cl100k_base} tokenizer. */
    public static Tokenizer cl100k() {
        return Cl100k.TOKENIZER;
    }

    /** The {@code o200k_base} tokenizer. */
    public static Tokenizer o200k() {
        return O200k.TOKENIZER;
    }

    /**
     * A tokenizer by name: {@code cl100k_base} or {@code o200k_base}.
     *
     * @throws IllegalArgumentException listing the known names
     */
    public static Tokenizer named(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "cl100k", "cl100k_base" -> cl100k();
            case "o200k", "o200k_base" -> o200k();
            default -> throw new IllegalArgumentException("unknown tokenizer '" + name + "' (known: cl100k_base, o200k_base)");
        };
    }

    /**
     * Loads a built-in tokenizer's vocabulary now, where it would otherwise load on its first count: a
     * run against a wall clock calls this before its first request, so that no count in the measured window
     * (an answer without usage, a server's first prompt) waits 250-500 ms for the BPE ranks. Any other
     * tokenizer is left as it is.
     */
    public static void preload(Tokenizer tokenizer) {
        if (tokenizer instanceof JtokkitTokenizer j) j.encoding();
    }

    // One holder per encoding, and each encoding's BPE ranks loaded on its first count, not when the
    // tokenizer is made: loading takes 250-500 ms of CPU (and the optimising compiler's time for its
    // loops), and a virtual-time run of synthetic prompts never counts (SyntheticPrompts knows the
    // built-in tokenizers' one-token words), so it never loads them.

    private static final class Cl100k {
        static final Tokenizer TOKENIZER = new JtokkitTokenizer(EncodingType.CL100K_BASE);
    }

    private static final class O200k {
        static final Tokenizer TOKENIZER = new JtokkitTokenizer(EncodingType.O200K_BASE);
    }

    /** A {@link Tokenizer} over a jtokkit encoding, loaded on first use; thread-safe. */
    static final class JtokkitTokenizer implements Tokenizer {
        private final EncodingType type;
        private volatile Encoding encoding;

        JtokkitTokenizer(EncodingType type) {
            this.type = type;
        }

        @Override
        public String name() {
            return type.getName();
        }

        @Override
        public int countTokens(String text) {
            return encoding().countTokensOrdinary(text);
        }

        /** Whether the vocabulary has been loaded (for tests). */
        boolean loaded() {
            return encoding != null;
        }

        Encoding encoding() {
            Encoding e = encoding;
            if (e == null) {
                synchronized (this) {
                    e = encoding;
                    if (e == null) encoding = e = Encodings.newLazyEncodingRegistry().getEncoding(type);
                }
            }
            return e;
        }
    }
}
