package io.benchsuite.core.workload;

import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.core.prompt.SyntheticPrompts;
import java.util.random.RandomGenerator;

/**
 * Joins pieces of synthetic text (each exact in tokens) into a prompt that is still exact. Synthetic
 * words are single tokens with their leading space, so joining pieces with a space adds their counts;
 * the result is counted anyway, and in the rare case a tokenizer merges across a join its end is
 * corrected word by word (only the tail changes, so shared leading blocks stay shared).
 */
final class ExactText {
    private ExactText() {}

    /**
     * The first {@code words} words of {@code text} (words separated by single spaces).
     */
    static String firstWords(String text, int words) {
        int at = -1;
        for (int i = 0; i < words; i++) {
            at = text.indexOf(' ', at + 1);
            if (at < 0) return text;
        }
        return text.substring(0, at);
    }

    /**
     * {@code prompt} with its end corrected until it has exactly {@code target} tokens, or
     * {@code prompt} itself when it already has. Returns null when no correction was needed, so the
     * caller can count corrections.
     */
    static String correctTail(String prompt, int target, Tokenizer tokenizer, SyntheticPrompts words,
                              RandomGenerator random) {
        int count = tokenizer.countTokens(prompt);
        if (count == target) return null;
        String text = prompt;
        for (int step = 0; count != target; step++) {
            if (step == 256) {
                throw new IllegalStateException("tokenizer " + tokenizer.name() + " cannot make a prompt of exactly "
                        + target + " tokens from synthetic words (it merges tokens across words)");
            }
            if (count > target) {
                int cut = text.lastIndexOf(' ');
                if (cut < 0) break;
                text = text.substring(0, cut);
            } else {
                text = text + ' ' + words.generate(1, random);
            }
            count = tokenizer.countTokens(text);
        }
        return text;
    }
}
