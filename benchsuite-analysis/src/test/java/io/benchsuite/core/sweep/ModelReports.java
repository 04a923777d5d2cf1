package io.benchsuite.core.sweep;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.analysis.sweep.ServerModel;
import io.benchsuite.core.analysis.sweep.SweepPoint;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.RequestCounts;
import io.benchsuite.core.run.ReportSection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Reports of runs of the closed-form {@link ServerModel}, as a sweep's point runner returns them. */
public final class ModelReports {
    /** Watts of the modelled device: energy per token = power × step time ÷ batch. */
    static final double WATTS = 400;

    private ModelReports() {}

    public static double energyPerToken(double c) {
        return WATTS * ServerModel.stepMs(c) / 1000 / ServerModel.batch(c);
    }

    public static Report report(double c, long errors) {
        SweepPoint p = ServerModel.point(c, errors);
        Map<LatencyMetric, LatencyStats> l = new EnumMap<>(LatencyMetric.class);
        l.put(LatencyMetric.TTFT, stats(p.ttftP50Ms(), p.ttftP99Ms()));
        l.put(LatencyMetric.TPOT, stats(p.tpotP50Ms(), p.tpotP99Ms()));
        l.put(LatencyMetric.E2E, stats(p.e2eP50Ms(), p.e2eP99Ms()));
        RequestCounts counts = RequestCounts.of(new RunSummary.Counts(p.requests(), 0, 0, p.requests(), p.requests() - errors, errors, 0, 0, 0));
        long tokens = 128 * p.requests();
        EngineSnapshotSection engine = new EngineSnapshotSection("model", EngineSnapshotSection.SIMULATOR, "gpu", 1, 80e9, Double.NaN,
                16e9 + ServerModel.batch(c) * 1e8, Double.NaN, Double.NaN, new EngineSnapshotSection.Fragmentation(Double.NaN, 0.1,
                Double.NaN), null, new EngineSnapshotSection.Energy(energyPerToken(c) * tokens, energyPerToken(c), tokens, WATTS,
                Double.NaN), new EngineSnapshotSection.Stages(p.requests(), Double.NaN, Double.NaN, Double.NaN, Double.NaN),
                Double.NaN, 1, 60, null, null, List.of());
        Map<String, ReportSection> sections = Map.of(EngineSnapshotSection.KEY, engine);
        return new Report(Report.SCHEMA_VERSION, null, null, null, null, null, null, counts, null, l,
                new RunSummary.Throughput(p.requestsPerSecond(), p.outputTokensPerSecond(), Double.NaN), null,
                new RunSummary.Tokens(0, 128 * p.requests(), 0, 0, 0), null, null, sections, null);
    }

    private static LatencyStats stats(double p50, double p99) {
        return new LatencyStats(1000, p50, p50, p99, p99, p99, p99, p50, p99, 0);
    }
}
