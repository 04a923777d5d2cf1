package io.benchsuite.core.report.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.benchsuite.core.report.analysis.OrthogonalityBlock;
import io.benchsuite.core.report.analysis.ParetoBlock;
import java.util.List;
import java.util.Map;

/**
 * The schema of {@code comparison.json}, version {@value Comparison#SCHEMA_VERSION}.
 *
 * @param schemaVersion the comparison schema version
 * @param tool what wrote it
 * @param baseline index of the baseline run
 * @param baselineLabel label of the baseline run
 * @param fair whether the runs share workload, seeds and prompts
 * @param unfairness why the comparison is unfair (empty when fair)
 * @param metrics the compared metrics
 * @param runs each run's identity, values and deltas against the baseline
 * @param seedTable the seed's table: backend, mean latency, tokens/s, KV-cache hit rate, peak memory, E2E p99, relative efficiency
 * @param orthogonality correlation and VIFs of the headline metrics across the runs
 * @param pareto the Pareto front of the runs over energy per token, E2E p99 and accuracy
 * @param models per-model figures of runs that spread their requests over several models (absent when none did)
 */
public record ComparisonDocument(int schemaVersion, Tool tool, int baseline, String baselineLabel, boolean fair,
                                 List<String> unfairness, List<MetricEntry> metrics, List<RunEntry> runs, SeedTable seedTable,
                                 OrthogonalityBlock orthogonality, ParetoBlock pareto,
                                 @JsonInclude(JsonInclude.Include.NON_EMPTY)
                                 List<ModelRow> models) {

    /**
     * One model's figures in one run, against the baseline run's figures for the same model.
     *
     * @param model the model name
     * @param run the run's label
     * @param values figures by key: requests, ttftP50Ms, ttftP99Ms, tpotP99Ms, e2eP99Ms, outputTokensPerSecond
     * @param deltas relative change against the baseline's same model by key ({@code null} when not computable)
     */
    public record ModelRow(String model, String run, Map<String, Double> values, Map<String, Double> deltas) {}

    /**
     * The seed's comparison table.
     *
     * @param relativeEfficiency how the relative efficiency column is defined
     * @param rows one row per run, in the order given
     */
    public record SeedTable(String relativeEfficiency, List<SeedRow> rows) {}

    /**
     * One run in the seed's table ({@code null} where the run did not measure the figure).
     *
     * @param run the run's label
     * @param backend backend name
     * @param meanLatencyMs mean E2E latency in ms
     * @param tokensPerSecond output tokens/s
     * @param kvCacheHitRate prefix/KV-cache hit rate, 0..1 (the server's, else the engine's)
     * @param peakMemoryGb peak device memory in GB (10⁹ bytes; the GPU's, else the engine's device)
     * @param e2eP99Ms E2E p99 in ms
     * @param relativeEfficiency output tokens/s ÷ the baseline's
     */
    public record SeedRow(String run, String backend, double meanLatencyMs, double tokensPerSecond, double kvCacheHitRate,
                          double peakMemoryGb, double e2eP99Ms, double relativeEfficiency) {}

    /**
     * What wrote the document.
     *
     * @param name always {@code benchsuite}
     */
    public record Tool(String name) {}

    /**
     * A compared metric.
     *
     * @param key the key of its values and deltas
     * @param name display name
     * @param pointer where the value lies in each report.json
     * @param unit display unit, lower case
     * @param better {@code lower} or {@code higher}
     */
    public record MetricEntry(String key, String name, String pointer, String unit, String better) {}

    /**
     * One run.
     *
     * @param label the run's label
     * @param dir its output directory, or {@code null}
     * @param backend backend name
     * @param model model name
     * @param status {@code completed} or {@code stopped}
     * @param labels the run's labels
     * @param workload workload name
     * @param seedRoot root seed
     * @param scenarioSeed scenario seed
     * @param values metric values by key ({@code null} when absent)
     * @param deltas relative change against the baseline by key ({@code null} when not computable)
     */
    public record RunEntry(String label, String dir, String backend, String model, String status,
                           Map<String, String> labels, String workload, String seedRoot, String scenarioSeed,
                           Map<String, Double> values, Map<String, Double> deltas) {}
}
