package io.benchsuite.core.internal.dispatch;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.workload.Phase;
import io.benchsuite.api.workload.Workload;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Decides, at a given instant, which requests to send and when to look again. It holds no thread,
 * reads no clock and never waits: the engine calls {@link #step(long)} with the current offset from
 * the run start, sends what it returns, and waits (on its pacer) until the step's {@code wakeAt} or
 * until a request ends. So the same logic runs in real time or, in a test or a simulation, on any
 * clock, and every instant it stamps is exact.
 *
 * <p>Requests come from the run's {@link LoadPattern}. A request whose instant has come gets the
 * next index, its phase, and the instant the dispatcher took it up (its dispatch lag is the
 * difference); it is sent at once if a concurrency slot is free, otherwise it waits in a FIFO (the
 * wait is recorded, and latency still counts from the scheduled instant: no coordinated omission).
 * A slot is taken before sending and returned only at the request's terminal event, so the
 * in-flight count never exceeds the cap. The schedule ends at the window's length, at the request
 * count, or on stop; in-flight requests then get the drain timeout to finish.
 *
 * <p>The line of requests waiting for a slot is bounded ({@link #MAX_WAITING}): an open-loop arrival
 * that finds it full is not sent and gets no index, and is counted ({@link #notSent()}: the client
 * could not keep up), never silently dropped. So a rate the server cannot follow costs memory in
 * proportion to the bound, not to the rate. While the line is full the dispatcher does not wake
 * for each arrival; it counts the arrivals that came meanwhile at its next step.
 *
 * <p>Closed-loop users pause after connection failures ({@link ConnectionBackoff}).
 *
 * <p>Not thread-safe: the engine calls it under one lock.
 */
public final class Dispatcher {
    /** An instant that never comes. */
    public static final long NEVER = LoadPattern.NEVER;

    /**
     * The most requests waiting for a concurrency slot: about 5 MB of bookkeeping. A server that
     * falls this far behind the schedule is not measured better by queueing more.
     */
    public static final int MAX_WAITING = 100_000;

    private final Workload workload;
    private final LoadPattern pattern;
    private final long lengthNanos;
    private final long maxRequests;
    private final long drainTimeoutNanos;
    private final int cap;
    private final Consumer<Phase> waitedForSlot;
    private final ConnectionBackoff backoff;
    private final int maxWaiting;
    private final ArrayDeque<DueRequest> ready = new ArrayDeque<>();

    private int inFlight;
    private long nextIndex;
    private long notSent;
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
     * @param phase warm-up, measured or cool-down (by scheduled instant)
     */
    public record DueRequest(long index, long scheduled, long dispatched, int user, Phase phase) {}

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
     * @param workload the run's workload (window, request count, phases)
     * @param pattern where requests come from
     * @param drainTimeout how long in-flight requests may finish after the schedule ends
     * @param waitedForSlot told the phase of each request that came due with every slot taken
     */
    public Dispatcher(Workload workload, LoadPattern pattern, Duration drainTimeout, Consumer<Phase> waitedForSlot) {
        this(workload, pattern, drainTimeout, waitedForSlot, null, MAX_WAITING);
    }

    /**
     * @param workload the run's workload (window, request count, phases)
     * @param pattern where requests come from
     * @param drainTimeout how long in-flight requests may finish after the schedule ends
     * @param waitedForSlot told the phase of each request that came due with every slot taken
     * @param backoff pauses closed-loop users after connection failures, or null for none
     * @param maxWaiting the most requests waiting for a slot (at least 1)
     */
    public Dispatcher(Workload workload, LoadPattern pattern, Duration drainTimeout, Consumer<Phase> waitedForSlot,
                      ConnectionBackoff backoff, int maxWaiting) {
        if (maxWaiting < 1) throw new IllegalArgumentException("maxWaiting must be > 0, got " + maxWaiting);
        this.backoff = backoff;
        this.maxWaiting = maxWaiting;
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
        if (!exhausted && pattern.offersNothingBefore(lengthNanos)) exhaust();
        // No periodic polling: the next step is due at the next instant something can happen without a
        // request ending (an arrival, a user joining, the window closing, the drain deadline); a
        // request ending or a stop wakes the engine by itself.
        long wakeAt = exhausted || now >= lengthNanos ? NEVER : pattern.admit(now);
        while (!exhausted && pattern.nextAt() <= now) {
            LoadPattern.Offer offer = pattern.poll();
            // An offer inside the window is sent even when picked up late (after the window closed):
            // dropping it would hide exactly the lateness the run reports.
            if (offer.at() >= lengthNanos || (maxRequests > 0 && nextIndex >= maxRequests)) {
                pattern.retire(offer.user());
                exhaust();
                break;
            }
            if (inFlight + ready.size() >= cap && ready.size() >= maxWaiting) {
                notSent++; // the line is full: the client cannot keep up with the schedule
                pattern.retire(offer.user());
                continue;
            }
            Phase phase = workload.phaseAt(offer.at());
            if (inFlight + ready.size() >= cap) waitedForSlot.accept(phase);
            ready.addLast(new DueRequest(nextIndex++, offer.at(), now, offer.user(), phase));
            if ((maxRequests > 0 && nextIndex >= maxRequests) || pattern.offersNothingBefore(lengthNanos)) exhaust();
        }
        if (!exhausted && now >= lengthNanos) exhaust();
        List<DueRequest> send = new ArrayList<>();
        while (!ready.isEmpty() && inFlight < cap) {
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
            wakeAt = Math.min(wakeAt, lengthNanos);
        }
        wakeAt = Math.min(wakeAt, drainDeadline);
        return new Decision(RunState.RUNNING, List.of(), Math.max(wakeAt, now + 1));
    }

    private void exhaust() {
        exhausted = true;
        pattern.end();
    }

    /** A request reached its terminal event at {@code now}: its slot frees, its user (if any) goes on or retires. */
    public void finished(int user, long now) {
        finished(user, now, null, null);
    }

    /**
     * A request reached its terminal event at {@code now}, ending so: its slot frees, its user (if
     * any) goes on, after a pause when its connection failed ({@link ConnectionBackoff}), or retires.
     *
     * @param user the closed-loop user, or -1
     * @param now the instant, nanoseconds from the run start
     * @param outcome how it ended (null: unknown, no pause)
     * @param kind its error, or null
     */
    public void finished(int user, long now, Outcome outcome, ErrorKind kind) {
        inFlight--;
        if (exhausted) {
            pattern.retire(user);
        } else {
            pattern.returned(user, now, backoff == null ? 0 : backoff.pauseNanos(user, outcome, kind));
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
        return unsent;
    }

    /** Requests scheduled so far (their instant has come). */
    public long scheduled() {
        return nextIndex;
    }

    /** Requests sent and not yet ended. */
    public int inFlight() {
        return inFlight;
    }

    /**
     * Arrivals not sent because {@link #MAX_WAITING} requests were already waiting for a slot: the
     * client could not keep up. They have no index and no line in the request log.
     */
    public long notSent() {
        return notSent;
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
