package io.benchsuite.cli;

import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.CancelAfter;
import io.benchsuite.api.workload.Cancellations;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.backends.openai.Endpoint;
import io.benchsuite.core.workload.BatchedSource;
import io.benchsuite.core.workload.SyntheticSource;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code benchsuite run}'s load flags: closed or open loop, its level and profile, how long, warm-up and cool-down. */
final class LoadFlags {
    private static final Duration DEFAULT_DURATION = Duration.ofSeconds(20);

    @Option(converter = FlagValues.PositiveInt.class, names = "--max-concurrent", paramLabel = "<n>",
            description = "Closed loop: number of users. Open loop: cap on requests in flight (default: 8; "
                    + RunCommand.DEFAULT_TRACE_CAP + " when a trace is replayed at its own times).")
    Integer maxConcurrent;

    @Option(converter = FlagValues.PositiveDuration.class, names = "--duration", paramLabel = "<duration>",
            description = "How long to schedule requests, e.g. 300 (s), 5m (default: 20s; none when only --num-requests "
                    + "is given, or the length of a steps: profile).")
    Duration duration;

    @Option(converter = FlagValues.PositiveLong.class, names = "--num-requests", paramLabel = "<n>", description = "Stop after this many requests (warm-up included).")
    Long numRequests;

    @Option(converter = FlagValues.PositiveNumber.class, names = "--rate", paramLabel = "<req/s>",
            description = "Open loop at this many requests/s. Absent: closed loop with --max-concurrent users.")
    Double rate;

    @Option(converter = FlagValues.ArrivalValue.class, names = "--arrival", paramLabel = "<arrival>",
            description = "Open loop spacing: poisson, constant or gamma:<burstiness> (1 = Poisson, <1 burstier) (default: poisson).")
    Arrival arrival;

    @Option(names = "--workload-profile", paramLabel = "<profile>",
            description = "steady, steady:10, ramp:1-20/60s, burst:2,20,5s/30s (base,peak,spike/period), "
                    + "steps:1/30s,4/30s. Levels are requests/s with --rate, users without (default: steady).")
    String profile;

    @Option(converter = FlagValues.NonNegativeDuration.class, names = "--warmup", paramLabel = "<duration>", defaultValue = "0", description = "Leading window excluded from the statistics (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(converter = FlagValues.NonNegativeDuration.class, names = "--cooldown", paramLabel = "<duration>", defaultValue = "0", description = "Trailing window excluded from the statistics (default: ${DEFAULT-VALUE}).")
    Duration cooldown;

    @Option(converter = FlagValues.Ratio.class, names = "--cancel-rate", paramLabel = "<0..1>",
            description = "Share of requests the client aborts on purpose, as a user closing a tab would (seeded per "
                    + "request). They are counted apart as cancelled by design: not failures, no latency samples, left "
                    + "out of the error rate (default: 0).")
    Double cancelRate;

    @Option(converter = FlagValues.CancelPoint.class, names = "--cancel-after", paramLabel = "<point>",
            description = "Where a request picked by --cancel-rate is aborted: tokens:N or tokens:uniform:A-B (output "
                    + "tokens received), or a time after the send: 2s or uniform:100ms-3s, checked as tokens arrive "
                    + "(default: tokens:1).")
    CancelAfter cancelAfter;

    @Option(converter = FlagValues.PositiveInt.class, names = "--batch-size", paramLabel = "<n>",
            description = "Inputs per request of --endpoint embeddings, rerank or score (rerank and score compare them "
                    + "with one more prompt, the query); the inputs' lengths follow --input-tokens or the dataset's "
                    + "prompts (default: 1).")
    Integer batchSize;

    /**
     * {@code source} (null: synthetic prompts of {@code in} tokens) grouped into batches of {@code --batch-size}
     * for an embeddings, rerank or score endpoint; {@code source} itself for a generating one.
     */
    WorkloadSource batched(WorkloadSource source, String endpoint, LengthDistribution in, LengthDistribution out) {
        Endpoint e = endpoint == null ? Endpoint.CHAT : Endpoint.parse(endpoint);
        if (!e.pooling()) {
            if (batchSize != null) throw CliException.usage("--batch-size: applies to --endpoint embeddings, rerank or score");
            return source;
        }
        WorkloadSource inputs = source != null ? source : SyntheticSource.builder().inputTokens(in).outputTokens(out).build();
        return new BatchedSource(inputs, batchSize == null ? 1 : batchSize, e != Endpoint.EMBEDDINGS);
    }

    /** The requests the client aborts on purpose. */
    Cancellations cancellations() {
        if (cancelRate == null) {
            if (cancelAfter != null) throw CliException.usage("--cancel-after: needs --cancel-rate (the share of requests to cancel)");
            return Cancellations.NONE;
        }
        return new Cancellations(cancelRate, cancelAfter == null ? CancelAfter.tokens(1, 1) : cancelAfter);
    }

    /** Whether the load is open loop at a rate the user gave. */
    boolean rateGiven() {
        return rate != null;
    }

    /**
     * The workload: the load these flags describe, sending the requests of {@code source} (null: synthetic prompts of
     * {@code in}/{@code out} tokens).
     */
    Workload workload(String name, WorkloadSource source, LengthDistribution in, LengthDistribution out, boolean stream) {
        boolean paceBySource = source != null && source.bringsOwnTiming() && rate == null;
        int concurrency = maxConcurrent != null ? maxConcurrent : paceBySource ? RunCommand.DEFAULT_TRACE_CAP : 8;
        long maxRequests = numRequests == null ? 0 : numRequests;
        Workload.Builder<?> builder;
        RateProfile levels;
        if (paceBySource) {
            if (profile != null || arrival != null) {
                throw CliException.usage((profile != null ? "--workload-profile" : "--arrival") + ": a trace replayed at its "
                        + "own times has no arrival process or rate profile; add --rate (or --ignore-timestamps) to pace it "
                        + "yourself");
            }
            levels = RateProfile.steady(1);
            builder = Workload.open().maxConcurrency(concurrency);
        } else if (rate != null) {
            double r = rate;
            if (r > LoadModel.OpenLoop.MAX_RATE) throw CliException.usage("--rate: " + LoadModel.OpenLoop.tooFast(r));
            // a profile's levels are relative to the rate, so it is read here, not by a converter
            levels = profile == null ? RateProfile.steady(r) : Flags.parse("--workload-profile", profile, t -> RateProfile.parse(t, r));
            if (levels.max() > LoadModel.OpenLoop.MAX_RATE) {
                throw CliException.usage("--workload-profile: its peak: " + LoadModel.OpenLoop.tooFast(levels.max()));
            }
            builder = Workload.open().rate(levels).arrival(arrival == null ? Arrival.poisson() : arrival).maxConcurrency(concurrency);
        } else {
            if (arrival != null) {
                throw CliException.usage("--arrival: applies to open loop only; add --rate (without it the load is "
                        + "closed loop with --max-concurrent users)");
            }
            levels = profile == null ? RateProfile.steady(concurrency)
                    : Flags.parse("--workload-profile", profile, t -> RateProfile.parse(t, concurrency));
            builder = Workload.closed(concurrency).users(levels);
        }

        Duration length;
        if (duration != null) {
            length = duration;
        } else if (levels.naturalLength().isPresent() || maxRequests > 0 || (source != null && !source.endless())) {
            length = null;
        } else {
            length = DEFAULT_DURATION;
        }
        if (length != null) builder.duration(length);
        if (maxRequests > 0) builder.maxRequests(maxRequests);
        Optional<Duration> window = length != null ? Optional.of(length) : levels.naturalLength();
        if (window.isPresent() && warmup.plus(cooldown).compareTo(window.get()) >= 0) {
            throw CliException.usage("--warmup/--cooldown: warm-up + cool-down (" + Durations.format(warmup.plus(cooldown))
                    + ") must be shorter than the run (" + Durations.format(window.get()) + ")");
        }
        if (window.isEmpty() && !cooldown.isZero()) {
            throw CliException.usage("--cooldown: needs a --duration (a run bounded only by --num-requests has no known end)");
        }
        try {
            if (source != null) builder.source(source);
            return builder.name(name).inputTokens(in).outputTokens(out).warmup(warmup).cooldown(cooldown).stream(stream).build();
        } catch (IllegalArgumentException e) {
            throw CliException.usage("invalid workload: " + e.getMessage());
        }
    }
}
