package io.benchsuite.core.internal.engine;

import io.benchsuite.core.internal.clock.Pacer;
import io.benchsuite.core.internal.dispatch.Dispatcher;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The dispatcher calls of the session preparer ({@link OpenSessions}), each under the engine's lock, waking
 * the pacer after it: a session's next turn becomes due, or a session ends.
 */
final class SessionDispatch implements OpenSessions.Dispatch {
    private final ReentrantLock lock;
    private final Dispatcher dispatcher;
    private final Pacer pacer;
    private final LongSupplier now;

    /**
     * @param lock the engine's lock, which guards the dispatcher
     * @param dispatcher the engine's dispatcher
     * @param pacer woken after each call, so the dispatcher loop sees the change
     * @param now the engine's clock, nanoseconds from the run start
     */
    SessionDispatch(ReentrantLock lock, Dispatcher dispatcher, Pacer pacer, LongSupplier now) {
        this.lock = lock;
        this.dispatcher = dispatcher;
        this.pacer = pacer;
        this.now = now;
    }

    @Override
    public boolean resume(int user, long key, long at) {
        boolean resumed;
        lock.lock();
        try {
            resumed = dispatcher.resume(user, key, at);
        } finally {
            lock.unlock();
        }
        pacer.wake();
        return resumed;
    }

    @Override
    public void ended(int user, long now) {
        lock.lock();
        try {
            dispatcher.ended(user, now);
        } finally {
            lock.unlock();
        }
        pacer.wake();
    }

    @Override
    public long now() {
        return now.getAsLong();
    }
}
