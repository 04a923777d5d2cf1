package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;

/**
 * What a {@link ResponseDialect} reports while it reads a response. Calls after a terminal event
 * ({@link #complete} or {@link #error}) are ignored.
 */
public interface Emitter {
    /** Tokens arrived in the read taken at {@code nanoTime}. */
    void tokens(long nanoTime, int count, String text);

    /**
     * Reasoning tokens (a reasoning model's thinking) arrived in the read taken at {@code nanoTime}.
     * The default reports them as tokens of no particular kind.
     */
    default void reasoningTokens(long nanoTime, int count, String text) {
        tokens(nanoTime, count, text);
    }

    /** The response ended successfully. */
    void complete(long nanoTime, Usage usage);

    /** The response failed. */
    void error(long nanoTime, BackendError error);

    /** Whether a terminal event was delivered. */
    boolean finished();
}
