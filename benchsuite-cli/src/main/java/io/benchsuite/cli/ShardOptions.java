package io.benchsuite.cli;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.shard.FileStartBarrier;
import io.benchsuite.core.shard.ShardedWorkload;
import io.benchsuite.core.shard.StartAt;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The flags of {@code benchsuite run} that make it one shard of a split run and align its start
 * with the other shards'. A shard sends its share of the load with its own seed; {@code benchsuite
 * merge} combines the shards' output directories.
 */
final class ShardOptions {
    static final Duration START_MARGIN = Duration.ofSeconds(5);

    @Option(names = "--shard", paramLabel = "<i>/<n>",
            description = "Run shard i of n (0 <= i < n): open loop at rate/n, closed loop with users/n (the remainder "
                    + "to the first shards), each shard with its own seed derived from --seed.")
    String shard;

    @Option(names = "--shards", paramLabel = "<n>",
            description = "Run one shard of n, its index from the environment variable JOB_COMPLETION_INDEX "
                    + "(what a Kubernetes Indexed Job sets).")
    String shards;

    @Option(names = "--start-at", paramLabel = "<instant>",
            description = "Start sending at this wall-clock instant (ISO-8601, e.g. 2030-01-01T12:00:00Z), after "
                    + "pre-flight and preparation: shards given the same instant start together.")
    String startAt;

    @Option(names = "--start-barrier", paramLabel = "<dir>",
            description = "Start when every shard has reached this directory (a volume the shards share; a new one for "
                    + "each run): the last to arrive sets the start 5 s ahead and all start at that instant.")
    Path startBarrier;

    @Option(names = "--start-timeout", paramLabel = "<duration>", defaultValue = "10m",
            description = "How long --start-barrier waits for the other shards (default: ${DEFAULT-VALUE}).")
    String startTimeout;

    /** The shard this process runs, or null for a whole run. */
    Shard shard(Function<String, String> env) {
        Shard fromFlag = shard == null ? null : Flags.parse("--shard", shard, Shard::parse);
        if (shards == null) return fromFlag;
        int n = Flags.positiveInt("--shards", shards);
        Shard fromEnv;
        try {
            fromEnv = Shard.fromEnvironment(env, n).orElse(null);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--shards: " + e.getMessage());
        }
        if (fromFlag != null) {
            if (fromFlag.count() != n) {
                throw CliException.usage("--shard " + fromFlag + " and --shards " + n + " disagree on the number of shards");
            }
            return fromFlag;
        }
        if (fromEnv == null) {
            throw CliException.usage("--shards: the environment variable " + Shard.INDEX_VARIABLE + " is not set "
                    + "(it is in a Kubernetes Indexed Job); elsewhere give --shard <i>/" + n);
        }
        return fromEnv;
    }

    /** What to wait for before starting; a bad flag is a usage error naming it. */
    StartGate gate(Shard s) {
        if (startAt != null && startBarrier != null) {
            throw CliException.usage("--start-at and --start-barrier: give one (both align the start)");
        }
        if (startAt != null) return new StartAt(instant(startAt));
        if (startBarrier != null) {
            if (s == null) throw CliException.usage("--start-barrier: needs --shard or --shards (the barrier waits for every shard)");
            return new FileStartBarrier(startBarrier, s, Flags.duration("--start-timeout", startTimeout, false), START_MARGIN);
        }
        return StartGate.NONE;
    }

    static Instant instant(String text) {
        String t = text.trim();
        try {
            return Instant.parse(t);
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(t).toInstant();
            } catch (DateTimeParseException again) {
                throw CliException.usage("--start-at: expected an ISO-8601 instant such as 2030-01-01T12:00:00Z or "
                        + "2030-01-01T13:00:00+01:00, got '" + text + "'");
            }
        }
    }

    /**
     * Applies the flags to the run: the shard's part of the workload and seed, and the start gate.
     *
     * @return a line describing the shard and its start for the console, or null for a whole run without a gate
     */
    String apply(Benchmark.Builder b, Workload whole, Function<String, String> env) {
        Shard s = shard(env);
        StartGate gate = gate(s);
        if (s != null) {
            try {
                // refuse a load too small to split before anything starts, in every shard alike: the last
                // shard gets the smallest part
                ShardedWorkload.of(whole, new Shard(s.count() - 1, s.count()));
            } catch (IllegalArgumentException e) {
                throw CliException.usage((shard != null ? "--shard" : "--shards") + ": " + e.getMessage());
            }
            b.shard(s);
        }
        if (gate != StartGate.NONE) b.startGate(gate);
        if (s == null && gate == StartGate.NONE) return null;
        return "benchsuite: " + (s == null ? "whole run" : "shard " + s + " (its own seed, 1/" + s.count() + " of the load)")
                + (gate == StartGate.NONE ? "" : "; start: " + gate.describe());
    }
}
