package io.benchsuite.core;

import io.benchsuite.api.result.RequestRecord;

/**
 * Observes a run: writers, progress displays, metrics and tracing plug in here. Methods are called
 * from engine and backend threads; implementations must be thread-safe, quick and must not throw
 * (an exception is logged and the listener is otherwise ignored for that event).
 */
public interface RunListener {

    /** The run is about to send its first request. */
    default void onRunStarted(RunInfo info) {
    }

    /** A request finished (any phase, any outcome). */
    default void onRequestFinished(RequestRecord record) {
    }

    /** The run ended and its result is complete. */
    default void onRunFinished(RunResult result) {
    }
}
