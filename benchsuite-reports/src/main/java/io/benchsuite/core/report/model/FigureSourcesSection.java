package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;

/**
 * The report's {@code figureSources} block: the headline figures several blocks could give, each with the block
 * {@link FigureResolver} took it from, so a reader of {@code report.json} sees whether, say, the energy per token
 * was measured on the GPU or modelled by the simulator. Derived from the other blocks when the report is made.
 *
 * @param kvCacheHitRate prefix-cache hit rate, 0..1 ({@link FigureResolver#kvCacheHitRate})
 * @param memoryPeak peak memory, bytes ({@link FigureResolver#memoryPeak})
 * @param memoryFragmentation the KV-cache allocator's mean fragmentation ({@link FigureResolver#kvFragmentation})
 * @param energyPerToken joules per output token ({@link FigureResolver#energyPerToken})
 */
public record FigureSourcesSection(SourcedFigure kvCacheHitRate, SourcedFigure memoryPeak, SourcedFigure memoryFragmentation,
                                   SourcedFigure energyPerToken) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "figureSources";

    /** Reads an absent figure as {@link SourcedFigure#ABSENT}. */
    public FigureSourcesSection {
        kvCacheHitRate = kvCacheHitRate == null ? SourcedFigure.ABSENT : kvCacheHitRate;
        memoryPeak = memoryPeak == null ? SourcedFigure.ABSENT : memoryPeak;
        memoryFragmentation = memoryFragmentation == null ? SourcedFigure.ABSENT : memoryFragmentation;
        energyPerToken = energyPerToken == null ? SourcedFigure.ABSENT : energyPerToken;
    }

    @Override
    public String key() {
        return KEY;
    }
}
