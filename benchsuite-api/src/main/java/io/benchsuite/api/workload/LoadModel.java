package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import java.time.Duration;
import java.util.Locale;

/**
 * Open or closed load. They are different types so that an arrival rate cannot be mixed with a
 * number of users by accident.
 */
public sealed interface LoadModel {

    /**
     * The level over time: requests per second for open loop, users for closed loop.
     *
     * @return the profile that drives the load
     */
    RateProfile profile();

    /**
     * The most requests this load can have in flight at once: the open loop's cap, or the closed
     * loop's peak number of users (at least 1). Backends size their connection pools with it.
     *
     * @return the concurrency limit
     */
    int concurrencyLimit();

    /**
     * The mean requested arrival rate over {@code [fromNanos, toNanos)}, requests per second; {@code NaN}
     * for closed loop (users send when their last request ends, so no rate is requested) and for an
     * empty interval.
     *
     * @param fromNanos interval start, nanoseconds from the run start
     * @param toNanos interval end (exclusive), nanoseconds from the run start
     * @return the target rate, or {@code NaN}
     */
    double targetRate(long fromNanos, long toNanos);

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
         * The highest rate a run may ask for, requests per second: one request per microsecond. No
         * single client sends, times and records more: each request costs it microseconds of work and
         * about half a kilobyte of {@code requests.jsonl}, so a higher rate only measures the client.
         */
        public static final double MAX_RATE = 1_000_000;

        /**
         * Checks the components; a bad one fails naming it.
         *
         * @param arrival spacing of the requests
         * @param rate requests per second over time, at most {@link #MAX_RATE}
         * @param maxConcurrency at most this many requests in flight; later ones wait for a slot and the wait is recorded
         */
        public OpenLoop {
            notNull(arrival, "arrival");
            notNull(rate, "rate");
            positive(maxConcurrency, "maxConcurrency");
            if (rate.max() > MAX_RATE) throw new IllegalArgumentException(tooFast(rate.max()));
        }

        /**
         * Why a rate above {@link #MAX_RATE} is refused, in the user's terms.
         *
         * @param requestsPerSecond the rate asked for
         * @return the message
         */
        public static String tooFast(double requestsPerSecond) {
            return "a rate of " + String.format(Locale.ROOT, "%,.0f", requestsPerSecond) + " req/s is more than "
                    + "any client can send: at most " + String.format(Locale.ROOT, "%,.0f", MAX_RATE)
                    + " req/s (one request per microsecond; each costs the client microseconds of work and about half "
                    + "a kilobyte of requests.jsonl, so a faster schedule would measure the client, not the server)";
        }

        /**
         * The arrival rate.
         *
         * @return {@link #rate()}
         */
        @Override
        public RateProfile profile() {
            return rate;
        }

        /**
         * The cap on requests in flight.
         *
         * @return {@link #maxConcurrency()}
         */
        @Override
        public int concurrencyLimit() {
            return maxConcurrency;
        }

        /**
         * The rate profile's mean level over the interval.
         *
         * @param fromNanos interval start, nanoseconds from the run start
         * @param toNanos interval end (exclusive), nanoseconds from the run start
         * @return requests per second, or {@code NaN} for an empty interval
         */
        @Override
        public double targetRate(long fromNanos, long toNanos) {
            return rate.meanLevel(fromNanos, toNanos);
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

        /**
         * The number of users over time.
         *
         * @return {@link #users()}
         */
        @Override
        public RateProfile profile() {
            return users;
        }

        /**
         * The peak number of users (fractions rounded down, at least 1).
         *
         * @return the most users the profile reaches
         */
        @Override
        public int concurrencyLimit() {
            return Math.max(1, (int) Math.floor(users.max() + 1e-9));
        }

        /**
         * Closed loop requests no rate.
         *
         * @param fromNanos ignored
         * @param toNanos ignored
         * @return {@code NaN}
         */
        @Override
        public double targetRate(long fromNanos, long toNanos) {
            return Double.NaN;
        }
    }
}
