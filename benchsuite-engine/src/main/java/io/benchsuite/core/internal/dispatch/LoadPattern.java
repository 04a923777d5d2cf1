package io.benchsuite.core.internal.dispatch;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.core.schedule.ArrivalTimes;
import java.util.random.RandomGenerator;

/**
 * Where a run's requests come from, chosen once per run: a schedule of arrivals independent of the
 * server ({@link OpenLoopArrivals}) or users who send again when their last request ends
 * ({@link ClosedLoopUsers}). The {@link Dispatcher} asks it for offers (a request's instant and
 * user) and tells it when requests end; the window, request count and concurrency cap are the
 * dispatcher's. Not thread-safe: the dispatcher serializes every call.
 */
public interface LoadPattern {
    /** An instant that never comes. */
    long NEVER = Long.MAX_VALUE;

    /**
     * A request the pattern offers.
     *
     * @param at its scheduled instant, nanoseconds from the run start
     * @param user the closed-loop user sending it, or -1 for open loop
     * @param opensSession whether the start opens a session with more turns to come
     */
    record Offer(long at, int user, boolean opensSession) {
        /** An offer of an independent request (or of a pattern that knows nothing of sessions). */
        public Offer(long at, int user) {
            this(at, user, false);
        }
    }

    /** The pattern of a load model; arrivals (open loop) draw their gaps from {@code random}. */
    static LoadPattern of(LoadModel load, RandomGenerator random) {
        return of(load, random, Shard.WHOLE);
    }

    /** The pattern of one shard's load model: a shard's arrivals start where its part of the whole stream does. */
    static LoadPattern of(LoadModel load, RandomGenerator random, Shard shard) {
        // the one place the two load models are told apart
        if (load instanceof LoadModel.OpenLoop open) {
            double first = shard.firstArrivalUnits(open.arrival(), random);
            return new OpenLoopArrivals(new ArrivalTimes(open.arrival(), open.rate(), random, first), open.maxConcurrency());
        }
        LoadModel.ClosedLoop closed = (LoadModel.ClosedLoop) load;
        return new ClosedLoopUsers(closed.users(), closed.thinkTime());
    }

    /**
     * The pattern of a load model whose starts come from {@code feed}: with {@code paceBySource} (an
     * open loop replaying a source's own timing) starts are offered at the feed's instants, otherwise
     * the load model's arrivals or users offer them while the feed has starts ready.
     */
    static LoadPattern of(LoadModel load, RandomGenerator random, Shard shard, StartFeed feed, boolean paceBySource) {
        if (paceBySource) {
            return new SourceArrivals(feed, ((LoadModel.OpenLoop) load).maxConcurrency());
        }
        return new FedPattern(of(load, random, shard), feed);
    }

    /** The most requests in flight at once; further due requests wait for a slot. */
    int maxInFlight();

    /** The instant of the earliest pending offer, or {@link #NEVER} when none is pending now. */
    long nextAt();

    /** Removes and returns the earliest pending offer; call only when {@link #nextAt()} has come. */
    Offer poll();

    /**
     * The instant of the earliest arrival that is due by the schedule but cannot be offered because the
     * client holds as many waiting starts as it can ({@link StartFeed#full()}), or {@link #NEVER}. Such
     * an arrival is not delayed until room frees (that would hide the overload): it is counted as not
     * sent and dropped with {@link #dropBlocked()}.
     *
     * @return the instant of the earliest blocked arrival, or {@link #NEVER}
     */
    default long blockedAt() {
        return NEVER;
    }

    /** Drops the arrival {@link #blockedAt()} described, consuming no start; call only when it has come. */
    default void dropBlocked() {
        throw new IllegalStateException("no blocked arrival to drop");
    }

    /**
     * Brings the pattern up to {@code now} (closed loop: users join while the profile's level rises).
     *
     * @return the next instant it must be called again even if nothing else happens, or {@link #NEVER}
     */
    long admit(long now);

    /** A request of {@code user} ended at {@code now} while the schedule goes on. */
    void returned(int user, long now);

    /**
     * A request of {@code user} ended at {@code now} while the schedule goes on, and the user pauses
     * {@code pauseNanos} more than usual before its next request (after a connection failure). By
     * default the pause is taken as a later return.
     */
    default void returned(int user, long now, long pauseNanos) {
        returned(user, now + pauseNanos);
    }

    /** {@code user} sends no more: the schedule is over, or its offer was refused. */
    void retire(int user);

    /** The schedule is over: pending offers are dropped. */
    void end();

    /** Whether no offer can come before {@code lengthNanos}, whatever happens from now on. */
    boolean offersNothingBefore(long lengthNanos);
}
