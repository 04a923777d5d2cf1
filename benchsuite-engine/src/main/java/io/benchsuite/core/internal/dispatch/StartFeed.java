package io.benchsuite.core.internal.dispatch;

/**
 * The starts a run can still make (independent requests and sessions' first turns), as prepared ahead
 * by the engine: a pattern offers a start only when the feed has one ready, and the run's schedule
 * ends when the feed has ended (a finite dataset or trace ran out). Implementations are thread-safe:
 * the dispatcher reads the feed under its lock while the engine's planner fills it.
 */
public interface StartFeed {
    /** {@link #next()}: the next start is not prepared yet (the feed wakes the engine when it is). */
    long PENDING = -2;
    /** {@link #next()}: no start will come. */
    long ENDED = -1;

    /**
     * The next start not yet offered: its arrival offset in nanoseconds from the run start when the
     * source brings its own timing, else 0; or {@link #PENDING} or {@link #ENDED}.
     *
     * @return the arrival of the next start, 0, {@link #PENDING} or {@link #ENDED}
     */
    long next();

    /** The start {@link #next()} described has been offered; the following one becomes next. */
    void offered();

    /**
     * Whether the start {@link #next()} describes opens a session with more turns to come (the schedule
     * then goes on while it is open, even if no start follows).
     *
     * @return whether the next start opens a multi-turn session
     */
    default boolean nextOpensSession() {
        return false;
    }

    /**
     * Whether the feed is {@link #PENDING} because it holds as many starts as its bounds allow, all of
     * them offered and waiting to be sent: no start can be prepared until one is sent. An arrival due
     * meanwhile has no start to fill it (the client's line is full) and is counted as not sent.
     *
     * @return whether the feed is full of offered starts
     */
    default boolean full() {
        return false;
    }

    /** A feed that never ends and is always ready (untimed): the pattern alone decides. */
    StartFeed UNLIMITED = new StartFeed() {
        @Override
        public long next() {
            return 0;
        }

        @Override
        public void offered() {
            // endless
        }
    };
}
