package io.benchsuite.api.result;

import java.util.Locale;

/** Who counted a request's reasoning tokens. */
public enum ReasoningTokenSource {
    /** The server's usage report: {@code usage.completion_tokens_details.reasoning_tokens}. */
    USAGE,
    /** Counted by the client from the reasoning deltas of the stream ({@code reasoning_content}, {@code reasoning}). */
    COUNTED,
    /** Neither: the server reported no reasoning count and no reasoning delta arrived (0 reasoning tokens). */
    NONE;

    /**
     * The label written in {@code requests.jsonl}, e.g. {@code usage}.
     *
     * @return the lower-case label
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
