package io.benchsuite.core.report.model;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Optional;

/**
 * The one place that picks each headline figure several blocks of a report can give (the server's scrape, the GPU
 * sampler, the serving engine's own snapshot, the host) and records which block it took: the HTML headline, the
 * console summary, the analyses (sweep, comparison, Pareto) and the report's {@code figureSources} block all read
 * it, so they agree. The order is the same for every figure: what the server or the accelerator measured comes
 * before the engine's own accounting (a simulator's model of its devices), which comes before the benchmark's host.
 */
public final class FigureResolver {
    private static final String ENGINE = "/" + EngineSnapshotSection.KEY;

    private FigureResolver() {}

    /**
     * Prefix-cache (KV-cache) hit rate, 0..1: the server's, else the engine's.
     *
     * @param report the run's report
     * @return the figure and its source
     */
    public static SourcedFigure kvCacheHitRate(Report report) {
        notNull(report, "report");
        return first(report.section(ServerSection.class).map(s -> of(s.prefixCacheHitRate(), SourcedFigure.SERVER,
                        "/server/prefixCacheHitRate")),
                engine(report).map(e -> of(e.prefixCache().hitRate(), e.origin(), ENGINE + "/prefixCache/hitRate")));
    }

    /**
     * Peak accelerator memory in bytes: the GPU's, else the engine's (weights + KV cache in use + activations).
     *
     * @param report the run's report
     * @return the figure and its source
     */
    public static SourcedFigure deviceMemoryPeak(Report report) {
        notNull(report, "report");
        return first(report.section(GpuSection.class).map(g -> of(number(g.memoryUsedBytes().peak()), SourcedFigure.GPU,
                        "/gpu/memoryUsedBytes/peak")),
                engine(report).map(e -> of(e.peakMemoryBytes(), e.origin(), ENGINE + "/peakMemoryBytes")));
    }

    /**
     * Peak memory in bytes: {@link #deviceMemoryPeak(Report)}, else the benchmark process's RSS.
     *
     * @param report the run's report
     * @return the figure and its source
     */
    public static SourcedFigure memoryPeak(Report report) {
        return first(Optional.of(deviceMemoryPeak(report)), report.section(HostSection.class)
                .map(h -> of(number(h.memory().rssPeakBytes()), SourcedFigure.HOST, "/host/memory/rssPeakBytes")));
    }

    /**
     * The KV-cache allocator's fragmentation ({@code 1 - largest free block / total free}), mean over the seconds
     * the engine worked: only the engine sees its allocator.
     *
     * @param report the run's report
     * @return the figure and its source
     */
    public static SourcedFigure kvFragmentation(Report report) {
        notNull(report, "report");
        return first(engine(report).map(e -> of(e.kvCacheFragmentation().mean(), e.origin(), ENGINE + "/kvCacheFragmentation/mean")));
    }

    /**
     * Energy per output token in joules: the GPU's energy over the run ÷ the run's output tokens, else the engine's
     * (its devices' energy ÷ the tokens it generated), else the host's (RAPL).
     *
     * @param report the run's report
     * @return the figure and its source
     */
    public static SourcedFigure energyPerToken(Report report) {
        notNull(report, "report");
        long tokens = report.tokens().output();
        return first(report.section(GpuSection.class).filter(GpuSection::available)
                        .filter(g -> Double.isFinite(g.energyJoules()) && g.energyJoules() > 0 && tokens > 0)
                        .map(g -> of(g.energyJoules() / tokens, SourcedFigure.GPU, "/gpu/energyJoules")),
                engine(report).map(e -> of(e.energy().joulesPerOutputToken(), e.origin(), ENGINE + "/energy/joulesPerOutputToken")),
                report.section(HostSection.class).map(h -> of(h.energy().joulesPerOutputToken(), SourcedFigure.HOST,
                        "/host/energy/joulesPerOutputToken")));
    }

    /**
     * The report's {@code figureSources} block: the figures above with their sources.
     *
     * @param report the run's report
     * @return the block
     */
    public static FigureSourcesSection sources(Report report) {
        return new FigureSourcesSection(kvCacheHitRate(report), memoryPeak(report), kvFragmentation(report),
                energyPerToken(report));
    }

    private static Optional<EngineSnapshotSection> engine(Report report) {
        return report.section(EngineSnapshotSection.class);
    }

    @SafeVarargs
    private static SourcedFigure first(Optional<SourcedFigure>... candidates) {
        for (Optional<SourcedFigure> c : candidates) if (c.isPresent() && c.get().known()) return c.get();
        return SourcedFigure.ABSENT;
    }

    private static SourcedFigure of(double value, String source, String pointer) {
        return new SourcedFigure(value, source, pointer);
    }

    private static double number(Long v) {
        return v == null ? Double.NaN : v;
    }
}
