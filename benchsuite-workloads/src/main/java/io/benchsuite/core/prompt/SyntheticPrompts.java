package io.benchsuite.core.prompt;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.tokenizer.Tokenizer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Builds synthetic prompts of an exact token length under a tokenizer.
 *
 * <p>The prompt is a sequence of common English words, each of which is a single token when
 * preceded by a space (counted with the tokenizer when this object is built; known for the built-in ones), so {@code n}
 * words make {@code n} tokens. The count of every generated prompt is checked, and corrected word
 * by word in the rare case a tokenizer merges across words, so the length is exact, not estimated.
 * The built-in BPE tokenizers ({@link Tokenizers}) need no check: their pre-tokenizer cuts text before
 * every space-word (cl100k's and o200k's {@code [^\r\n\p{L}\p{N}]?+\p{L}+}), and BPE never merges
 * across those cuts, so {@code n} single-token words are {@code n} tokens by construction. Skipping
 * the count there saves most of the cost of a prompt, which matters where prompts are built on the
 * run's own thread (a virtual-time run); the prompts are the same either way.
 */
public final class SyntheticPrompts {
    private static final String[] CANDIDATES = (
            "the of and to in is was for that with as on by at from his her they this which had are not "
            + "but have one all were when there an their been has more would who will some into time only "
            + "other new could its made about after first also over most can two did what years than like "
            + "then many these out may such where well used them any people each just through under where "
            + "between both three while long before world life work should because still much city state "
            + "great water house small large place point part number word light night river market story "
            + "music field table paper summer winter morning evening garden window mountain island forest "
            + "letter question answer reason system program country family school student teacher doctor "
            + "village station bridge engine signal energy center simple strong quiet bright early later "
            + "around across behind toward inside outside ready happy green black white yellow orange silver")
            .split(" ");

    /**
     * The candidates that are not one token, alone and after a space, under each built-in tokenizer, so that
     * prompts for those are made without counting, and so without loading the tokenizer's vocabulary (a
     * virtual-time run of synthetic prompts then never loads it: ~0.2 s of start-up CPU and the compiler's
     * time for the loading loops). {@code SyntheticPromptsTest} counts them again with the real vocabularies.
     */
    static final Map<String, Set<String>> NOT_ONE_TOKEN = Map.of(
            "cl100k_base", Set.of("morning", "evening", "garden", "mountain", "island", "village", "across", "behind", "toward"),
            "o200k_base", Set.of("morning", "evening", "mountain", "island", "village", "across", "toward"));

    private final Tokenizer tokenizer;
    private final String[] words;
    /** Each word's ASCII bytes. */
    private final byte[][] wordBytes;
    /** Whether n words are n tokens by construction (see the class comment). */
    private final boolean exactByConstruction;

    /** Prompts measured by {@code tokenizer}. */
    public SyntheticPrompts(Tokenizer tokenizer) {
        this.tokenizer = notNull(tokenizer, "tokenizer");
        this.exactByConstruction = tokenizer instanceof Tokenizers.JtokkitTokenizer;
        Set<String> known = exactByConstruction ? NOT_ONE_TOKEN.get(tokenizer.name()) : null;
        List<String> single = known != null ? candidatesExcept(known) : oneTokenWords(tokenizer);
        if (single.size() < 16) {
            throw new IllegalStateException("tokenizer " + tokenizer.name()
                    + " splits common words into several tokens; synthetic prompts need a word-level vocabulary");
        }
        this.words = single.toArray(String[]::new);
        this.wordBytes = new byte[words.length][];
        for (int i = 0; i < words.length; i++) wordBytes[i] = words[i].getBytes(StandardCharsets.US_ASCII); // CANDIDATES are ASCII
    }

    /** The candidates that are one token alone and after a space under {@code tokenizer}, counted. */
    static List<String> oneTokenWords(Tokenizer tokenizer) {
        List<String> single = new ArrayList<>();
        for (String w : CANDIDATES) {
            if (!w.isEmpty() && !single.contains(w) && tokenizer.countTokens("a " + w) == 2
                    && tokenizer.countTokens(w) == 1) {
                single.add(w);
            }
        }
        return single;
    }

    /** The candidates, once each and in order, but {@code except}. */
    static List<String> candidatesExcept(Set<String> except) {
        List<String> words = new ArrayList<>();
        for (String w : CANDIDATES) {
            if (!w.isEmpty() && !words.contains(w) && !except.contains(w)) words.add(w);
        }
        return words;
    }

    /** The single-token words prompts are made of (for tests). */
    List<String> words() {
        return List.of(words);
    }

    /** The tokenizer prompts are measured with. */
    public Tokenizer tokenizer() {
        return tokenizer;
    }

    /**
     * A prompt of exactly {@code tokens} tokens, with words drawn from {@code random}.
     *
     * @throws IllegalArgumentException when {@code tokens} &lt; 1
     */
    public String generate(int tokens, RandomGenerator random) {
        positive(tokens, "tokens");
        // the words drawn first (the same draws in the same order), so the text is built at its exact length
        int[] drawn = new int[tokens];
        int length = tokens - 1;
        for (int i = 0; i < tokens; i++) {
            drawn[i] = random.nextInt(words.length);
            length += words[drawn[i]].length();
        }
        // the words are ASCII (the candidates are): their bytes are copied into one array, without a builder's
        // checks per word (a virtual-time run builds ~37 M words of prompts an hour)
        byte[] text = new byte[length];
        int at = 0;
        for (int i = 0; i < tokens; i++) {
            if (i > 0) text[at++] = ' ';
            byte[] w = wordBytes[drawn[i]];
            System.arraycopy(w, 0, text, at, w.length);
            at += w.length;
        }
        String prompt = new String(text, StandardCharsets.ISO_8859_1);
        if (exactByConstruction) return prompt;
        int count = tokenizer.countTokens(prompt);
        // Word-level BPE keeps count == tokens; correct by whole words if a tokenizer ever merges across them.
        while (count != tokens) {
            if (count > tokens) {
                int cut = prompt.lastIndexOf(' ');
                if (cut < 0) break;
                prompt = prompt.substring(0, cut);
            } else {
                prompt = prompt + ' ' + words[random.nextInt(words.length)];
            }
            count = tokenizer.countTokens(prompt);
        }
        return prompt;
    }
}
