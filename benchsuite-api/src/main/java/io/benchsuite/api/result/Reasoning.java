package io.benchsuite.api.result;

import static io.benchsuite.api.util.Checks.notNull;

/**
 * What one request's reasoning and answer looked like. A reasoning model streams its
 * thinking first, then its answer; its user waits for the answer, so the time to the first
 * <em>answer</em> token and the pace of the answer are measured apart from the first token of any
 * kind. A request of a model without reasoning (or of a backend that does not tell reasoning from
 * answer) has no reasoning: its first answer token is its first token and its answer gaps are all its
 * gaps. Offsets are nanoseconds from the run start; {@code -1} means the event did not happen.
 *
 * @param firstReasoningOffsetNanos when the first reasoning token arrived, or -1
 * @param firstAnswerOffsetNanos when the first answer token (visible text or tool call) arrived, or -1
 * @param reasoningTokens reasoning tokens, from {@code source}
 * @param source who counted {@code reasoningTokens}
 * @param answerItl the gaps between consecutive answer tokens (the gap from the last reasoning token
 *     to the first answer token is not one of them)
 */
public record Reasoning(long firstReasoningOffsetNanos, long firstAnswerOffsetNanos, int reasoningTokens,
                        ReasoningTokenSource source, Gaps answerItl) {

    /**
     * Checks the components.
     *
     * @param firstReasoningOffsetNanos when the first reasoning token arrived, or -1
     * @param firstAnswerOffsetNanos when the first answer token arrived, or -1
     * @param reasoningTokens reasoning tokens, at least 0
     * @param source who counted them
     * @param answerItl the gaps between consecutive answer tokens
     */
    public Reasoning {
        notNull(source, "source");
        notNull(answerItl, "answerItl");
        if (reasoningTokens < 0) throw new IllegalArgumentException("reasoningTokens must be >= 0, got " + reasoningTokens);
        if (source == ReasoningTokenSource.NONE && reasoningTokens != 0) {
            throw new IllegalArgumentException("reasoning tokens without a source: " + reasoningTokens);
        }
    }

    /**
     * A request without reasoning: every token is answer.
     *
     * @param firstTokenOffsetNanos when its first token arrived, or -1
     * @param itl all its inter-token gaps
     * @return the answer-only reasoning value
     */
    public static Reasoning none(long firstTokenOffsetNanos, Gaps itl) {
        return new Reasoning(-1, firstTokenOffsetNanos, 0, ReasoningTokenSource.NONE, itl);
    }

    /**
     * Whether the request reasoned: a reasoning token arrived or the server counted some.
     *
     * @return whether it reasoned
     */
    public boolean reasoned() {
        return firstReasoningOffsetNanos >= 0 || reasoningTokens > 0;
    }
}
