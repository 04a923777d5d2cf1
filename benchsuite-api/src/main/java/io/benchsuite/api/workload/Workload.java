package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.time.Duration;
import java.util.Optional;

/**
 * What load to send: an immutable value built with {@link #open()} or {@link #closed(int)}.
 *
 * <pre>{@code
 * Workload w = Workload.open()
 *     .rate(RateProfile.ramp(2, 20, Duration.ofMinutes(2)))
 *     .arrival(Arrival.poisson())
 *     .maxConcurrency(64)
 *     .inputTokens(LengthDistribution.logNormal(550, 0.6, 16, 4096))
 *     .outputTokens(LengthDistribution.fixed(128))
 *     .duration(Duration.ofMinutes(3))
 *     .warmup(Duration.ofSeconds(10))
 *     .build();
 * }</pre>
 *
 * <p>Requests come from a {@link WorkloadSource}: by default the synthetic source of
 * {@code inputTokens}/{@code outputTokens} (exact-length synthetic prompts, the same for the same
 * seed); {@link Builder#source} sends a dataset or replays a trace instead. A source that brings its
 * own timing (a trace) replaces an open loop's arrival process and rate, so requests are sent at the
 * trace's offsets (the concurrency cap still applies); closed-loop users pace any source's plans.
 * A finite source ends the run when it runs out.
 *
 * @param name scenario name; it selects the scenario seed, so renaming a scenario changes its prompts
 * @param load open or closed load model
 * @param inputTokens prompt length in tokens
 * @param outputTokens output length in tokens (sent as {@code max_tokens}, with {@code ignore_eos} where supported)
 * @param duration how long to schedule requests; {@code null} when the run is bounded only by {@code maxRequests} or the profile's own length
 * @param maxRequests stop after scheduling this many requests; 0 for no limit
 * @param warmup leading window whose requests are logged but excluded from statistics
 * @param cooldown trailing window whose requests are logged but excluded from statistics
 * @param stream whether to ask the backend to stream tokens
 * @param source where requests come from; empty for the synthetic source of {@code inputTokens}/{@code outputTokens}
 */
public record Workload(String name, LoadModel load, LengthDistribution inputTokens, LengthDistribution outputTokens,
                       Duration duration, long maxRequests, Duration warmup, Duration cooldown, boolean stream,
                       Optional<WorkloadSource> source) {

    /**

     * Validates the combination: the run must end, and warm-up plus cool-down must be shorter than it.

     *

     * @param name scenario name; it selects the scenario seed, so renaming a scenario changes its prompts

     * @param load open or closed load model

     * @param inputTokens prompt length in tokens

     * @param outputTokens output length in tokens (sent as {@code max_tokens}, with {@code ignore_eos} where supported)

     * @param duration how long to schedule requests; {@code null} when the run is bounded only by {@code maxRequests} or the profile's own length

     * @param maxRequests stop after scheduling this many requests; 0 for no limit

     * @param warmup leading window whose requests are logged but excluded from statistics

     * @param cooldown trailing window whose requests are logged but excluded from statistics

     * @param stream whether to ask the backend to stream tokens
     * @param source where requests come from; empty for the synthetic source

     */
    public Workload {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
        notNull(load, "load");
        notNull(inputTokens, "inputTokens");
        notNull(outputTokens, "outputTokens");
        notNegative(warmup, "warmup");
        notNegative(cooldown, "cooldown");
        if (maxRequests < 0) throw new IllegalArgumentException("maxRequests must be >= 0, got " + maxRequests);
        if (duration != null) positive(duration, "duration");
        notNull(source, "source");
        Optional<Duration> length = effectiveLength(duration, load);
        if (length.isEmpty() && maxRequests == 0 && source.map(WorkloadSource::endless).orElse(true)) {
            throw new IllegalArgumentException("the run has no end: set duration or maxRequests (or use a steps profile, "
                    + "which ends by itself, or a finite source such as a dataset or trace)");
        }
        if (length.isPresent() && warmup.plus(cooldown).compareTo(length.get()) >= 0) {
            throw new IllegalArgumentException("warmup + cooldown (" + Durations.format(warmup.plus(cooldown))
                    + ") must be shorter than the duration (" + Durations.format(length.get()) + ")");
        }
        if (length.isEmpty() && !cooldown.isZero()) {
            throw new IllegalArgumentException("cooldown needs a duration: a run bounded only by maxRequests has no known end");
        }
    }

    /**
     * A workload of the synthetic source (no {@code source}).
     *
     * @param name scenario name
     * @param load open or closed load model
     * @param inputTokens prompt length in tokens
     * @param outputTokens output length in tokens
     * @param duration how long to schedule requests, or {@code null}
     * @param maxRequests stop after scheduling this many requests; 0 for no limit
     * @param warmup leading window excluded from statistics
     * @param cooldown trailing window excluded from statistics
     * @param stream whether to ask the backend to stream tokens
     */
    public Workload(String name, LoadModel load, LengthDistribution inputTokens, LengthDistribution outputTokens,
                    Duration duration, long maxRequests, Duration warmup, Duration cooldown, boolean stream) {
        this(name, load, inputTokens, outputTokens, duration, maxRequests, warmup, cooldown, stream, Optional.empty());
    }

    /**
     * Whether the source's own offsets pace the requests: an open loop with a source that brings its own
     * timing (a replayed trace). The arrival process and rate are then not used.
     *
     * @return whether requests are sent at the source's offsets
     */
    public boolean paceBySource() {
        return load instanceof LoadModel.OpenLoop && source.map(WorkloadSource::bringsOwnTiming).orElse(false);
    }

    /**
     * The requested arrival rate over {@code [fromNanos, toNanos)}, requests per second: the load
     * model's ({@link LoadModel#targetRate}), or {@code NaN} when the source's own offsets pace the
     * requests (a replayed trace requests no rate of its own).
     *
     * @param fromNanos interval start, nanoseconds from the run start
     * @param toNanos interval end (exclusive)
     * @return the target rate, or {@code NaN}
     */
    public double targetRate(long fromNanos, long toNanos) {
        return paceBySource() ? Double.NaN : load.targetRate(fromNanos, toNanos);
    }

    /**
     * The scheduling window: {@code duration}, else the profile's own length; empty when only {@code maxRequests} bounds the run.
     *
     * @return the scheduling window: {@code duration}, else the profile's own length; empty when only {@code maxRequests} bounds the run
     */
    public Optional<Duration> length() {
        return effectiveLength(duration, load);
    }

    /**
     * The window of a request scheduled at {@code offsetNanos} from the run start.
     *
     * @param offsetNanos the offset from the run start in nanoseconds
     * @return the window of a request scheduled at {@code offsetNanos} from the run start
     */
    public Window windowAt(long offsetNanos) {
        if (offsetNanos < warmup.toNanos()) return Window.WARM_UP;
        Optional<Duration> length = length();
        if (length.isPresent() && offsetNanos >= length.get().toNanos() - cooldown.toNanos()) return Window.COOL_DOWN;
        return Window.MEASURED;
    }

    /**
     * This workload with another load model; every other component, the source included, is kept.
     *
     * @param newLoad the load model
     * @return the changed workload
     */
    public Workload withLoad(LoadModel newLoad) {
        return new Workload(name, newLoad, inputTokens, outputTokens, duration, maxRequests, warmup, cooldown, stream, source);
    }

    /**
     * This workload with another prompt length (used by the synthetic source); every other component is kept.
     *
     * @param lengths the prompt length in tokens
     * @return the changed workload
     */
    public Workload withInputTokens(LengthDistribution lengths) {
        return new Workload(name, load, lengths, outputTokens, duration, maxRequests, warmup, cooldown, stream, source);
    }

    /**
     * This workload with another output length; every other component is kept.
     *
     * @param lengths the output length in tokens
     * @return the changed workload
     */
    public Workload withOutputTokens(LengthDistribution lengths) {
        return new Workload(name, load, inputTokens, lengths, duration, maxRequests, warmup, cooldown, stream, source);
    }

    /**
     * This workload with another scheduling window; every other component is kept.
     *
     * @param newDuration how long to schedule requests, or {@code null}
     * @return the changed workload
     */
    public Workload withDuration(Duration newDuration) {
        return new Workload(name, load, inputTokens, outputTokens, newDuration, maxRequests, warmup, cooldown, stream, source);
    }

    /**
     * This workload with another request count; every other component is kept.
     *
     * @param count stop after scheduling this many requests; 0 for no limit
     * @return the changed workload
     */
    public Workload withMaxRequests(long count) {
        return new Workload(name, load, inputTokens, outputTokens, duration, count, warmup, cooldown, stream, source);
    }

    /**
     * This workload with another source; every other component is kept.
     *
     * @param newSource where requests come from; empty for the synthetic source
     * @return the changed workload
     */
    public Workload withSource(Optional<WorkloadSource> newSource) {
        return new Workload(name, load, inputTokens, outputTokens, duration, maxRequests, warmup, cooldown, stream, newSource);
    }

    private static Optional<Duration> effectiveLength(Duration duration, LoadModel load) {
        if (duration != null) return Optional.of(duration);
        return load.profile().naturalLength();
    }

    /**
     * An open-loop workload builder (requests on a schedule). Defaults: 1 req/s steady, Poisson, max concurrency 64.
     *
     * @return an open-loop workload builder (requests on a schedule)
     */
    public static OpenBuilder open() {
        return new OpenBuilder();
    }

    /**
     * A closed-loop workload builder with a fixed number of users.
     *
     * @param users the number of concurrent users
     * @return a closed-loop workload builder with a fixed number of users
     */
    public static ClosedBuilder closed(int users) {
        return new ClosedBuilder().users(users);
    }

    /** Options shared by both builders. */
    @SuppressWarnings("unchecked")
    public abstract static sealed class Builder<B extends Builder<B>> permits OpenBuilder, ClosedBuilder {
        String name = "default";
        LengthDistribution inputTokens = LengthDistribution.fixed(256);
        LengthDistribution outputTokens = LengthDistribution.fixed(128);
        Duration duration;
        long maxRequests;
        Duration warmup = Duration.ZERO;
        Duration cooldown = Duration.ZERO;
        boolean stream = true;
        WorkloadSource source;

        Builder() {}

        /**
         * Scenario name (selects the scenario seed).
         *
         * @param name the workload's name, recorded in reports
         * @return scenario name (selects the scenario seed)
         */
        public B name(String name) {
            this.name = notNull(name, "name");
            return (B) this;
        }

        /**
         * Prompt length distribution in tokens.
         *
         * @param d the prompt length distribution
         * @return prompt length distribution in tokens
         */
        public B inputTokens(LengthDistribution d) {
            this.inputTokens = notNull(d, "inputTokens");
            return (B) this;
        }

        /**
         * Output length distribution in tokens.
         *
         * @param d the output length distribution
         * @return output length distribution in tokens
         */
        public B outputTokens(LengthDistribution d) {
            this.outputTokens = notNull(d, "outputTokens");
            return (B) this;
        }

        /**
         * How long to schedule requests.
         *
         * @param d how long the schedule runs
         * @return how long to schedule requests
         */
        public B duration(Duration d) {
            this.duration = positive(d, "duration");
            return (B) this;
        }

        /**
         * Stop after this many requests (warm-up ones included).
         *
         * @param n the most requests to send, warm-up included
         * @return stop after this many requests (warm-up ones included)
         */
        public B maxRequests(long n) {
            this.maxRequests = positive(n, "maxRequests");
            return (B) this;
        }

        /**
         * Leading window excluded from statistics.
         *
         * @param d the leading window excluded from the statistics
         * @return leading window excluded from statistics
         */
        public B warmup(Duration d) {
            this.warmup = notNegative(d, "warmup");
            return (B) this;
        }

        /**
         * Trailing window excluded from statistics.
         *
         * @param d the trailing window excluded from the statistics
         * @return trailing window excluded from statistics
         */
        public B cooldown(Duration d) {
            this.cooldown = notNegative(d, "cooldown");
            return (B) this;
        }

        /**
         * Whether to stream tokens (default true).
         *
         * @param stream whether to stream
         * @return whether to stream tokens (default true)
         */
        public B stream(boolean stream) {
            this.stream = stream;
            return (B) this;
        }

        /**
         * Where requests come from (default: synthetic prompts of {@code inputTokens}/{@code outputTokens}).
         * A source with its own timing replaces an open loop's arrivals; a finite one ends the run when
         * it runs out.
         *
         * @param source the workload source
         * @return this builder
         */
        public B source(WorkloadSource source) {
            this.source = notNull(source, "source");
            return (B) this;
        }

        abstract LoadModel load();

        /**
         * Validates and builds; a bad combination fails naming the argument.
         *
         * @return validates and builds; a bad combination fails naming the argument
         */
        public Workload build() {
            return new Workload(name, load(), inputTokens, outputTokens, duration, maxRequests, warmup, cooldown, stream,
                    Optional.ofNullable(source));
        }
    }

    /** Builder for open-loop workloads. */
    public static final class OpenBuilder extends Builder<OpenBuilder> {
        private Arrival arrival = Arrival.poisson();
        private RateProfile rate = RateProfile.steady(1);
        private int maxConcurrency = 64;

        OpenBuilder() {}

        /**
         * Steady rate in requests per second.
         *
         * @param requestsPerSecond the rate in requests per second
         * @return steady rate in requests per second
         */
        public OpenBuilder rate(double requestsPerSecond) {
            this.rate = RateProfile.steady(requestsPerSecond);
            return this;
        }

        /**
         * Rate over time in requests per second.
         *
         * @param profile the rate profile
         * @return rate over time in requests per second
         */
        public OpenBuilder rate(RateProfile profile) {
            this.rate = notNull(profile, "rate");
            return this;
        }

        /**
         * Spacing of requests (default Poisson).
         *
         * @param arrival the arrival process
         * @return spacing of requests (default Poisson)
         */
        public OpenBuilder arrival(Arrival arrival) {
            this.arrival = notNull(arrival, "arrival");
            return this;
        }

        /**
         * In-flight cap (default 64).
         *
         * @param max the most requests in flight at once
         * @return in-flight cap (default 64)
         */
        public OpenBuilder maxConcurrency(int max) {
            this.maxConcurrency = positive(max, "maxConcurrency");
            return this;
        }

        @Override
        LoadModel load() {
            return new LoadModel.OpenLoop(arrival, rate, maxConcurrency);
        }
    }

    /** Builder for closed-loop workloads. */
    public static final class ClosedBuilder extends Builder<ClosedBuilder> {
        private RateProfile users = RateProfile.steady(1);
        private Duration thinkTime = Duration.ZERO;

        ClosedBuilder() {}

        /**
         * A fixed number of users.
         *
         * @param users the number of concurrent users
         * @return a fixed number of users
         */
        public ClosedBuilder users(int users) {
            this.users = RateProfile.steady(positive(users, "users"));
            return this;
        }

        /**
         * Users over time (ramp or steps of concurrency).
         *
         * @param profile the rate profile
         * @return users over time (ramp or steps of concurrency)
         */
        public ClosedBuilder users(RateProfile profile) {
            this.users = notNull(profile, "users");
            return this;
        }

        /**
         * Pause between a user's response and its next request.
         *
         * @param d the pause between a response and the user's next request
         * @return pause between a user's response and its next request
         */
        public ClosedBuilder thinkTime(Duration d) {
            this.thinkTime = notNegative(d, "thinkTime");
            return this;
        }

        @Override
        LoadModel load() {
            return new LoadModel.ClosedLoop(users, thinkTime);
        }
    }
}
