package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls request listeners from a thread of its own ({@code benchsuite-sim-events-...}, a daemon),
 * so that what listeners do (aggregating, writing {@code requests.jsonl}, blocking on a full
 * queue) never delays the real-time engine. Events carry the time the engine generated them; they
 * are delivered one at a time in the order the engine produced them, so each request's events keep
 * their order ({@code onSent} is delivered by the sender before the request reaches the engine).
 *
 * <p>The queue is unbounded: a listener slower than the engine delays delivery, never generation,
 * and the events wait in memory (a few dozen bytes each).
 */
final class ListenerDelivery implements EventSink {
    private static final Logger LOG = LoggerFactory.getLogger(ListenerDelivery.class);
    private static final long CLOSE_WAIT_MILLIS = 10_000;

    private enum Kind { TOKENS, REASONING_TOKENS, COMPLETE, ERROR, STOP }

    private record Event(Kind kind, Sequence s, long nanoTime, String text, Usage usage, BackendError error) {
    }

    private static final Event STOP = new Event(Kind.STOP, null, 0, null, null, null);

    private final LinkedBlockingQueue<Event> queue = new LinkedBlockingQueue<>();
    private final Thread thread;

    ListenerDelivery(String id) {
        this.thread = new Thread(this::run, "benchsuite-sim-events-" + id);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void tokens(Sequence s, long nanoTime, String text, boolean reasoning) {
        queue.add(new Event(reasoning ? Kind.REASONING_TOKENS : Kind.TOKENS, s, nanoTime, text, null, null));
    }

    @Override
    public void complete(Sequence s, long nanoTime, Usage usage) {
        queue.add(new Event(Kind.COMPLETE, s, nanoTime, null, usage, null));
    }

    @Override
    public void error(Sequence s, long nanoTime, BackendError error) {
        queue.add(new Event(Kind.ERROR, s, nanoTime, null, null, error));
    }

    /** Events queued and not yet delivered. */
    int backlog() {
        return queue.size();
    }

    private void run() {
        while (true) {
            Event e;
            try {
                e = queue.take();
            } catch (InterruptedException ie) {
                // Nobody interrupts this thread but close(); deliver what is left, then end.
                drainAfterInterrupt();
                return;
            }
            if (e.kind == Kind.STOP) return;
            deliver(e);
        }
    }

    private void drainAfterInterrupt() {
        Event e;
        while ((e = queue.poll()) != null && e.kind != Kind.STOP) deliver(e);
    }

    private static void deliver(Event e) {
        switch (e.kind) {
            case TOKENS -> Direct.tokens(e.s, e.nanoTime, e.text, false);
            case REASONING_TOKENS -> Direct.tokens(e.s, e.nanoTime, e.text, true);
            case COMPLETE -> Direct.complete(e.s, e.nanoTime, e.usage);
            case ERROR -> Direct.error(e.s, e.nanoTime, e.error);
            case STOP -> { }
        }
    }

    /**
     * Delivers every event queued so far, then ends the thread and waits for it (unless called from a
     * listener on this very thread: then the thread ends once that listener returns). Call after the
     * engine stopped producing events. Idempotent.
     */
    void close() {
        queue.add(STOP);
        if (Thread.currentThread() == thread) return;
        try {
            thread.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.warn("a listener of the simulated engine has blocked event delivery for {} ms; interrupting it", CLOSE_WAIT_MILLIS);
            thread.interrupt();
        }
    }

    boolean threadAlive() {
        return thread.isAlive();
    }
}
