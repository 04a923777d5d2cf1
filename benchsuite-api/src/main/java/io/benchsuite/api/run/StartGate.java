package io.benchsuite.api.run;

import java.time.Instant;
import java.util.Optional;

/**
 * Holds a run's start until a moment agreed with other processes, so that the shards of one run
 * start together. The engine calls {@link #awaitStart} once everything is prepared (backend
 * checked, first prompts built), then reads its clocks and calls {@link #started} with them: the
 * run's zero on the monotonic clock that every offset of the run counts from, and the wall clock
 * read at the same moment, which puts the run on a clock shared with other machines.
 */
public interface StartGate {
    /** No gate: the run starts as soon as it is prepared. */
    StartGate NONE = () -> { };

    /**
     * Blocks until the run may start.
     *
     * @throws InterruptedException when the waiting thread is interrupted (the run does not start)
     * @throws StartFailedException when the start can never come (e.g. other shards did not arrive in time)
     */
    void awaitStart() throws InterruptedException;

    /**
     * The run started.
     *
     * @param wall the wall clock at the run's zero
     * @param monotonicNanos the run's zero on its monotonic clock
     */
    default void started(Instant wall, long monotonicNanos) {}

    /**
     * The wall-clock instant the shards agreed to start at, once {@link #awaitStart} has returned
     * (empty when the gate agrees on none).
     *
     * @return the agreed instant, if any
     */
    default Optional<Instant> agreedStart() {
        return Optional.empty();
    }

    /**
     * What the gate waits for, for reports, e.g. {@code start-at 2030-01-01T00:00:00Z}.
     *
     * @return the description
     */
    default String describe() {
        return "none";
    }

    /** A gate that can never open: the run does not start; the message says why. */
    final class StartFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @param message what kept the run from starting */
        public StartFailedException(String message) {
            super(message);
        }
    }
}
