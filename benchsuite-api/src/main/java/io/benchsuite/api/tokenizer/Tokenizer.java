package io.benchsuite.api.tokenizer;

/**
 * Counts tokens. The engine uses one to build prompts of an exact token length and to count
 * output tokens when a server does not report usage.
 */
public interface Tokenizer {

    /**
     * A name recorded in reports, e.g. {@code cl100k_base}.
     *
     * @return the name recorded in reports, e.g. {@code cl100k_base}
     */
    String name();

    /**
     * Number of tokens in {@code text}.
     *
     * @param text the text to count
     * @return number of tokens in {@code text}
     */
    int countTokens(String text);
}
