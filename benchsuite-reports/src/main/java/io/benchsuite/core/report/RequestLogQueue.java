package io.benchsuite.core.report;

import io.benchsuite.api.result.RequestRecord;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Hands finished requests to {@link RequestLogWriter} on a thread of its own, so the thread that
 * finished a request (an event loop on a real clock, the whole run on a virtual one) does not format
 * its JSON line or wait for the disk. Writing the lines of a simulated hour (18 M gaps) was about a quarter
 * of the run thread's CPU samples (JFR); on a real clock the line's write and flush no longer sit between one response's
 * bytes and the next.
 *
 * <p>Lines keep the order requests were handed in. The writer flushes whenever it has caught up, so on a
 * real clock (a few lines a millisecond) each line is on disk as soon as it was before; a crash loses at
 * most the lines still queued. At most {@link #CAPACITY} records wait: past that, the caller waits for the
 * writer (memory stays bounded when the disk is slower than the run). The thread exists only while lines
 * wait, or for a second after; {@link #close()} writes every waiting line and ends it.
 */
final class RequestLogQueue implements AutoCloseable {
    /** Records that may wait for the writer before a caller waits in turn. */
    static final int CAPACITY = 4096;

    private final RequestLogWriter writer;
    private final Consumer<IOException> onFailure;
    private final BlockingQueue<RequestRecord> waiting = new ArrayBlockingQueue<>(CAPACITY);
    private final AtomicBoolean draining = new AtomicBoolean();
    private final ThreadPoolExecutor thread;
    private volatile boolean failed;
    private volatile Thread current; // the thread writing now, or the last one

    /**
     * @param writer the file's writer (only this queue's thread writes to it)
     * @param onFailure told once, on the writer's thread, when a line cannot be written; no line is written after
     */
    RequestLogQueue(RequestLogWriter writer, Consumer<IOException> onFailure) {
        this.writer = writer;
        this.onFailure = onFailure;
        this.thread = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "benchsuite-request-log");
            t.setDaemon(true); // never keeps a JVM alive; close() is what waits for the lines
            current = t;
            return t;
        });
        thread.allowCoreThreadTimeOut(true);
    }

    /** Queues one record's line; waits while {@link #CAPACITY} lines are queued. */
    void add(RequestRecord record) {
        if (failed) return;
        try {
            waiting.put(record);
        } catch (InterruptedException e) {
            // the caller is being stopped: this line is written here rather than lost
            Thread.currentThread().interrupt();
            drainHere(record);
            return;
        }
        if (draining.compareAndSet(false, true)) {
            try {
                thread.execute(this::drain);
            } catch (RejectedExecutionException e) {
                // closed already: a record after the end is written by the caller
                draining.set(false);
                drainHere(null);
            }
        }
    }

    private void drain() {
        while (true) {
            writeWaiting();
            draining.set(false);
            // a record queued after the last poll but before the flag fell found the flag up: take it now
            if (waiting.isEmpty() || !draining.compareAndSet(false, true)) return;
        }
    }

    private synchronized void drainHere(RequestRecord extra) {
        writeWaiting();
        if (extra != null) write(extra);
        flush();
    }

    private synchronized void writeWaiting() {
        RequestRecord r;
        while ((r = waiting.poll()) != null) write(r);
        flush();
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
        thread.shutdown();
        boolean interrupted = false;
        try {
            while (!thread.awaitTermination(1, TimeUnit.SECONDS)) {
                // a slow disk: the lines are still being written
            }
            Thread last = current;
            if (last != null) last.join(); // its task has ended: this is the thread itself finishing
        } catch (InterruptedException e) {
            interrupted = true; // the lines still queued are written below, on this thread
        }
        drainHere(null);
        if (interrupted) Thread.currentThread().interrupt();
        writer.close();
    }
}
