package io.benchsuite.junit;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.RunResult;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A reference run to compare new runs against: its lossless latency histograms (so any percentile
 * can be compared exactly), its request counts and its throughput. Saved and loaded with
 * {@link Baselines}; made from a fresh run with {@link #of(RunResult)}.
 */
public final class Baseline implements Measured {
    private final String name;
    private final Instant recordedAt;
    private final LatencyHistograms histograms;
    private final RunSummary.Counts counts;
    private final RunSummary.Throughput throughput;
    private final double measuredSeconds;
    private final Path file;

    Baseline(String name, Instant recordedAt, LatencyHistograms histograms, RunSummary.Counts counts,
             RunSummary.Throughput throughput, double measuredSeconds, Path file) {
        this.name = notNull(name, "name");
        this.recordedAt = notNull(recordedAt, "recordedAt");
        this.histograms = notNull(histograms, "histograms");
        this.counts = notNull(counts, "counts");
        this.throughput = notNull(throughput, "throughput");
        this.measuredSeconds = measuredSeconds;
        this.file = file;
    }

    /** A baseline of a run held in memory. */
    public static Baseline of(RunResult result) {
        notNull(result, "result");
        RunSummary s = result.summary();
        return new Baseline(result.info().name(), result.endedAt(), result.histograms(), s.counts(),
                s.throughput(), s.measuredSeconds(), null);
    }

    /** A baseline of a report read from {@code file}. */
    static Baseline of(Report report, Path file) {
        return new Baseline(report.run().name() == null ? "unnamed" : report.run().name(),
                report.run().endedAt() == null ? Instant.EPOCH : report.run().endedAt(), report.histograms(),
                report.requests().toCounts(), report.throughput(), report.rate().measuredSeconds(), file);
    }

    /** The name of the run it was made from. */
    @Override
    public String name() {
        return name;
    }

    /** When that run ended. */
    public Instant recordedAt() {
        return recordedAt;
    }

    /** Its latency histograms. */
    @Override
    public LatencyHistograms histograms() {
        return histograms;
    }

    /** Its request counts over the measured window. */
    @Override
    public RunSummary.Counts counts() {
        return counts;
    }

    /** Its throughput over the measured window. */
    @Override
    public RunSummary.Throughput throughput() {
        return throughput;
    }

    /** Length of its measured window in seconds. */
    @Override
    public double measuredSeconds() {
        return measuredSeconds;
    }

    /** The file it was loaded from or saved to, or null for one held only in memory. */
    @Override
    public Path location() {
        return file;
    }

    Baseline at(Path path) {
        return new Baseline(name, recordedAt, histograms, counts, throughput, measuredSeconds, path);
    }

    @Override
    public String toString() {
        return "Baseline[" + name + ", recorded " + recordedAt + (file == null ? "" : ", " + file) + "]";
    }
}
