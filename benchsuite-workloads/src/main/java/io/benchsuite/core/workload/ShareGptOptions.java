package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.positive;

/**
 * How a ShareGPT-style dataset becomes requests. The defaults are vLLM's ({@code vllm bench serve
 * --dataset-name sharegpt}): one request per conversation, and a conversation is dropped when its
 * prompt or answer has fewer than 4 tokens, its prompt more than 1024, or prompt and answer together
 * more than 2048. Build with {@link #builder()}; 0 turns a limit off.
 *
 * @param sessions each conversation becomes a multi-turn session (otherwise its first exchange is one request)
 * @param maxTurns the most turns a session keeps, 0 for all
 * @param minTokens a prompt or recorded answer shorter than this drops the request (or ends the session there); 0 for none
 * @param maxPromptTokens a prompt longer than this (in a session: the history so far and the new message) drops the request or ends the session; 0 for none
 * @param maxTotalTokens a prompt and answer longer than this together drop the request or end the session; 0 for none
 * @param outputTokens ask every request for this many output tokens instead of the recorded answer's length (the minimum-length check then skips answers); 0 to use the recorded length
 * @param limit the most conversations to use, 0 for all
 */
public record ShareGptOptions(boolean sessions, int maxTurns, int minTokens, int maxPromptTokens, int maxTotalTokens,
                              int outputTokens, long limit) {
    /**
     * Checks that no value is negative.
     *
     * @param sessions each conversation becomes a multi-turn session
     * @param maxTurns the most turns a session keeps, 0 for all
     * @param minTokens the shortest prompt or answer kept, 0 for none
     * @param maxPromptTokens the longest prompt kept, 0 for none
     * @param maxTotalTokens the longest prompt and answer kept, 0 for none
     * @param outputTokens a fixed output length, 0 to use the recorded one
     * @param limit the most conversations to use, 0 for all
     */
    public ShareGptOptions {
        notNegative(maxTurns, "maxTurns");
        notNegative(minTokens, "minTokens");
        notNegative(maxPromptTokens, "maxPromptTokens");
        notNegative(maxTotalTokens, "maxTotalTokens");
        notNegative(outputTokens, "outputTokens");
        if (limit < 0) throw new IllegalArgumentException("limit must be >= 0, got " + limit);
    }

    /**
     * vLLM's defaults: single requests, 4 to 1024 prompt tokens, at most 2048 with the answer.
     *
     * @return the defaults
     */
    public static ShareGptOptions defaults() {
        return builder().build();
    }

    /**
     * A builder starting from the defaults.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The options as text for reports, e.g. {@code sessions,turns=3,prompt<=1024,total<=2048}.
     *
     * @return the description
     */
    public String describe() {
        StringBuilder b = new StringBuilder(sessions ? "sessions" : "single");
        if (maxTurns > 0) b.append(",turns<=").append(maxTurns);
        if (minTokens > 0) b.append(",min=").append(minTokens);
        if (maxPromptTokens > 0) b.append(",prompt<=").append(maxPromptTokens);
        if (maxTotalTokens > 0) b.append(",total<=").append(maxTotalTokens);
        if (outputTokens > 0) b.append(",output=").append(outputTokens);
        if (limit > 0) b.append(",limit=").append(limit);
        return b.toString();
    }

    /** Builds {@link ShareGptOptions}; setters reject bad values naming the argument. */
    public static final class Builder {
        private boolean sessions;
        private int maxTurns;
        private int minTokens = 4;
        private int maxPromptTokens = 1024;
        private int maxTotalTokens = 2048;
        private int outputTokens;
        private long limit;

        private Builder() {}

        /**
         * Each conversation becomes a multi-turn session.
         *
         * @param on whether to make sessions
         * @return this builder
         */
        public Builder sessions(boolean on) {
            this.sessions = on;
            return this;
        }

        /**
         * The most turns a session keeps.
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder maxTurns(int n) {
            this.maxTurns = positive(n, "maxTurns");
            return this;
        }

        /**
         * The shortest prompt or recorded answer kept (default 4), 0 for none.
         *
         * @param n tokens
         * @return this builder
         */
        public Builder minTokens(int n) {
            this.minTokens = notNegative(n, "minTokens");
            return this;
        }

        /**
         * The longest prompt kept (default 1024), 0 for none.
         *
         * @param n tokens
         * @return this builder
         */
        public Builder maxPromptTokens(int n) {
            this.maxPromptTokens = notNegative(n, "maxPromptTokens");
            return this;
        }

        /**
         * The longest prompt and answer kept together (default 2048), 0 for none.
         *
         * @param n tokens
         * @return this builder
         */
        public Builder maxTotalTokens(int n) {
            this.maxTotalTokens = notNegative(n, "maxTotalTokens");
            return this;
        }

        /**
         * No length filters at all (what long-context and multi-turn runs usually want).
         *
         * @return this builder
         */
        public Builder noLengthLimits() {
            this.minTokens = 0;
            this.maxPromptTokens = 0;
            this.maxTotalTokens = 0;
            return this;
        }

        /**
         * Ask every request for this many output tokens instead of the recorded answer's length.
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder outputTokens(int n) {
            this.outputTokens = positive(n, "outputTokens");
            return this;
        }

        /**
         * The most conversations to use.
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder limit(long n) {
            this.limit = positive(n, "limit");
            return this;
        }

        /**
         * Builds the options.
         *
         * @return the options
         */
        public ShareGptOptions build() {
            return new ShareGptOptions(sessions, maxTurns, minTokens, maxPromptTokens, maxTotalTokens, outputTokens, limit);
        }
    }
}
