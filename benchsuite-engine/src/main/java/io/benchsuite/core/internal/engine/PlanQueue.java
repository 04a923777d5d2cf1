package io.benchsuite.core.internal.engine;

import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.core.internal.dispatch.StartFeed;
import io.benchsuite.core.workload.SessionCursor;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the run's source and prepares its starts (prompt assembly, tokenization, hashing) ahead of
 * time on a thread of its own, in source order, so the dispatcher never tokenizes on its timing path.
 * The queue is bounded by the prompt tokens it holds as well as by count, so a trace of 191K-token
 * prompts is not held thousands at a time: it holds at most {@code tokenBudget} tokens (always at
 * least one start) and {@code maxStarts} starts.
 *
 * <p>It is also the dispatcher's {@link StartFeed}: a pattern offers a start only once it is
 * prepared (a source's own arrival offsets are read from here), and the run's schedule ends when the
 * source has ended. Starts are offered and taken in the same order. A source that fails (a record it
 * cannot read) ends the feed there; {@link #failure()} says why.
 *
 * <p>In a virtual-time run ({@code virtual}) the planner runs ahead on its thread too, at most
 * {@link #VIRTUAL_AHEAD} starts beyond those offered, and the dispatcher never hears "pending": when it
 * asks for the next start ({@link #next()}) before the planner has made it, it waits for it (the simulated
 * clock does not move meanwhile). So the prompts of a simulated hour are built on the second core while
 * the run's thread simulates (they were a sixth of its work), and the order of everything is still fixed by
 * the seed alone: starts are read, prepared and offered in source order, whatever the threads' timing.
 */
final class PlanQueue implements StartFeed, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PlanQueue.class);
    /** Virtual time: the most starts prepared and not yet offered (the dispatcher's own line bounds the rest). */
    static final int VIRTUAL_AHEAD = 256;

    private final SessionCursor cursor;
    private final Function<List<RequestPlan>, PreparedStart> prepare;
    private final long tokenBudget;
    private final int maxStarts;
    private final long limit;
    private final Runnable onReady;
    private final Thread thread;
    /** A virtual-time run: the dispatcher waits for the next start, the planner bounds only what is not offered. */
    private final boolean virtual;
    private long notOfferedTokens;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<PreparedStart> starts = new ArrayDeque<>();
    private final ArrayDeque<PreparedStart> notOffered = new ArrayDeque<>();
    private long heldTokens;
    private boolean ended;
    /** The planner holds a prepared start that does not fit until one is taken. */
    private boolean waitingForRoom;
    private volatile RuntimeException failure;
    private long prepared;

    /**
     * @param cursor the source's sessions, read on the planner's thread (closed when it ends)
     * @param prepare turns a session's plans into a prepared start, on the planner's thread
     * @param tokenBudget the most prompt tokens held at once (at least one start is always held)
     * @param maxStarts the most starts held at once
     * @param limit the most starts to read (the run's request count), 0 for all
     * @param runName for the thread's name
     * @param onReady told when a start becomes ready or the feed ends (wakes the engine)
     * @param virtual a virtual-time run: {@link #next()} waits for the planner rather than answer {@link #PENDING}
     */
    PlanQueue(SessionCursor cursor, Function<List<RequestPlan>, PreparedStart> prepare, long tokenBudget, int maxStarts,
              long limit, String runName, Runnable onReady, boolean virtual) {
        this.limit = limit == 0 ? Long.MAX_VALUE : limit;
        this.cursor = cursor;
        this.prepare = prepare;
        this.tokenBudget = tokenBudget;
        this.maxStarts = maxStarts;
        this.onReady = onReady;
        this.virtual = virtual;
        this.thread = new Thread(this::produce, "benchsuite-planner-" + runName);
        this.thread.setDaemon(true);
    }

    /** A queue with a planner thread of its own (a real-time run). */
    PlanQueue(SessionCursor cursor, Function<List<RequestPlan>, PreparedStart> prepare, long tokenBudget, int maxStarts,
              long limit, String runName, Runnable onReady) {
        this(cursor, prepare, tokenBudget, maxStarts, limit, runName, onReady, false);
    }

    void start() {
        thread.start();
    }

    /**
     * Waits (up to 30 s) until the first {@code n} starts are prepared, or as many as the bounds allow,
     * or the source has ended, so the clock starts with prompts ready instead of charging the first wave
     * with tokenizer warm-up.
     */
    void awaitPrepared(int n) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        lock.lock();
        try {
            while (starts.size() < n && !ended && !waitingForRoom) {
                long left = deadline - System.nanoTime();
                if (left <= 0) break;
                changed.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    private boolean full(long more) {
        if (virtual) {
            // the starts offered wait for a slot in the dispatcher's line, which bounds them; these are the ones ahead
            return !notOffered.isEmpty() && (notOfferedTokens + more > tokenBudget || notOffered.size() >= VIRTUAL_AHEAD);
        }
        return !starts.isEmpty() && (heldTokens + more > tokenBudget || starts.size() >= maxStarts);
    }

    private void produce() {
        try {
            for (long n = 0; n < limit && !Thread.currentThread().isInterrupted(); n++) {
                Optional<List<RequestPlan>> session = cursor.next();
                if (session.isEmpty()) break;
                PreparedStart s = prepare.apply(session.get());
                lock.lockInterruptibly();
                try {
                    while (full(s.heldTokens())) {
                        waitingForRoom = true;
                        changed.signalAll();
                        changed.await();
                    }
                    waitingForRoom = false;
                    starts.addLast(s);
                    notOffered.addLast(s);
                    heldTokens += s.heldTokens();
                    notOfferedTokens += s.heldTokens();
                    prepared++;
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
                onReady.run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
            // said once, by whoever ends the run: the run's result (its stop reason) and the caller's error line
            log.debug("the workload source failed after {} start(s); the run sends no more: {}", prepared, e.getMessage());
        } finally {
            try {
                cursor.close();
            } catch (RuntimeException e) {
                log.warn("closing the workload source failed: {}", e.toString());
            }
            lock.lock();
            try {
                ended = true;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
            onReady.run();
        }
    }

    @Override
    public long next() {
        lock.lock();
        try {
            if (virtual) awaitNotOffered();
            if (!notOffered.isEmpty()) return Math.max(0, notOffered.peekFirst().arrivalNanos());
            return ended ? ENDED : PENDING;
        } finally {
            lock.unlock();
        }
    }

    /** Virtual time: waits (holding nothing else) until a start is ready to offer or the source has ended. */
    private void awaitNotOffered() {
        boolean interrupted = false;
        while (notOffered.isEmpty() && !ended) {
            try {
                changed.await();
            } catch (InterruptedException e) {
                interrupted = true; // a stop: the planner is interrupted too and ends the feed
                thread.interrupt();
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /**
     * Real time: the planner holds a prepared start it has no room for, and every start it holds was
     * offered (they wait for a slot, so none leaves before a request ends). In virtual time the planner
     * waits for room only while starts wait to be offered: the dispatcher's own line bound applies.
     */
    @Override
    public boolean full() {
        lock.lock();
        try {
            return !virtual && waitingForRoom && notOffered.isEmpty() && !ended;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean nextOpensSession() {
        lock.lock();
        try {
            PreparedStart s = notOffered.peekFirst();
            return s != null && s.turns().size() > 1;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void offered() {
        lock.lock();
        try {
            PreparedStart s = notOffered.pollFirst();
            if (s == null) throw new IllegalStateException("no prepared start to offer");
            notOfferedTokens -= s.heldTokens();
            // room for a planner running ahead in virtual time: woken when half its lead is gone, not for each
            // start (a wake-up per start cost the run's thread about what the planner saved it)
            if (virtual && waitingForRoom && notOffered.size() <= VIRTUAL_AHEAD / 2) changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * How many prepared starts the source itself schedules before {@code nanos} from the run's zero (starts the
     * run's load pattern paces have no instant yet and are not counted).
     */
    int preparedDueBefore(long nanos) {
        lock.lock();
        try {
            int n = 0;
            for (PreparedStart s : starts) {
                if (s.arrivalNanos() >= 0 && s.arrivalNanos() < nanos) n++;
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    /** The next start in order; one the dispatcher offered is always prepared, so this does not wait for the planner. */
    PreparedStart take() throws InterruptedException {
        lock.lock();
        try {
            while (starts.isEmpty()) {
                if (ended) throw new IllegalStateException("no prepared start left to send"
                        + (failure == null ? "" : ": the workload source failed: " + failure.getMessage()), failure);
                changed.await(100, TimeUnit.MILLISECONDS);
            }
            PreparedStart s = starts.pollFirst();
            heldTokens -= s.heldTokens();
            if (!virtual) changed.signalAll(); // in virtual time what is taken was offered: the planner's room came then
            return s;
        } finally {
            lock.unlock();
        }
    }

    /** Why the source stopped early, or {@code null} when it ran to its end (or has not yet). */
    RuntimeException failure() {
        return failure;
    }

    /**
     * Whether the source ended, without failing, before a single start: an empty dataset, or one whose
     * every record was skipped. In virtual time this waits for the first start; otherwise it reads what
     * {@link #awaitPrepared(int)} waited for.
     */
    boolean endedEmpty() {
        lock.lock();
        try {
            if (virtual) awaitNotOffered();
            return ended && prepared == 0 && failure == null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Why a source that {@linkplain #endedEmpty() ended empty} has nothing to send, in the user's terms:
     * {@code "jsonl prompts 'a.jsonl': every record was skipped (3 over the model's context (1024 tokens)):
     * nothing to send"}.
     */
    static String nothingToSend(String source, SourceCounts counts) {
        long skipped = counts.skipped().values().stream().mapToLong(Long::longValue).sum();
        if (skipped == 0) return source + ": holds no records: nothing to send";
        StringBuilder why = new StringBuilder();
        counts.skipped().forEach((reason, n) -> why.append(why.length() == 0 ? "" : ", ").append(n).append(' ').append(reason));
        return source + ": every record was skipped (" + why + "): nothing to send";
    }

    /** Starts prepared so far. */
    long prepared() {
        lock.lock();
        try {
            return prepared;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
