package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.SplittableRandom;

/**
 * Requests the client abandons on purpose, as a user closing a tab would: a share of the requests,
 * each aborted at a point drawn from {@link CancelAfter}. The choice is made per request from the
 * scenario seed and the request's index, so the same seed cancels the same requests at the same points.
 * Such requests end {@link io.benchsuite.api.result.Outcome#CANCELLED} with
 * {@link io.benchsuite.api.backend.ErrorKind#CANCELLED_BY_CLIENT}: counted apart, neither a failure
 * nor a latency sample.
 *
 * @param rate the share of requests cancelled, 0 to 1
 * @param after where a cancelled request is aborted
 */
public record Cancellations(double rate, CancelAfter after) {
    /** No request is cancelled on purpose. */
    public static final Cancellations NONE = new Cancellations(0, CancelAfter.tokens(1, 1));

    /**
     * Checks that the rate is a share and the abort range is given.
     *
     * @param rate the share of requests cancelled, 0 to 1
     * @param after where a cancelled request is aborted
     */
    public Cancellations {
        notNull(after, "after");
        if (!(rate >= 0 && rate <= 1)) throw new IllegalArgumentException("cancellation rate must be from 0 to 1, got " + rate);
    }

    /**
     * Whether any request may be cancelled.
     *
     * @return whether the rate is above zero
     */
    public boolean any() {
        return rate > 0;
    }

    /**
     * The abort point of request {@code index}, or null when it is not cancelled.
     *
     * @param seed the run's seed for cancellations
     * @param index the request's position in the run
     * @return where to abort it, or null to let it finish
     */
    public CancelAfter.Point pick(long seed, long index) {
        if (!any()) return null;
        // one stream per request: the choice does not depend on the order requests finish in
        SplittableRandom random = new SplittableRandom(seed ^ (index * 0x9E3779B97F4A7C15L));
        if (random.nextDouble() >= rate) return null;
        return after.draw(random);
    }
}
