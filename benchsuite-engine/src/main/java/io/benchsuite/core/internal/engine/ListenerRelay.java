package io.benchsuite.core.internal.engine;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.core.run.RunListener;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands finished requests to the run's listeners on a thread of the run's own, in the order they
 * finished, so that what a listener does (the request log's JSON line, a user's callback) is not done
 * on the I/O thread that read the request's end: in a profile of a replayed trace's first bursts, the
 * event loop spent about a tenth of its busy time in the request log's writer while the next burst's
 * requests waited for it to write them.
 *
 * <p>The queue is bounded: a listener slower than the requests makes the finishing thread wait for room,
 * so memory stays bounded and nothing is lost. {@link #finish} delivers what is queued and ends the
 * thread before the run's result is assembled; a request that finishes after that (a late cancellation)
 * is delivered on the caller's thread. Without a thread (virtual time, or no listener), every delivery
 * is made on the caller's thread. What the finishing thread had made current (a trace's span, which a
 * metrics registry samples exemplars from) is carried to the delivery by the caller's {@code context}.
 */
final class ListenerRelay {
    private static final Logger log = LoggerFactory.getLogger(ListenerRelay.class);
    /** Finished requests waiting for the listeners; ~2 MB of records at most. */
    static final int CAPACITY = 8_192;
    /** Queued after the last delivery: the thread ends when it takes it. */
    private static final Runnable END = () -> { };

    private final List<RunListener> listeners;
    private final BlockingQueue<Runnable> queue;
    private final Thread thread;
    private volatile boolean finished;

    /**
     * @param listeners the run's listeners
     * @param threaded whether deliveries go through a thread of their own
     * @param name the thread's name
     */
    ListenerRelay(List<RunListener> listeners, boolean threaded, String name) {
        this.listeners = listeners;
        boolean own = threaded && !listeners.isEmpty();
        this.queue = own ? new ArrayBlockingQueue<>(CAPACITY) : null;
        this.thread = own ? new Thread(this::deliverQueued, name) : null;
        if (thread != null) thread.setDaemon(true);
    }

    /** Starts the delivering thread (before the run's first request). */
    void start() {
        if (thread != null) thread.start();
    }

    /**
     * Delivers {@code record} to every listener: queued for the thread, or now when there is none.
     *
     * @param record the finished request
     * @param context wraps a delivery made on another thread in what is current on the caller's
     */
    void deliver(RequestRecord record, UnaryOperator<Runnable> context) throws InterruptedException {
        if (thread == null || finished) {
            deliverNow(record);
            return;
        }
        queue.put(context.apply(() -> deliverNow(record)));
        if (finished) drain(); // finish() ran meanwhile: its thread may have ended before this arrived
    }

    /** Delivers what is queued, then ends the thread; later deliveries are made on the caller's thread. */
    void finish() {
        if (thread == null || !thread.isAlive()) {
            finished = true;
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                queue.put(END);
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the deliveries are part of the result: finish them first
            }
        }
        finished = true;
        drain();
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** Delivers, on the caller's thread, what is still queued after the thread ended. */
    private void drain() {
        Runnable delivery;
        while ((delivery = queue.poll()) != null) delivery.run();
    }

    private void deliverQueued() {
        while (true) {
            Runnable delivery;
            try {
                delivery = queue.take();
            } catch (InterruptedException e) {
                continue; // only finish() ends the thread: what is queued is part of the result
            }
            if (delivery == END) return;
            delivery.run();
        }
    }

    private void deliverNow(RequestRecord record) {
        for (RunListener l : listeners) {
            try {
                l.onRequestFinished(record);
            } catch (RuntimeException e) {
                log.warn("run listener failed: {}", e.toString(), e);
            }
        }
    }
}
