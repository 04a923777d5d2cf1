package io.benchsuite.core.internal.dispatch;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Decides, at a given instant, which requests to send and when to look again. It holds no thread,
 * reads no clock and never waits: the engine calls {@link #step(long)} with the current offset from
 * the run start, sends what it returns, and waits (on its pacer) until the step's {@code wakeAt} or
 * until a request ends. So the same logic runs in real time or, in a test or a simulation, on any
 * clock, and every instant it stamps is exact.
 *
 * <p>Requests come from the run's {@link LoadPattern}. A request whose instant has come gets the
 * next index, its window, and the instant the dispatcher took it up (its dispatch lag is the
 * difference); it is sent at once if a concurrency slot is free, otherwise it waits in a FIFO (the
 * wait is recorded, and latency still counts from the scheduled instant: no coordinated omission).
 * A slot is taken before sending and returned only at the request's terminal event, so the
 * in-flight count never exceeds the cap. The schedule ends at the window's length, at the request
 * count, or on stop; in-flight requests then get the drain timeout to finish.
 *
 * <p>The line of requests waiting for a slot is bounded ({@link #MAX_WAITING}, or lower where the
 * pattern's feed holds fewer starts: {@link LoadPattern#blockedAt()}): an open-loop arrival that finds
 * it full is not sent and gets no index, and is counted ({@link #notSent()}: the client could not keep
 * up), never silently dropped nor delayed until room frees. So a rate the server cannot follow costs memory in
 * proportion to the bound, not to the rate. While the line is full the dispatcher does not wake
 * for each arrival; it counts the arrivals that came meanwhile at its next step.
 *
 * <p>Closed-loop users pause after connection failures ({@link ConnectionBackoff}).
 *
 * <p>Multi-turn sessions: a start whose offer opens a session with more turns keeps the schedule going while it is open;
 * when one of its turns ends and another follows, the engine says the session {@linkplain #paused
 * paused}, prepares the next turn, and {@linkplain #resume resumes} it at the instant it is due (the
 * answer's instant plus think time), from where it is dispatched like any other request, under its own
 * index. The open loop's cap counts requests in flight, or, with {@link SlotUnit#SESSIONS}, open sessions
 * (a session then holds its slot from its first send to its end, think times included, and its later
 * turns never wait for a slot). The schedule does not end because the starts ran out while a session
 * is still open; the window's end or the request count cuts open sessions (their pending turns are
 * dropped).
 *
 * <p>Not thread-safe: the engine calls it under one lock.
 */
public final class Dispatcher {
    /** An instant that never comes. */
    public static final long NEVER = LoadPattern.NEVER;

    /**
     * The most requests waiting for a concurrency slot. Each holds its prepared prompt (tokens and
     * hashes), so the line is what bounds the client's memory under overload; the engine's planner may
     * bound it lower still by the prompt tokens it holds ({@link StartFeed#full()}). A server that falls
     * this far behind the schedule is not measured better by queueing more: at 1,000 req/s the line
     * already holds four seconds of arrivals.
     */
    public static final int MAX_WAITING = 4_096;

    private final Workload workload;
    private final LoadPattern pattern;
    private final long lengthNanos;
    private final long maxRequests;
    private final long drainTimeoutNanos;
    private final int cap;
    private final Consumer<Window> waitedForSlot;
    private final ConnectionBackoff backoff;
    private final int maxWaiting;
    private final SlotUnit slotUnit;
    private final ArrayDeque<DueRequest> ready = new ArrayDeque<>();
    private final PriorityQueue<FollowUp> followUps = new PriorityQueue<>();

    private int inFlight;
    /** Slots taken against the cap: requests in flight, or open sessions with {@link SlotUnit#SESSIONS}. */
    private int slots;
    /** Sessions opened and not yet ended (paused ones and those with a turn in flight or due included). */
    private int openSessions;
    /** Open sessions between a turn's end and their next turn's resumption (the engine prepares it). */
    private int paused;
    private long followUpSeq;
    private long nextIndex;
    private long notSent;
    private long notSentMeasured;
    private boolean exhausted;
    private boolean stopped;
    private long drainDeadline = NEVER;
    private long scheduleEnd = NEVER;

    /**
     * A request whose instant has come.
     *
     * @param index its position in the run
     * @param scheduled its scheduled instant, nanoseconds from the run start
     * @param dispatched when the dispatcher took it up
     * @param user the closed-loop user, or -1
     * @param window warm-up, measured or cool-down (by scheduled instant)
     * @param session for a session's later turn, the engine's key of the session (given to {@link #resume}); -1 for a start
     */
    public record DueRequest(long index, long scheduled, long dispatched, int user, Window window, long session) {
        /**
         * A start (an independent request or a session's first turn).
         *
         * @param index its position in the run
         * @param scheduled its scheduled instant
         * @param dispatched when the dispatcher took it up
         * @param user the closed-loop user, or -1
         * @param window its window
         */
        public DueRequest(long index, long scheduled, long dispatched, int user, Window window) {
            this(index, scheduled, dispatched, user, window, -1);
        }

        /** Whether this is a later turn of an open session ({@link #session()} names it), not a start. */
        public boolean continuesSession() {
            return session >= 0;
        }
    }

    /** What an open loop's concurrency cap counts. */
    public enum SlotUnit {
        /** Requests in flight. */
        REQUESTS,
        /** Open sessions (an independent request is a session of one turn). */
        SESSIONS
    }

    /** A session's next turn, due at {@code at}. */
    private record FollowUp(long at, int user, long session, long seq) implements Comparable<FollowUp> {
        @Override
        public int compareTo(FollowUp o) {
            int c = Long.compare(at, o.at);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** Where the run stands after a step. */
    public enum RunState {
        /** The run goes on: send {@link Decision#send()}, then step again (at once, or at {@link Decision#wakeAt()}). */
        RUNNING,
        /** The schedule ended and every request finished. */
        COMPLETED,
        /** The schedule ended but requests were still in flight at the drain deadline: cancel them. */
        DRAIN_EXPIRED
    }

    /**
     * A step's decision.
     *
     * @param state whether the run goes on
     * @param send requests to send now, in order (they hold their slots already)
     * @param wakeAt when nothing is sent: the instant to step again at the latest ({@link #NEVER}: only
     *     when a request ends or the run is stopped)
     */
    public record Decision(RunState state, List<DueRequest> send, long wakeAt) {}

    /**
     * @param workload the run's workload (windows, request count)
     * @param pattern where requests come from
     * @param drainTimeout how long in-flight requests may finish after the schedule ends
     * @param waitedForSlot told the window of each request that came due with every slot taken
     */
    public Dispatcher(Workload workload, LoadPattern pattern, Duration drainTimeout, Consumer<Window> waitedForSlot) {
        this(workload, pattern, drainTimeout, waitedForSlot, null, MAX_WAITING, SlotUnit.REQUESTS);
    }

    /**
     * @param workload the run's workload (windows, request count)
     * @param pattern where starts come from
     * @param drainTimeout how long in-flight requests may finish after the schedule ends
     * @param waitedForSlot told the window of each request that came due with every slot taken
     * @param slotUnit what the cap counts
     */
    public Dispatcher(Workload workload, LoadPattern pattern, Duration drainTimeout, Consumer<Window> waitedForSlot,
                      SlotUnit slotUnit) {
        this(workload, pattern, drainTimeout, waitedForSlot, null, MAX_WAITING, slotUnit);
    }

    /**
     * @param workload the run's workload (windows, request count)
     * @param pattern where starts come from
     * @param drainTimeout how long in-flight requests may finish after the schedule ends
     * @param waitedForSlot told the window of each request that came due with every slot taken
     * @param backoff pauses closed-loop users after connection failures, or null for none
     * @param maxWaiting the most requests waiting for a slot (at least 1)
     * @param slotUnit what the cap counts
     */
    public Dispatcher(Workload workload, LoadPattern pattern, Duration drainTimeout, Consumer<Window> waitedForSlot,
                      ConnectionBackoff backoff, int maxWaiting, SlotUnit slotUnit) {
        if (maxWaiting < 1) throw new IllegalArgumentException("maxWaiting must be > 0, got " + maxWaiting);
        this.backoff = backoff;
        this.maxWaiting = maxWaiting;
        this.slotUnit = slotUnit;
        this.workload = workload;
        this.pattern = pattern;
        this.lengthNanos = workload.length().map(Duration::toNanos).orElse(NEVER);
        this.maxRequests = workload.maxRequests();
        this.drainTimeoutNanos = drainTimeout.toNanos();
        this.cap = pattern.maxInFlight();
        this.waitedForSlot = waitedForSlot;
    }

    /** The decision at {@code now} (nanoseconds from the run start). */
    public Decision step(long now) {
        if (stopped) return new Decision(RunState.COMPLETED, List.of(), NEVER);
        if (!exhausted && startsOver()) exhaust();
        // No periodic polling: the next step is due at the next instant something can happen without a
        // request ending (an arrival, a user joining, a session's next turn, the window closing, the
        // drain deadline); a request ending, a session resuming or a stop wakes the engine by itself.
        long wakeAt = exhausted || now >= lengthNanos ? NEVER : pattern.admit(now);
        List<DueRequest> send = new ArrayList<>();
        while (!exhausted) {
            long start = pattern.nextAt();
            // No start ready: when that is because the waiting starts fill the feed, arrivals still come due.
            boolean blocked = start == NEVER && (start = pattern.blockedAt()) != NEVER;
            long turn = followUps.isEmpty() ? NEVER : followUps.peek().at();
            if (Math.min(start, turn) > now) break;
            boolean isTurn = turn <= start; // a session's turn goes before a start due at the same instant
            long at = isTurn ? turn : start;
            // An offer inside the window is sent even when picked up late (after the window closed):
            // dropping it would hide exactly the lateness the run reports.
            if (at >= lengthNanos || (maxRequests > 0 && nextIndex >= maxRequests)) {
                if (!isTurn && !blocked) pattern.retire(pattern.poll().user());
                exhaust();
                break;
            }
            Window window = workload.windowAt(at);
            if (isTurn) {
                FollowUp f = followUps.poll();
                DueRequest d = new DueRequest(nextIndex++, f.at(), now, f.user(), window, f.session());
                if (slotUnit == SlotUnit.SESSIONS) {
                    inFlight++; // the session holds its slot already
                    send.add(d);
                } else {
                    if (slots + ready.size() >= cap) waitedForSlot.accept(window);
                    ready.addLast(d);
                }
            } else if (blocked) {
                countNotSent(window); // the line holds every start the client can hold: it cannot keep up
                pattern.dropBlocked();
                continue;
            } else if (slots + ready.size() >= cap && ready.size() >= maxWaiting) {
                countNotSent(window); // the line is full: the client cannot keep up with the schedule
                pattern.retire(pattern.poll().user());
                continue;
            } else {
                LoadPattern.Offer offer = pattern.poll();
                if (offer.opensSession()) openSessions++;
                if (slots + ready.size() >= cap) waitedForSlot.accept(window);
                ready.addLast(new DueRequest(nextIndex++, offer.at(), now, offer.user(), window));
            }
            if ((maxRequests > 0 && nextIndex >= maxRequests) || startsOver()) exhaust();
        }
        if (!exhausted && now >= lengthNanos) exhaust();
        while (!ready.isEmpty() && slots < cap) {
            slots++;
            inFlight++;
            send.add(ready.pollFirst());
        }
        if (!send.isEmpty()) return new Decision(RunState.RUNNING, send, now);
        if (exhausted && ready.isEmpty() && inFlight == 0) return new Decision(RunState.COMPLETED, List.of(), NEVER);
        if (exhausted && drainDeadline == NEVER) drainDeadline = now + drainTimeoutNanos;
        if (now >= drainDeadline) {
            scheduleEnd = now;
            return new Decision(RunState.DRAIN_EXPIRED, List.of(), NEVER);
        }
        if (!exhausted) {
            // with the line full, arrivals are counted at the next step (a request ending wakes it)
            if (ready.size() < maxWaiting) wakeAt = Math.min(wakeAt, pattern.nextAt());
            if (!followUps.isEmpty()) wakeAt = Math.min(wakeAt, followUps.peek().at());
            wakeAt = Math.min(wakeAt, lengthNanos);
        }
        wakeAt = Math.min(wakeAt, drainDeadline);
        return new Decision(RunState.RUNNING, List.of(), Math.max(wakeAt, now + 1));
    }

    private void countNotSent(Window window) {
        notSent++;
        if (window == Window.MEASURED) notSentMeasured++;
    }

    /** Whether nothing more can be sent before the window closes: no start can come and no session is open. */
    private boolean startsOver() {
        return openSessions == 0 && followUps.isEmpty() && pattern.offersNothingBefore(lengthNanos);
    }

    private void exhaust() {
        exhausted = true;
        pattern.end();
        // Sessions waiting for their next turn are cut: their turns are not sent.
        for (FollowUp f : followUps) closeSession(f.user());
        followUps.clear();
    }

    /** An open session ends without another turn: its slot (sessions) frees, its user retires (the schedule is over). */
    private void closeSession(int user) {
        openSessions--;
        if (slotUnit == SlotUnit.SESSIONS) slots--;
        pattern.retire(user);
    }

    /**
     * A request reached its terminal event at {@code now} and no turn of its own follows (an
     * independent request): its slot frees, its user (if any) goes on or retires.
     */
    void finished(int user, long now) {
        finished(user, now, false, null, null);
    }

    /**
     * A request reached its terminal event at {@code now} and no turn follows it: its slot frees, its
     * user (if any) goes on or retires.
     *
     * @param user its closed-loop user, or -1
     * @param now the instant
     * @param closesSession whether it ends a session its start's offer opened (its last turn, or a
     *     turn whose failure ends the session)
     */
    public void finished(int user, long now, boolean closesSession) {
        finished(user, now, closesSession, null, null);
    }

    /** An independent request reached its terminal event at {@code now}, ending so (see the full form). */
    void finished(int user, long now, Outcome outcome, ErrorKind kind) {
        finished(user, now, false, outcome, kind);
    }

    /**
     * A request reached its terminal event at {@code now}, ending so, and no turn follows it: its slot
     * frees, its user (if any) goes on, after a pause when its connection failed
     * ({@link ConnectionBackoff}), or retires.
     *
     * @param user the closed-loop user, or -1
     * @param now the instant, nanoseconds from the run start
     * @param closesSession whether it ends a session its start's offer opened
     * @param outcome how it ended (null: unknown, no pause)
     * @param kind its error, or null
     */
    public void finished(int user, long now, boolean closesSession, Outcome outcome, ErrorKind kind) {
        inFlight--;
        slots--;
        if (closesSession) openSessions--;
        if (exhausted) {
            pattern.retire(user);
        } else {
            pattern.returned(user, now, backoff == null ? 0 : backoff.pauseNanos(user, outcome, kind));
        }
    }

    /**
     * A turn of an open session reached its terminal event at {@code now} and its next turn is being
     * prepared: the request's slot frees (with {@link SlotUnit#SESSIONS} the session keeps its own).
     * Follow with {@link #resume} or {@link #ended}.
     */
    public void paused(long now) {
        inFlight--;
        if (slotUnit == SlotUnit.REQUESTS) slots--;
        paused++;
    }

    /**
     * A paused session's next turn is ready and due at {@code at} (nanoseconds from the run start).
     *
     * @param user the closed-loop user running the session, or -1
     * @param session the engine's key of the session, given back in the turn's {@link DueRequest}
     * @param at the instant the turn is due
     * @return false when the schedule is over: the turn will not be sent and the session has ended
     */
    public boolean resume(int user, long session, long at) {
        paused--;
        if (exhausted) {
            closeSession(user);
            return false;
        }
        followUps.add(new FollowUp(at, user, session, followUpSeq++));
        return true;
    }

    /** A paused session ends at {@code now} without another turn (its next turn cannot be sent). */
    public void ended(int user, long now) {
        paused--;
        openSessions--;
        if (slotUnit == SlotUnit.SESSIONS) slots--;
        if (exhausted) {
            pattern.retire(user);
        } else {
            pattern.returned(user, now);
        }
    }

    /**
     * Stops the schedule at {@code now}: nothing more is offered, and the requests waiting for a slot
     * are handed back (each keeps a slot until the caller finishes it, cancelled).
     */
    public List<DueRequest> stop(long now) {
        stopped = true;
        scheduleEnd = now;
        exhaust();
        List<DueRequest> unsent = new ArrayList<>(ready);
        ready.clear();
        inFlight += unsent.size();
        slots += unsent.size();
        return unsent;
    }

    /** Requests scheduled so far (their instant has come). */
    public long scheduled() {
        return nextIndex;
    }

    /** The concurrency cap: the most requests (or sessions) holding a slot at once. */
    public int cap() {
        return cap;
    }

    /** Requests sent and not yet ended. */
    public int inFlight() {
        return inFlight;
    }

    /**
     * Arrivals not sent because the line of requests waiting for a slot was full: the client could not
     * keep up. They have no index and no line in the request log.
     */
    public long notSent() {
        return notSent;
    }

    /** The arrivals of {@link #notSent()} that were due inside the measured window (warm-up and cool-down left out). */
    public long notSentMeasured() {
        return notSentMeasured;
    }

    /** Whether the schedule is over (window closed, request count reached, starts ran out, or stopped): nothing new is sent. */
    public boolean scheduleOver() {
        return exhausted;
    }

    /** Sessions open now (paused ones included). */
    int openSessions() {
        return openSessions;
    }

    /** Sessions paused between a turn's end and their next turn's resumption. */
    public int pausedSessions() {
        return paused;
    }

    /** Requests due and waiting for a concurrency slot. */
    public int waitingForSlot() {
        return ready.size();
    }

    /** Where a stopped or drain-expired schedule ended (offset from the run start), or {@link #NEVER} when it ran to its end. */
    public long scheduleEnd() {
        return scheduleEnd;
    }
}
