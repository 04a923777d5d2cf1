package io.benchsuite.core.internal.clock;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Waits on the wall clock: parks the thread until shortly before the deadline, then spins for the
 * last {@value #SPIN_NANOS} ns, because a parked thread wakes tens of microseconds late (more on a
 * loaded machine) and the dispatcher's lateness is measured and reported as dispatch lag.
 */
public final class RealTimePacer implements Pacer {
    /** Below this much time left the pacer spins instead of parking. */
    static final long SPIN_NANOS = 200_000;

    private final NanoClock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final AtomicBoolean woken = new AtomicBoolean();

    public RealTimePacer(NanoClock clock) {
        this.clock = clock;
    }

    @Override
    public void awaitUntil(long deadlineNanos) throws InterruptedException {
        while (true) {
            if (woken.getAndSet(false)) return;
            long left = deadlineNanos - clock.nanoTime();
            if (left <= 0) return;
            if (left > SPIN_NANOS) {
                lock.lock();
                try {
                    if (!woken.get()) changed.awaitNanos(left - SPIN_NANOS / 2);
                } finally {
                    lock.unlock();
                }
            } else {
                while (clock.nanoTime() < deadlineNanos && !woken.get()) Thread.onSpinWait();
            }
        }
    }

    @Override
    public void wake() {
        woken.set(true);
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
