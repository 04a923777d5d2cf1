package io.benchsuite.api.backend;

/**
 * Token counts as reported by the server (or in-process engine). {@link #UNKNOWN} (-1) where the
 * server did not say.
 *
 * @param promptTokens prompt tokens counted by the server
 * @param completionTokens generated tokens counted by the server (reasoning included)
 * @param reasoningTokens of the completion tokens, those a reasoning model spent thinking, as the
 *     server reported them ({@code usage.completion_tokens_details.reasoning_tokens}), or
 *     {@link #UNKNOWN}
 */
public record Usage(int promptTokens, int completionTokens, int reasoningTokens) {
    /** Marker for a count the server did not report. */
    public static final int UNKNOWN = -1;

    private static final Usage NONE = new Usage(UNKNOWN, UNKNOWN, UNKNOWN);

    /**
     * Checks that each count is {@code >= 0} or {@link #UNKNOWN}.
     *
     * @param promptTokens prompt tokens counted by the server
     * @param completionTokens generated tokens counted by the server
     * @param reasoningTokens reasoning tokens among them, or {@link #UNKNOWN}
     */
    public Usage {
        if (promptTokens < UNKNOWN || completionTokens < UNKNOWN || reasoningTokens < UNKNOWN) {
            throw new IllegalArgumentException("token counts must be >= 0 or UNKNOWN, got " + promptTokens + "/" + completionTokens
                    + "/" + reasoningTokens);
        }
    }

    /**
     * Usage without a reasoning count.
     *
     * @param promptTokens prompt tokens counted by the server
     * @param completionTokens generated tokens counted by the server
     */
    public Usage(int promptTokens, int completionTokens) {
        this(promptTokens, completionTokens, UNKNOWN);
    }

    /**
     * No usage reported.
     *
     * @return no usage reported
     */
    public static Usage unknown() {
        return NONE;
    }

    /**
     * Whether the server reported the prompt tokens.
     *
     * @return true when {@code promptTokens} is known
     */
    public boolean hasPromptTokens() {
        return promptTokens != UNKNOWN;
    }

    /**
     * Whether the server reported the completion tokens.
     *
     * @return true when {@code completionTokens} is known
     */
    public boolean hasCompletionTokens() {
        return completionTokens != UNKNOWN;
    }

    /**
     * Whether the server reported how many of the completion tokens were reasoning.
     *
     * @return true when {@code reasoningTokens} is known
     */
    public boolean hasReasoningTokens() {
        return reasoningTokens != UNKNOWN;
    }
}
