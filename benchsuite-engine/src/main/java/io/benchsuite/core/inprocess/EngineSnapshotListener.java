package io.benchsuite.core.inprocess;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.analysis.decomposition.MemoryIndices;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.EngineSnapshotSection.Compilation;
import io.benchsuite.core.report.model.EngineSnapshotSection.Energy;
import io.benchsuite.core.report.model.EngineSnapshotSection.Fragmentation;
import io.benchsuite.core.report.model.EngineSnapshotSection.MemoryTraffic;
import io.benchsuite.core.report.model.EngineSnapshotSection.PrefixCache;
import io.benchsuite.core.report.model.EngineSnapshotSection.Second;
import io.benchsuite.core.report.model.EngineSnapshotSection.Stages;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the {@link EngineSnapshot}s of a backend that can see its own serving engine (the simulator) into the
 * report's {@code engineSnapshot} section: one snapshot is taken when the run starts and one when its sections
 * are collected, and the section holds the figures over the run. Every run has one; a backend that gives no
 * snapshot gives no section. Warm-up and cool-down are inside the window.
 */
public final class EngineSnapshotListener implements RunListener {
    private static final Logger log = LoggerFactory.getLogger(EngineSnapshotListener.class);

    private final Backend backend;
    private volatile EngineSnapshot atStart;

    /**
     * A listener of one backend.
     *
     * @param backend the backend whose engine is read
     */
    public EngineSnapshotListener(Backend backend) {
        this.backend = notNull(backend, "backend");
    }

    @Override
    public void onRunStarted(RunInfo info) {
        atStart = read().orElse(null);
    }

    @Override
    public List<ReportSection> reportSections() {
        EngineSnapshot a = atStart;
        if (a == null) return List.of();
        return read().<List<ReportSection>>map(b -> List.of(section(backend.info().name(), a, b))).orElse(List.of());
    }

    private Optional<EngineSnapshot> read() {
        try {
            return backend.engineSnapshot();
        } catch (RuntimeException e) {
            log.warn("the backend failed to give its engine snapshot: {}", e.toString(), e);
            return Optional.empty();
        }
    }

    /**
     * The section from two snapshots of one engine.
     *
     * @param source the backend's name
     * @param a the snapshot when the run started
     * @param b the snapshot when it ended
     * @return counters as differences over the run, peaks and fragmentation since the engine started
     */
    public static EngineSnapshotSection section(String source, EngineSnapshot a, EngineSnapshot b) {
        notNull(source, "source");
        double seconds = b.elapsedSeconds() - a.elapsedSeconds();
        long n = b.completedRequests() - a.completedRequests();
        Stages stages = new Stages(n, mean(b.queueSeconds() - a.queueSeconds(), n), mean(b.prefillSeconds() - a.prefillSeconds(), n),
                mean(b.decodeSeconds() - a.decodeSeconds(), n), mean(b.endToEndSeconds() - a.endToEndSeconds(), n));
        long queries = b.prefixQueryTokens() - a.prefixQueryTokens(), hits = b.prefixHitTokens() - a.prefixHitTokens();
        // per token the engine generated: tokens of requests cut off by cancellation cost energy too
        long tokens = b.generationTokens() - a.generationTokens();
        double joules = b.energyJoules() - a.energyJoules();
        Energy energy = new Energy(joules, tokens > 0 ? joules / tokens : Double.NaN, tokens,
                seconds > 0 ? joules / seconds : Double.NaN, b.peakPowerWatts());
        double utilisation = seconds > 0
                ? (b.meanUtilisation() * b.elapsedSeconds() - a.meanUtilisation() * a.elapsedSeconds()) / seconds : Double.NaN;
        double busy = seconds > 0 ? Math.min(1, (b.busySeconds() - a.busySeconds()) / seconds) : Double.NaN;
        MemoryTraffic traffic = reads(new MemoryTraffic(b.memoryTrafficBytes() - a.memoryTrafficBytes(), b.peakMemoryBandwidth(),
                Double.NaN, Double.NaN), a.kvBlockReads(), b.kvBlockReads());
        return new EngineSnapshotSection(source, b.simulated() ? EngineSnapshotSection.SIMULATOR : EngineSnapshotSection.ENGINE,
                b.device(), b.devices(), b.memoryCapacityBytes(), b.weightBytes(), b.peakMemoryBytes(), b.peakMemoryShare(),
                b.reservedBytes(), new Fragmentation(b.fragmentation(), b.meanFragmentation(), b.maxFragmentation()),
                new PrefixCache(queries, hits, queries > 0 ? (double) hits / queries : Double.NaN), energy, stages,
                utilisation, busy, seconds, traffic, compilation(b), series(a, b));
    }

    /**
     * The traffic with the SLE of the KV block reads between two snapshots: the entropy of the differences over
     * every block of the pool (left unknown when the engine counts none, or none was read).
     */
    static MemoryTraffic reads(MemoryTraffic t, long[] before, long[] after) {
        if (after.length == 0 || before.length != after.length) return t;
        long[] reads = new long[after.length];
        long total = 0;
        for (int i = 0; i < reads.length; i++) {
            reads[i] = Math.max(0, after[i] - before[i]);
            total += reads[i];
        }
        if (total == 0) return t;
        return new MemoryTraffic(t.bytes(), t.peakBandwidth(), MemoryIndices.sle(reads).value(), reads.length);
    }

    /** The memory curve from the run's start: the engine's seconds before it (the engine was made earlier) are left out. */
    private static List<Second> series(EngineSnapshot a, EngineSnapshot b) {
        List<Double> perSecond = b.memoryPerSecond();
        long skip = Math.max(0, Math.round(a.elapsedSeconds()));
        List<Second> out = new ArrayList<>();
        for (int i = (int) Math.min(skip, perSecond.size()); i < perSecond.size(); i++) out.add(new Second(i - skip, perSecond.get(i)));
        return out;
    }

    private static Compilation compilation(EngineSnapshot u) {
        if (u.compilation().isEmpty()) return Compilation.UNKNOWN;
        return new Compilation(u.compilation(), u.compilations(), u.recompilations(), u.recompileRatio(), u.compileSeconds() * 1000,
                u.maxCapturedBatch(), u.steps(), u.graphRequests(), u.graphHits(), u.graphHitRate(), u.eagerSteps());
    }

    private static double mean(double sumSeconds, long n) {
        return n > 0 ? sumSeconds / n * 1000 : Double.NaN;
    }
}
