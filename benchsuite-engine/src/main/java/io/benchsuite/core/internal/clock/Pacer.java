package io.benchsuite.core.internal.clock;

/**
 * How the dispatcher waits for its next instant: until a deadline on its {@link NanoClock}, or until
 * {@link #wake()} says something changed (a request finished, the run was asked to stop). The
 * dispatcher itself never sleeps: it computes the next instant it must look again and hands the
 * waiting to a pacer. {@link RealTimePacer} parks a thread; a discrete-event simulation would
 * instead advance its virtual clock to the deadline (or to the next event) without any thread.
 */
public interface Pacer {

    /**
     * Returns at {@code deadlineNanos} (a {@link NanoClock} reading) or earlier, once {@link #wake()}
     * was called since the last return. A wake-up that came before this call is not lost.
     */
    void awaitUntil(long deadlineNanos) throws InterruptedException;

    /** Ends the current or next {@link #awaitUntil} early. Callable from any thread. */
    void wake();
}
