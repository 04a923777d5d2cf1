package io.benchsuite.core.sweep;

import io.benchsuite.core.report.analysis.OrthogonalityBlock;
import io.benchsuite.core.report.analysis.ParetoBlock;
import java.util.List;
import java.util.Map;

/**
 * The schema of {@code sweep.json}, version {@value Sweep#SCHEMA_VERSION}: what was swept, every point run (each a
 * normal run with its own output directory), and the analyses: per series the TPS–FTL calibration (knees, balance
 * point, scaling efficiency) and the SLO search (highest load meeting the SLOs, refinement, early stop); over all
 * points the orthogonality of the headline metrics and the Pareto front. Latencies in milliseconds, throughput in
 * output tokens/s, energy in joules per output token; figures that were not measured are {@code null}. Formulas:
 * {@code docs/analysis.md}.
 *
 * @param schemaVersion the sweep schema version
 * @param tool what wrote it
 * @param name the sweep's name
 * @param axes the swept parameters; the first is each series' x axis (the load), the second (if any) tells series apart
 * @param slo the objectives a point must meet
 * @param stopRule when a point counts as saturated and the series stops climbing
 * @param maxRefinements the most refinement points per series
 * @param latencyFigure the latency read as FTL for the latency knee and the balance point, e.g. {@code ttft p99}
 * @param paretoLatency the latency figure the Pareto front compares, e.g. {@code e2e p99}
 * @param series one per value of the second axis (one in all for a one-axis sweep)
 * @param orthogonality the headline metrics' correlation and VIFs across every point that ran
 * @param pareto the front over energy per token, latency and accuracy across every point that ran
 * @param wallSeconds how long the sweep took on the wall clock
 * @param notes what else the reader must know
 */
public record SweepDocument(int schemaVersion, Tool tool, String name, List<AxisEntry> axes, SloEntry slo, StopEntry stopRule,
                            int maxRefinements, String latencyFigure, String paretoLatency, List<Series> series,
                            OrthogonalityBlock orthogonality, ParetoBlock pareto, double wallSeconds, List<String> notes) {

    /**
     * What wrote the document.
     *
     * @param name always {@code benchsuite}
     */
    public record Tool(String name) {}

    /**
     * A swept parameter.
     *
     * @param parameter its name
     * @param values its values in order
     * @param numeric whether they are numbers (a numeric first axis is searched and has knees)
     */
    public record AxisEntry(String parameter, List<String> values, boolean numeric) {}

    /**
     * The objectives.
     *
     * @param limits upper limit in ms by figure label (e.g. {@code ttft p99}); empty when only errors count
     * @param maxErrorRate the largest failed share a passing point may have
     */
    public record SloEntry(Map<String, Double> limits, double maxErrorRate) {}

    /**
     * The stop rule.
     *
     * @param errorRate failed share at which a point is saturated
     * @param sloFactor multiple of an SLO limit at which a point is saturated
     */
    public record StopEntry(double errorRate, double sloFactor) {}

    /**
     * The points of one value of the second axis, and their analysis.
     *
     * @param label the series' name, e.g. {@code engine=vllm} ({@code all} for a one-axis sweep)
     * @param fixed the second axis's value, by parameter (empty for a one-axis sweep)
     * @param points every point run, in load order (grid and refinement points)
     * @param throughputKnee where throughput saturates (Kneedle, concave increasing), or {@code null}
     * @param latencyKnee where the latency figure turns steep (Kneedle, convex increasing), or {@code null}
     * @param kneeAbsent why there is no knee (or no throughput or latency knee, which it names), or {@code null}
     * @param balancePoint the highest load before latency grows faster than throughput, or {@code null}
     * @param highestPassingLoad the highest load found to meet the SLOs (the SLO frontier), or {@code null}
     * @param lowestFailingLoad the lowest load found to fail them, or {@code null}
     * @param stoppedEarly why the grid stopped before its end (a saturated point), or {@code null}
     * @param notes the search's notes
     */
    public record Series(String label, Map<String, String> fixed, List<Point> points, KneeEntry throughputKnee, KneeEntry latencyKnee,
                         String kneeAbsent, Double balancePoint, Double highestPassingLoad, Double lowestFailingLoad,
                         String stoppedEarly, List<String> notes) {}

    /**
     * A knee.
     *
     * @param load the load at the knee
     * @param value the curve's value there (tokens/s or ms)
     * @param difference its distance from the chord in normalised units
     */
    public record KneeEntry(double load, double value, double difference) {}

    /**
     * One point: a run.
     *
     * @param name its name, e.g. {@code max-concurrent=8}
     * @param values each swept parameter's value
     * @param load the first axis's value as a number ({@code null} for a non-numeric axis)
     * @param kind {@code grid} or {@code refinement} (a point halving the bracket around the SLO frontier)
     * @param dir its output directory, relative to the sweep's
     * @param status {@code completed}, {@code stopped} or {@code failed}
     * @param error why it failed, or {@code null}
     * @param meetsSlo whether it met the objectives
     * @param violations what it exceeded
     * @param requests measured requests
     * @param errors failed or cancelled measured requests
     * @param errorRate errors ÷ requests
     * @param requestsPerSecond successful requests per second
     * @param outputTokensPerSecond output tokens per second (TPS)
     * @param ttftP50Ms median TTFT (FTL)
     * @param ttftP99Ms p99 TTFT
     * @param tpotP50Ms median TPOT
     * @param tpotP99Ms p99 TPOT
     * @param e2eP50Ms median E2E
     * @param e2eP99Ms p99 E2E
     * @param energyPerToken joules per output token
     * @param scalingEfficiency throughput gain over the lowest load ÷ load gain, or {@code null}
     */
    public record Point(String name, Map<String, String> values, Double load, String kind, String dir, String status, String error,
                        boolean meetsSlo, List<String> violations, long requests, long errors, double errorRate,
                        double requestsPerSecond, double outputTokensPerSecond, double ttftP50Ms, double ttftP99Ms,
                        double tpotP50Ms, double tpotP99Ms, double e2eP50Ms, double e2eP99Ms, double energyPerToken,
                        Double scalingEfficiency) {}
}
