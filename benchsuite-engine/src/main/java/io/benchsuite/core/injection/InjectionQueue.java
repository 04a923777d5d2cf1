package io.benchsuite.core.injection;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.workload.injection.Injection;
import io.benchsuite.api.workload.injection.InjectionPriority;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One session's pending injections (SPEC §1, dynamic load injection). Injections are queued by
 * priority (urgent, then normal, then low; first come, first served within a priority) and handed
 * out at turn boundaries: at a boundary, every injection whose time to live has run out is dropped
 * and counted, then the waiting injections whose position the session has reached (its token
 * offset at least their {@link Injection#positionTokens()}) are delivered in priority order, at most
 * {@code maxPerBoundary} of them; the rest keep waiting for a later boundary, where they may expire.
 *
 * <p>Time is the engine's clock in nanoseconds, passed in, so the queue is tested exactly and runs in
 * virtual time in the simulator. Not thread-safe: a session's boundaries happen one at a time.
 *
 * <p>Engine hooks: {@link #offer} when an injection arrives for the session; {@link #deliver} at each
 * turn boundary (the delivered contents go before the turn's new message, see
 * {@code SessionTranscript.next}; the turn's first token is "the first token after" each of them);
 * {@link #close} when the session ends.
 */
public final class InjectionQueue {
    private static final Comparator<QueuedInjection> ORDER = Comparator
            .comparing((QueuedInjection q) -> q.injection().priority()).reversed()
            .thenComparingLong(QueuedInjection::sequence);

    private final int maxPerBoundary;
    private final List<QueuedInjection> waiting = new ArrayList<>();
    private final Map<InjectionPriority, Long> offered = new EnumMap<>(InjectionPriority.class);
    private final Map<InjectionPriority, Long> delivered = new EnumMap<>(InjectionPriority.class);
    private final Map<InjectionPriority, Long> expired = new EnumMap<>(InjectionPriority.class);
    private final Map<InjectionPriority, Long> undelivered = new EnumMap<>(InjectionPriority.class);
    private long sequence;
    private boolean closed;

    /** A queue that delivers every due injection at a boundary. */
    public InjectionQueue() {
        this(Integer.MAX_VALUE);
    }

    /**
     * A queue that delivers at most {@code maxPerBoundary} injections at a boundary (the most urgent first).
     *
     * @param maxPerBoundary at least 1
     */
    public InjectionQueue(int maxPerBoundary) {
        this.maxPerBoundary = positive(maxPerBoundary, "maxPerBoundary");
    }

    /**
     * Queues an injection.
     *
     * @param injection what to inject
     * @param nowNanos the engine's clock now; its time to live counts from here
     * @return the queued entry
     */
    public QueuedInjection offer(Injection injection, long nowNanos) {
        notNull(injection, "injection");
        if (closed) throw new IllegalStateException("the session has ended: no more injections");
        QueuedInjection q = new QueuedInjection(injection, sequence++, nowNanos);
        waiting.add(q);
        offered.merge(injection.priority(), 1L, Long::sum);
        return q;
    }

    /**
     * A turn boundary: drops the expired injections, then takes the due ones in priority order.
     *
     * @param sessionTokens the session's token offset now (its history so far)
     * @param nowNanos the engine's clock now
     * @return the injections to deliver with the next turn, most urgent first; empty when none is due
     */
    public List<QueuedInjection> deliver(long sessionTokens, long nowNanos) {
        if (closed) throw new IllegalStateException("the session has ended");
        expire(nowNanos);
        if (waiting.isEmpty()) return List.of();
        waiting.sort(ORDER);
        List<QueuedInjection> out = new ArrayList<>();
        for (Iterator<QueuedInjection> it = waiting.iterator(); it.hasNext() && out.size() < maxPerBoundary; ) {
            QueuedInjection q = it.next();
            if (q.injection().positionTokens() <= sessionTokens) {
                it.remove();
                out.add(q);
                delivered.merge(q.injection().priority(), 1L, Long::sum);
            }
        }
        return out;
    }

    /**
     * Drops (and counts) the injections whose time to live has run out by {@code nowNanos}, without
     * delivering any; {@link #deliver} does this first itself.
     *
     * @param nowNanos the engine's clock now
     * @return how many were dropped
     */
    public int expire(long nowNanos) {
        int dropped = 0;
        for (Iterator<QueuedInjection> it = waiting.iterator(); it.hasNext(); ) {
            QueuedInjection q = it.next();
            if (nowNanos >= q.expiresAtNanos()) {
                it.remove();
                expired.merge(q.injection().priority(), 1L, Long::sum);
                dropped++;
            }
        }
        return dropped;
    }

    /**
     * The session has ended: expired injections are counted as such, the others as undelivered.
     *
     * @param nowNanos the engine's clock now
     * @return the injections that were still waiting and not expired
     */
    public List<QueuedInjection> close(long nowNanos) {
        if (closed) return List.of();
        expire(nowNanos);
        closed = true;
        List<QueuedInjection> left = new ArrayList<>(waiting);
        for (QueuedInjection q : left) undelivered.merge(q.injection().priority(), 1L, Long::sum);
        waiting.clear();
        return left;
    }

    /**
     * Injections waiting now.
     *
     * @return the number waiting
     */
    public int waiting() {
        return waiting.size();
    }

    /**
     * What has happened so far.
     *
     * @return the counts by priority
     */
    public InjectionCounts counts() {
        return new InjectionCounts(offered, delivered, expired, undelivered);
    }
}
