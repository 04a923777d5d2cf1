package io.benchsuite.core.shard;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.report.model.ShardSection;
import io.benchsuite.core.report.model.WorkloadConfig;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A run that is one shard of a split run: waits at the start gate it wraps, records where the run's
 * zero fell on the wall and monotonic clocks, and contributes the report's {@code shard} section
 * ({@link ShardSection}). The facade installs it as both the run's start gate and a listener.
 */
public final class ShardRun implements StartGate, RunListener {
    private final Shard shard;
    private final SeedChain wholeSeed;
    private final Workload wholeWorkload;
    private final StartGate gate;
    private volatile Instant wallStart;
    private volatile long monotonicStart;

    /**
     * @param shard which shard this run is
     * @param wholeSeed the whole run's seed chain
     * @param wholeWorkload the whole run's workload
     * @param gate what to wait for before starting ({@link StartGate#NONE}: nothing)
     */
    public ShardRun(Shard shard, SeedChain wholeSeed, Workload wholeWorkload, StartGate gate) {
        this.shard = notNull(shard, "shard");
        this.wholeSeed = notNull(wholeSeed, "wholeSeed");
        this.wholeWorkload = notNull(wholeWorkload, "wholeWorkload");
        this.gate = notNull(gate, "gate");
    }

    @Override
    public void awaitStart() throws InterruptedException {
        gate.awaitStart();
    }

    @Override
    public void started(Instant wall, long monotonicNanos) {
        this.monotonicStart = monotonicNanos;
        this.wallStart = wall;
        gate.started(wall, monotonicNanos);
    }

    @Override
    public Optional<Instant> agreedStart() {
        return gate.agreedStart();
    }

    @Override
    public String describe() {
        return gate.describe();
    }

    /** The section as it stands (the clocks are known once the run has started). */
    public ShardSection section() {
        Instant wall = wallStart;
        Instant agreed = gate.agreedStart().orElse(null);
        double skew = wall == null || agreed == null ? Double.NaN : Duration.between(agreed, wall).toNanos() / 1e6;
        long offset = wall == null ? 0 : ShardSection.epochNanos(wall) - monotonicStart;
        return new ShardSection(shard.index(), shard.count(), wholeSeed.source(), wholeSeed.rootHex(),
                WorkloadConfig.of(wholeWorkload), gate.describe(), agreed, wall, monotonicStart, offset, skew);
    }

    @Override
    public List<ReportSection> reportSections() {
        return List.of(section());
    }
}
