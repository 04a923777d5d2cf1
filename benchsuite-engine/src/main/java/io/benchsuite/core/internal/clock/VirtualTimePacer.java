package io.benchsuite.core.internal.clock;

import io.benchsuite.api.backend.VirtualTimeBackend;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Waits by advancing a {@link VirtualTimeBackend}'s clock instead of a thread: to the deadline, one
 * backend event at a time, returning early after the event that woke it (a request ended, so the
 * dispatcher may send at that very instant). Every listener event is delivered inside
 * {@link #awaitUntil}, on the dispatcher's thread, so nothing waits and nothing sleeps; the run's
 * {@link NanoClock} is the backend's {@link VirtualTimeBackend#nowNanos()}.
 */
public final class VirtualTimePacer implements Pacer {
    private final VirtualTimeBackend backend;
    private final AtomicBoolean woken = new AtomicBoolean(); // stop() may wake from another thread

    public VirtualTimePacer(VirtualTimeBackend backend) {
        this.backend = backend;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException when the deadline never comes and the backend has no event left
     *     either: nothing could ever happen (a backend that holds a request without a next event)
     */
    @Override
    public void awaitUntil(long deadlineNanos) {
        while (!woken.getAndSet(false)) {
            long now = backend.nowNanos();
            if (now >= deadlineNanos) return;
            long next = backend.nextEventNanos();
            if (next > deadlineNanos) {
                if (deadlineNanos == Long.MAX_VALUE) {
                    throw new IllegalStateException("virtual time cannot advance: the run waits for requests to end, but "
                            + "the backend has no next event (at " + now + " ns)");
                }
                backend.advanceTo(deadlineNanos);
                return;
            }
            backend.advanceTo(Math.max(now, next));
        }
    }

    @Override
    public void wake() {
        woken.set(true);
    }
}
