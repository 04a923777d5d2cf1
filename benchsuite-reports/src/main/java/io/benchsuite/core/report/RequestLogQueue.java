package io.benchsuite.core.report;

import io.benchsuite.api.result.RequestRecord;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Hands finished requests to {@link RequestLogWriter} on a thread of its own, so the thread that
 * finished a request (an event loop on a real clock, the whole run on a virtual one) does not format
 * its JSON line or wait for the disk. Writing the lines of a simulated hour (18 M gaps) was about a quarter
 * of the run thread's CPU samples (JFR); on a real clock the line's write and flush no longer sit between one response's
 * bytes and the next.
 *
 * <p>Lines keep the order requests were handed in. The writer is woken when {@link #BATCH} lines wait, and
 * otherwise looks every {@link #LOOK_MILLIS} ms; it flushes whenever it has caught up, so a line is on disk at
 * most about {@value #LOOK_MILLIS} ms after its request ended, and a crash loses at most the lines still queued.
 * Waking it for every line (it catches up after each one in virtual time) cost the run's thread a futex call per
 * request and the writer a flush per line. At most {@link #CAPACITY} records wait: past that, the caller waits for the
 * writer (memory stays bounded when the disk is slower than the run). The thread exists only while lines
 * wait, or for a second after; {@link #close()} writes every waiting line and ends it.
 */
final class RequestLogQueue implements AutoCloseable {
    /** Records that may wait for the writer before a caller waits in turn. */
    static final int CAPACITY = 4096;
    /** Records that wake the writer at once. */
    static final int BATCH = 64;
    /** How often a writer with fewer than {@link #BATCH} lines waiting looks for them. */
    static final long LOOK_MILLIS = 50;
    /** How long a writer with nothing to write stays. */
    private static final long IDLE_NANOS = 1_000_000_000L;

    private final RequestLogWriter writer;
    private final Consumer<IOException> onFailure;
    private final BlockingQueue<RequestRecord> waiting = new ArrayBlockingQueue<>(CAPACITY);
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile boolean closing;
    private volatile boolean failed;
    private volatile Thread current; // the thread writing now, or the last one

    /**
     * @param writer the file's writer (only this queue's thread writes to it)
     * @param onFailure told once, on the writer's thread, when a line cannot be written; no line is written after
     */
    RequestLogQueue(RequestLogWriter writer, Consumer<IOException> onFailure) {
        this.writer = writer;
        this.onFailure = onFailure;
    }

    /** Queues one record's line; waits while {@link #CAPACITY} lines are queued. */
    void add(RequestRecord record) {
        if (failed) return;
        if (closing) {
            drainHere(record); // after the end: written by the caller
            return;
        }
        if (!waiting.offer(record)) {
            wake(); // full: the writer must be at work before this caller waits for room
            try {
                waiting.put(record);
            } catch (InterruptedException e) {
                // the caller is being stopped: this line is written here rather than lost
                Thread.currentThread().interrupt();
                drainHere(record);
                return;
            }
        }
        if (running.compareAndSet(false, true)) start();
        else if (waiting.size() >= BATCH) wake();
    }

    private void start() {
        Thread t = new Thread(this::drain, "benchsuite-request-log");
        t.setDaemon(true); // never keeps a JVM alive; close() is what waits for the lines
        current = t;
        t.start();
    }

    private void wake() {
        Thread t = current;
        if (t != null) LockSupport.unpark(t);
    }

    private void drain() {
        long idleSince = System.nanoTime();
        while (true) {
            if (writeWaiting()) idleSince = System.nanoTime();
            if (closing || failed || System.nanoTime() - idleSince > IDLE_NANOS) {
                running.set(false);
                // a record queued after the last poll but before the flag fell found the flag up: take it now
                if (closing || waiting.isEmpty() || !running.compareAndSet(false, true)) return;
                continue;
            }
            LockSupport.parkNanos(this, LOOK_MILLIS * 1_000_000);
        }
    }

    private synchronized void drainHere(RequestRecord extra) {
        writeWaiting();
        if (extra != null) write(extra);
        flush();
    }

    /** Writes every waiting line and flushes when there was one; whether there was. */
    private synchronized boolean writeWaiting() {
        RequestRecord r = waiting.poll();
        if (r == null) return false;
        do {
            write(r);
        } while ((r = waiting.poll()) != null);
        flush();
        return true;
    }

    private void write(RequestRecord r) {
        if (failed) return;
        try {
            writer.write(r);
        } catch (IOException e) {
            fail(e);
        }
    }

    private void flush() {
        if (failed) return;
        try {
            writer.flush();
        } catch (IOException e) {
            fail(e);
        }
    }

    private void fail(IOException e) {
        failed = true;
        waiting.clear();
        onFailure.accept(e);
    }

    /** The run whose requests the following lines are. */
    void runId(String id) {
        writer.runId(id);
    }

    /** Whether a thread of this queue is still running (for tests). */
    boolean threadAlive() {
        Thread last = current;
        return last != null && last.isAlive();
    }

    /** Lines written so far. */
    long lines() {
        return writer.lines();
    }

    /**
     * Writes every queued line, ends the thread and closes the file.
     *
     * @throws IOException when the file cannot be closed
     */
    @Override
    public void close() throws IOException {
        closing = true;
        boolean interrupted = false;
        Thread last = null;
        // a caller that passed the closing check just before may have started one more thread: end that too
        while (!interrupted && current != null && current != last) {
            last = current;
            LockSupport.unpark(last);
            try {
                last.join(); // a slow disk: the lines are still being written
            } catch (InterruptedException e) {
                interrupted = true; // the lines still queued are written below, on this thread
            }
        }
        drainHere(null);
        if (interrupted) Thread.currentThread().interrupt();
        writer.close();
    }
}
