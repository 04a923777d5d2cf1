package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import java.time.Duration;

/**
 * Open or closed load. They are different types so that an arrival rate cannot be mixed with a
 * number of users by accident.
 */
public sealed interface LoadModel {

    /**
     * Requests arrive on a schedule independent of the server's speed; latency is measured from
     * each request's scheduled instant.
     *
     * @param arrival spacing of the requests
     * @param rate requests per second over time
     * @param maxConcurrency at most this many requests in flight; later ones wait for a slot and the wait is recorded
     */
    record OpenLoop(Arrival arrival, RateProfile rate, int maxConcurrency) implements LoadModel {
        /**
         * Checks the components; a bad one fails naming it.
         *
         * @param arrival spacing of the requests
         * @param rate requests per second over time
         * @param maxConcurrency at most this many requests in flight; later ones wait for a slot and the wait is recorded
         */
        public OpenLoop {
            notNull(arrival, "arrival");
            notNull(rate, "rate");
            positive(maxConcurrency, "maxConcurrency");
        }
    }

    /**
     * Each virtual user sends its next request when its previous one ends (after {@code thinkTime}).
     *
     * @param users number of users over time (fractions are rounded down)
     * @param thinkTime pause between a user's response and its next request
     */
    record ClosedLoop(RateProfile users, Duration thinkTime) implements LoadModel {
        /**
         * Checks the components; a bad one fails naming it.
         *
         * @param users number of users over time (fractions are rounded down)
         * @param thinkTime pause between a user's response and its next request
         */
        public ClosedLoop {
            notNull(users, "users");
            notNegative(thinkTime, "thinkTime");
        }
    }
}
