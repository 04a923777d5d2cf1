package io.benchsuite.core.phases;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.EngineTotals;
import io.benchsuite.api.backend.EngineTotalsSource;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.analysis.decomposition.MemoryIndices;
import io.benchsuite.core.report.model.EngineSection;
import io.benchsuite.core.run.ReportSection;
import java.util.List;

/**
 * Turns the running totals of a backend that is its own serving engine ({@link EngineTotalsSource}, e.g. the
 * simulator) into the report's {@code engine} section: the totals are read when the run starts and when its
 * sections are collected, and the section holds the differences (means, rates and shares over the run).
 * The run adds one automatically for such a backend; warm-up and cool-down are inside the window.
 */
public final class EngineTotalsListener implements io.benchsuite.core.run.RunListener {
    private final EngineTotalsSource source;
    private final String backendName;
    private volatile EngineTotals atStart;
    private volatile long[] readsAtStart;

    /**
     * A listener of one backend.
     *
     * @param source the backend's totals
     * @param backendName the backend's name, for the section's {@code source}
     */
    public EngineTotalsListener(EngineTotalsSource source, String backendName) {
        this.source = notNull(source, "source");
        this.backendName = notNull(backendName, "backendName");
    }

    @Override
    public void onRunStarted(RunInfo info) {
        atStart = source.engineTotals();
        readsAtStart = source.kvBlockReads();
    }

    @Override
    public List<ReportSection> reportSections() {
        EngineTotals a = atStart;
        if (a == null) return List.of();
        return List.of(withReads(section(backendName, a, source.engineTotals()), readsAtStart, source.kvBlockReads()));
    }

    /**
     * The section with the SLE of the KV block reads between two readings: the entropy of the differences over
     * every block of the pool (NaN when the engine counts none, or none was read).
     *
     * @param e the section
     * @param before reads per block at the start
     * @param after reads per block at the end
     * @return the section with {@code kvReadEntropyBits} and {@code kvBlocks}
     */
    static EngineSection withReads(EngineSection e, long[] before, long[] after) {
        if (after.length == 0 || before.length != after.length) return e;
        long[] reads = new long[after.length];
        long total = 0;
        for (int i = 0; i < reads.length; i++) {
            reads[i] = Math.max(0, after[i] - before[i]);
            total += reads[i];
        }
        if (total == 0) return e;
        double bits = MemoryIndices.sle(reads).value();
        return new EngineSection(e.source(), e.device(), e.requests(), e.queueMs(), e.prefillMs(), e.decodeMs(), e.e2eMs(),
                e.prefixCacheHitRate(), e.generationTokens(), e.energyJoules(), e.energyPerOutputToken(), e.averagePowerWatts(),
                e.peakMemoryBytes(), e.memoryCapacityBytes(), e.meanKvFragmentation(), e.deviceSeconds(), e.busyShare(),
                e.memoryTrafficBytes(), e.peakMemoryBandwidth(), bits, reads.length);
    }

    /**
     * The section from two readings of the totals.
     *
     * @param backendName the backend's name
     * @param a the totals at the start
     * @param b the totals at the end
     * @return the differences as means, rates and shares
     */
    public static EngineSection section(String backendName, EngineTotals a, EngineTotals b) {
        long n = b.completedRequests() - a.completedRequests();
        double q = mean(b.queueSeconds() - a.queueSeconds(), n), p = mean(b.prefillSeconds() - a.prefillSeconds(), n);
        double d = mean(b.decodeSeconds() - a.decodeSeconds(), n), e = mean(b.endToEndSeconds() - a.endToEndSeconds(), n);
        long queries = b.prefixQueryTokens() - a.prefixQueryTokens();
        double hitRate = queries > 0 ? (double) (b.prefixHitTokens() - a.prefixHitTokens()) / queries : Double.NaN;
        long tokens = b.generationTokens() - a.generationTokens();
        double energy = b.energyJoules() - a.energyJoules();
        double seconds = b.deviceSeconds() - a.deviceSeconds();
        double busy = b.busySeconds() - a.busySeconds();
        return new EngineSection(backendName, b.device(), n, q, p, d, e, hitRate, tokens, energy,
                tokens > 0 ? energy / tokens : Double.NaN, seconds > 0 ? energy / seconds : Double.NaN, b.peakMemoryBytes(),
                b.memoryCapacityBytes(), b.meanKvFragmentation(), seconds, seconds > 0 ? Math.min(1, busy / seconds) : Double.NaN,
                b.memoryTrafficBytes() - a.memoryTrafficBytes(), b.peakMemoryBandwidth(), Double.NaN, Double.NaN);
    }

    private static double mean(double sumSeconds, long n) {
        return n > 0 ? sumSeconds / n * 1000 : Double.NaN;
    }
}
