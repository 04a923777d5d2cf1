package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;
import java.time.Instant;

/**
 * The report's {@code shard} block, written by a run that is one shard of a split run: which shard,
 * the whole run it belongs to (what {@code benchsuite merge} checks before combining shards), and
 * where the run sits on the wall clock that the shards share.
 *
 * <p>Start skew is how late this shard's zero came after the agreed start instant: the time the
 * gate took to notice the instant plus whatever kept the shard (a pod scheduled late starts at once
 * and shows it here). Clock offset is the wall clock minus the monotonic clock at the run's zero:
 * the run's offsets (monotonic) plus {@code wallClockStart} place every request on the shared wall
 * clock; comparing offsets of shards on different machines is as good as their wall clocks agree.
 *
 * @param index this shard, from 0
 * @param count how many shards the run is split into
 * @param rootSeedSource how the whole run's root seed was given (each shard's own seed derives from it)
 * @param rootSeed the whole run's root seed in hex
 * @param workload the whole run's workload (the {@code config.workload} block holds this shard's part)
 * @param startGate what the shard waited for before starting, e.g. {@code start-at 2030-01-01T00:00:00Z}
 * @param agreedStart the wall-clock instant the shards agreed to start at (null when none)
 * @param wallClockStart the wall clock at the run's zero
 * @param monotonicStartNanos the run's zero on this process's monotonic clock
 * @param clockOffsetNanos {@code wallClockStart} in nanoseconds since the epoch minus {@code monotonicStartNanos}
 * @param startSkewMs {@code wallClockStart - agreedStart} in milliseconds ({@code NaN} without an agreed start)
 */
public record ShardSection(int index, int count, String rootSeedSource, String rootSeed, WorkloadConfig workload,
                           String startGate, Instant agreedStart, Instant wallClockStart, long monotonicStartNanos,
                           long clockOffsetNanos, double startSkewMs) implements ReportSection {
    /** The section's key in {@code report.json}. */
    public static final String KEY = "shard";

    public ShardSection {
        workload = workload == null ? WorkloadConfig.UNKNOWN : workload;
    }

    @Override
    public String key() {
        return KEY;
    }

    /** Nanoseconds since the epoch of a wall-clock instant. */
    public static long epochNanos(Instant t) {
        return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
    }
}
