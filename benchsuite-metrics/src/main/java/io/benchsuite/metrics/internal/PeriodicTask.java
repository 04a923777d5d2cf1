package io.benchsuite.metrics.internal;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a task at a fixed period on one daemon thread until {@link #stop()}, which waits for the
 * thread to end: samplers must leave no thread behind when a run ends.
 */
public final class PeriodicTask {
    private static final Logger log = LoggerFactory.getLogger(PeriodicTask.class);

    private final String threadName;
    private final long periodNanos;
    private final Runnable task;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    private boolean stopping;
    private Thread thread;

    /**
     * @param threadName name of the thread (starts with {@code benchsuite-})
     * @param period time between the starts of two runs of the task
     * @param task what to run; an exception is logged and the next period runs as usual
     */
    public PeriodicTask(String threadName, Duration period, Runnable task) {
        this.threadName = threadName;
        this.periodNanos = period.toNanos();
        this.task = task;
    }

    /** Starts the thread; the task runs at once (even if {@link #stop()} follows immediately), then every period. */
    public void start() {
        start(false);
    }

    /**
     * Runs the task once on the calling thread, then starts the thread, which runs it every period from one
     * period on: for a baseline that must be taken before the caller goes on (the task's first run is then
     * over when this returns).
     */
    public void startHere() {
        runTask();
        start(true);
    }

    private void start(boolean ranHere) {
        lock.lock();
        try {
            if (thread != null) throw new IllegalStateException(threadName + " already started");
            thread = new Thread(() -> loop(ranHere), threadName);
            thread.setDaemon(true);
            thread.start();
        } finally {
            lock.unlock();
        }
    }

    private void runTask() {
        try {
            task.run();
        } catch (RuntimeException e) {
            log.warn("{}: sampling failed: {}", threadName, e.toString());
        }
    }

    /** Stops the thread and waits (up to 5 s) for it to end. Idempotent; a task in progress finishes first. */
    public void stop() {
        Thread t;
        lock.lock();
        try {
            stopping = true;
            wake.signalAll();
            t = thread;
        } finally {
            lock.unlock();
        }
        if (t == null || t == Thread.currentThread()) return;
        try {
            t.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) log.warn("thread {} did not end within 5 s of being stopped", threadName);
    }

    private void loop(boolean ranHere) {
        // The first run is the baseline later samples are differenced against: it happens even when
        // stop() came first (a very short run), so a run always has its start and its end sample.
        if (!ranHere) runTask();
        long next = System.nanoTime() + periodNanos;
        while (true) {
            lock.lock();
            try {
                long wait;
                while (!stopping && (wait = next - System.nanoTime()) > 0) {
                    wake.awaitNanos(wait);
                }
                if (stopping) return;
            } catch (InterruptedException e) {
                return;
            } finally {
                lock.unlock();
            }
            runTask();
            // Fixed rate without catch-up bursts: a slow sample delays the next one instead of doubling up.
            next = Math.max(next + periodNanos, System.nanoTime());
        }
    }
}
