package io.benchsuite.backends.http.spi;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;

/**
 * What a {@link ResponseDialect} reports while it reads a response; benchsuite implements it (the
 * exchange that timestamps the bytes and forwards to the run's listener), a dialect only calls it.
 * Calls after a terminal event ({@link #complete} or {@link #error}) are ignored.
 */
public interface Emitter {
    /**
     * Tokens arrived in the read taken at {@code nanoTime}.
     *
     * @param nanoTime when the read returned
     * @param count how many tokens
     * @param text their text (may be empty)
     */
    void tokens(long nanoTime, int count, String text);

    /**
     * Reasoning tokens (a reasoning model's thinking) arrived in the read taken at {@code nanoTime}.
     * The default reports them as tokens of no particular kind.
     *
     * @param nanoTime when the read returned
     * @param count how many tokens
     * @param text their text (may be empty)
     */
    default void reasoningTokens(long nanoTime, int count, String text) {
        tokens(nanoTime, count, text);
    }

    /**
     * The response ended successfully.
     *
     * @param nanoTime when its last bytes arrived
     * @param usage the token counts the server reported
     */
    void complete(long nanoTime, Usage usage);

    /**
     * The response failed.
     *
     * @param nanoTime when the failure was seen
     * @param error what failed
     */
    void error(long nanoTime, BackendError error);

    /**
     * Whether a terminal event was delivered.
     *
     * @return true after {@link #complete} or {@link #error}
     */
    boolean finished();
}
