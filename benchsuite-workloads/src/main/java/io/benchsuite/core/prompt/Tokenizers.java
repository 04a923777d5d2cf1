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

    // Each built lazily on first use, one holder per encoding: loading the BPE ranks takes 250-500 ms
    // each, and a run that uses one must not wait for the other (start-up time, docs/performance.md).

    private static final class Cl100k {
        static final Tokenizer TOKENIZER = new JtokkitTokenizer(EncodingType.CL100K_BASE);
    }

    private static final class O200k {
        static final Tokenizer TOKENIZER = new JtokkitTokenizer(EncodingType.O200K_BASE);
    }

    /** A {@link Tokenizer} over a jtokkit encoding; thread-safe. */
    static final class JtokkitTokenizer implements Tokenizer {
        private final Encoding encoding;

        JtokkitTokenizer(EncodingType type) {
            this.encoding = Encodings.newLazyEncodingRegistry().getEncoding(type);
        }

        @Override
        public String name() {
            return encoding.getName();
        }

        @Override
        public int countTokens(String text) {
            return encoding.countTokensOrdinary(text);
        }
    }
}
