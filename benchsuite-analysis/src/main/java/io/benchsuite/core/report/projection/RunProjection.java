package io.benchsuite.core.report.projection;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.core.analysis.projection.DeviceFigures;
import io.benchsuite.core.analysis.projection.DeviceProjection;
import io.benchsuite.core.analysis.projection.DeviceRatios;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ReportNumbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * A run measured on device A projected onto device B, request by request ({@link DeviceProjection}:
 * TTFT × (1 + q) ÷ r_F, TPOT × (1 + q) ÷ r_B, E2E = TTFT + TPOT × (tokens − 1); {@code docs/analysis.md} §4), and,
 * when a run on B is given (the simulator's, or a real one), that run's own figures beside the projection with the
 * relative error of each. Only device-side times are projected (from the send): client waiting does not scale.
 */
public final class RunProjection {
    /** Bumped on any incompatible change of {@code projection.json}. */
    public static final int SCHEMA_VERSION = 1;
    public static final String PROJECTION_JSON = "projection.json";
    public static final String PROJECTION_HTML = "projection.html";
    /** The figures projected, in table order. */
    static final List<String> FIGURES = List.of("ttftFromSend", "tpot", "e2eFromSend");
    /** The statistics compared, in table order. */
    static final List<String> STATS = List.of("mean", "p50", "p90", "p99");

    private final ProjectionDocument document;
    final Histogram[] measured, projected, against;

    private RunProjection(ProjectionDocument document, Histogram[] measured, Histogram[] projected, Histogram[] against) {
        this.document = document;
        this.measured = measured;
        this.projected = projected;
        this.against = against;
    }

    /**
     * Projects the run in {@code measuredDir} from device {@code from} onto {@code to}.
     *
     * @param measuredDir the output directory of the run on A (its {@code requests.jsonl} is read)
     * @param from A's figures
     * @param to B's figures
     * @param quantPenalty the seed's quantisation penalty q (0 for none)
     * @param againstDir the output directory of a run on B to compare with, or null
     * @return the projection
     */
    public static RunProjection of(Path measuredDir, DeviceFigures from, DeviceFigures to, double quantPenalty, Path againstDir) {
        notNull(measuredDir, "measuredDir");
        DeviceRatios ratios = DeviceRatios.between(notNull(from, "from"), notNull(to, "to"));
        DeviceProjection projection = new DeviceProjection(ratios, quantPenalty);
        List<RequestTimes> a = RequestTimes.read(measuredDir);
        Histogram[] measured = histograms(), projected = histograms();
        for (RequestTimes r : a) {
            record(measured, r.ttftFromSendNanos(), r.tpotNanos(), r.e2eFromSendNanos());
            DeviceProjection.ProjectedRequest p = projection.project(r.index(), r.outputTokens(), r.ttftFromSendNanos(), r.tpotNanos());
            record(projected, p.ttftNanos(), p.tpotNanos(), p.e2eNanos());
        }
        Histogram[] against = null;
        long againstRequests = 0;
        if (againstDir != null) {
            against = histograms();
            for (RequestTimes r : RequestTimes.read(againstDir)) {
                record(against, r.ttftFromSendNanos(), r.tpotNanos(), r.e2eFromSendNanos());
                againstRequests++;
            }
        }
        List<ProjectionDocument.Row> rows = new ArrayList<>();
        for (int f = 0; f < FIGURES.size(); f++) {
            for (String stat : STATS) {
                double m = stat(measured[f], stat), p = stat(projected[f], stat), b = against == null ? Double.NaN : stat(against[f], stat);
                double error = Double.isFinite(p) && Double.isFinite(b) && b > 0 ? p / b - 1 : Double.NaN;
                rows.add(new ProjectionDocument.Row(FIGURES.get(f), stat, ReportNumbers.round(m), ReportNumbers.round(p),
                        ReportNumbers.round(b), ReportNumbers.round(error)));
            }
        }
        List<String> notes = new ArrayList<>();
        projection.ttftAbsent().ifPresent(why -> notes.add("TTFT not projected: " + why));
        projection.tpotAbsent().ifPresent(why -> notes.add("TPOT not projected: " + why));
        if (a.isEmpty()) notes.add("the measured run has no successful measured request: nothing to project");
        notes.add("the projection holds where prefill is compute-bound and decode memory-bound on both devices (long prompts, "
                + "small batches) and below saturation: queueing does not scale with the device (docs/analysis.md §4)");
        ProjectionDocument doc = new ProjectionDocument(SCHEMA_VERSION, measuredDir.toString(), a.size(),
                new ProjectionDocument.Device(from.name(), from.peakFlops(), from.memoryBandwidth()),
                new ProjectionDocument.Device(to.name(), to.peakFlops(), to.memoryBandwidth()),
                ReportNumbers.round(ratios.flopsRatio()), ReportNumbers.round(ratios.bandwidthRatio()), quantPenalty,
                ReportNumbers.round(projection.ttftFactor()), ReportNumbers.round(projection.tpotFactor()),
                againstDir == null ? null : againstDir.toString(), againstRequests, rows, notes);
        return new RunProjection(doc, measured, projected, against);
    }

    private static Histogram[] histograms() {
        Histogram[] h = new Histogram[FIGURES.size()];
        for (int i = 0; i < h.length; i++) {
            h[i] = new Histogram(3);
            h[i].setAutoResize(true);
        }
        return h;
    }

    private static void record(Histogram[] h, double... nanos) {
        for (int i = 0; i < nanos.length; i++) if (Double.isFinite(nanos[i]) && nanos[i] >= 0) h[i].recordValue(Math.round(nanos[i]));
    }

    /** A statistic in ms; NaN without samples. */
    static double stat(Histogram h, String stat) {
        if (h.getTotalCount() == 0) return Double.NaN;
        ToDoubleFunction<Histogram> f = switch (stat) {
            case "mean" -> Histogram::getMean;
            case "p50" -> x -> x.getValueAtPercentile(50);
            case "p90" -> x -> x.getValueAtPercentile(90);
            case "p99" -> x -> x.getValueAtPercentile(99);
            default -> throw new IllegalArgumentException("stat: unknown " + stat);
        };
        return f.applyAsDouble(h) / 1e6;
    }

    /** The {@code projection.json} document. */
    public ProjectionDocument document() {
        return document;
    }

    /** One row of the table. */
    public ProjectionDocument.Row row(String figure, String stat) {
        return document.rows().stream().filter(r -> r.figure().equals(figure) && r.stat().equals(stat)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no row " + figure + " " + stat));
    }

    /** Writes {@code projection.json} and {@code projection.html} into {@code dir} (created when missing). */
    public void write(Path dir) throws IOException {
        notNull(dir, "dir");
        Files.createDirectories(dir);
        ReportWriters.atomicWrite(dir.resolve(PROJECTION_JSON), ReportJson.write(document) + "\n");
        ReportWriters.atomicWrite(dir.resolve(PROJECTION_HTML), ProjectionPage.render(this));
    }
}
