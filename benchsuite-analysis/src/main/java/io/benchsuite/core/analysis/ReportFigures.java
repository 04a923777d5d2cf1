package io.benchsuite.core.analysis;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.core.analysis.orthogonality.HeadlineMetric;
import io.benchsuite.core.analysis.orthogonality.RunFigures;
import io.benchsuite.core.analysis.pareto.Objective;
import io.benchsuite.core.analysis.pareto.ParetoCandidate;
import io.benchsuite.core.analysis.sweep.PointFigure;
import io.benchsuite.core.analysis.sweep.SweepPoint;
import io.benchsuite.core.report.model.AccuracySection;
import io.benchsuite.core.report.model.ColdStartSection;
import io.benchsuite.core.report.model.FigureResolver;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.report.model.Report;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the inputs of the analyses from a run's {@link Report}: a {@link SweepPoint}, the twelve headline
 * metrics as {@link RunFigures}, and a {@link ParetoCandidate}. One place decides which block of the report
 * each figure comes from (listed in {@code docs/analysis.md} §7), so the sweep, the comparison and the pages
 * agree. A figure the report does not hold is absent ({@code NaN}), never 0.
 */
public final class ReportFigures {
    /** The Pareto objective's name for accuracy (mean score of graded responses, 0..1, maximised). */
    public static final String ACCURACY = Objective.ACCURACY.name();
    /** The Pareto objective's name for energy per output token (joules, minimised). */
    public static final String ENERGY_PER_TOKEN = Objective.ENERGY_PER_TOKEN.name();

    private ReportFigures() {}

    /**
     * The sweep point of a run.
     *
     * @param report the run's report
     * @param load the swept parameter's value at this point
     * @return the point (latencies in ms, NaN where not measured)
     */
    public static SweepPoint sweepPoint(Report report, double load) {
        notNull(report, "report");
        long measured = report.requests().measured();
        long errors = Math.min(measured, report.requests().failed() + report.requests().cancelled());
        return new SweepPoint(load, measured, errors, report.throughput().requestsPerSecond(),
                report.throughput().outputTokensPerSecond(), report.latency(LatencyMetric.TTFT).p50(),
                report.latency(LatencyMetric.TTFT).p99(), report.latency(LatencyMetric.TPOT).p50(),
                report.latency(LatencyMetric.TPOT).p99(), report.latency(LatencyMetric.E2E).p50(),
                report.latency(LatencyMetric.E2E).p99());
    }

    /**
     * The twelve headline metrics of a run, as far as its report holds them: TTFT, TPOT and E2E at p50; output
     * tokens/s; goodput (with an SLO); KV-cache hit rate, memory peak, KV-allocator fragmentation and energy per
     * token as {@link FigureResolver} picks them (the host's RSS ratio is another quantity than the allocator's
     * fragmentation); compile/warm-up time (JIT time of the {@code coldStart} or {@code host} section); JIT hit rate
     * (no JVM counter: absent); CPU peak (the process's, 0..1).
     *
     * @param report the run's report
     * @param label the run's name in the analysis
     * @return the figures
     */
    public static RunFigures headline(Report report, String label) {
        notNull(report, "report");
        Map<HeadlineMetric, Double> v = new EnumMap<>(HeadlineMetric.class);
        Optional<HostSection> host = report.section(HostSection.class);
        v.put(HeadlineMetric.TTFT, report.latency(LatencyMetric.TTFT).p50());
        v.put(HeadlineMetric.TPOT, report.latency(LatencyMetric.TPOT).p50());
        v.put(HeadlineMetric.E2E, report.latency(LatencyMetric.E2E).p50());
        v.put(HeadlineMetric.OUTPUT_THROUGHPUT, report.throughput().outputTokensPerSecond());
        v.put(HeadlineMetric.GOODPUT, report.goodput().hasSlo() ? report.goodput().requestsPerSecond() : Double.NaN);
        v.put(HeadlineMetric.KV_CACHE_HIT_RATE, kvCacheHitRate(report));
        v.put(HeadlineMetric.MEMORY_PEAK, FigureResolver.memoryPeak(report).value());
        v.put(HeadlineMetric.MEMORY_FRAGMENTATION, FigureResolver.kvFragmentation(report).value());
        v.put(HeadlineMetric.WARMUP_TIME, report.section(ColdStartSection.class).map(ColdStartSection::jitCompileMs)
                .filter(Double::isFinite).or(() -> host.map(h -> h.jit().compileMs()).map(Long::doubleValue)).orElse(Double.NaN));
        v.put(HeadlineMetric.CPU_PEAK, host.map(h -> h.cpu().processPeakPct() / 100).orElse(Double.NaN));
        v.put(HeadlineMetric.ENERGY_PER_TOKEN, energyPerToken(report));
        return new RunFigures(label, v);
    }

    /** Prefix-cache hit rate as {@link FigureResolver#kvCacheHitRate} picks it; NaN when no block says. */
    public static double kvCacheHitRate(Report report) {
        return FigureResolver.kvCacheHitRate(report).value();
    }

    /** Peak device memory in bytes as {@link FigureResolver#deviceMemoryPeak} picks it; NaN when no block says. */
    public static double deviceMemoryPeakBytes(Report report) {
        return FigureResolver.deviceMemoryPeak(report).value();
    }

    /** Energy per output token in joules as {@link FigureResolver#energyPerToken} picks it; NaN when none is known. */
    public static double energyPerToken(Report report) {
        return FigureResolver.energyPerToken(report).value();
    }

    /**
     * Accuracy of a run: the mean score of its graded responses, from its {@code accuracy} section
     * (0..1); NaN when the run graded nothing.
     */
    public static double accuracy(Report report) {
        return report.section(AccuracySection.class).map(AccuracySection::meanScore).orElse(Double.NaN);
    }

    /**
     * A run as a Pareto candidate: {@link #ENERGY_PER_TOKEN} (J), the latency figure (ms, under its
     * {@link PointFigure#label()} with spaces as dashes, e.g. {@code e2e-p99}) and {@link #ACCURACY} where known.
     *
     * @param report the run's report
     * @param label the candidate's label
     * @param latency the latency figure compared
     * @return the candidate
     */
    public static ParetoCandidate paretoCandidate(Report report, String label, PointFigure latency) {
        notNull(latency, "latency");
        Map<String, Double> values = new LinkedHashMap<>();
        values.put(ENERGY_PER_TOKEN, energyPerToken(report));
        values.put(latencyKey(latency), sweepPoint(report, 0).figure(latency));
        values.put(ACCURACY, accuracy(report));
        return new ParetoCandidate(label, values);
    }

    /** The Pareto objective name of a latency figure, e.g. {@code e2e-p99}. */
    public static String latencyKey(PointFigure latency) {
        return latency.label().replace(' ', '-');
    }
}
