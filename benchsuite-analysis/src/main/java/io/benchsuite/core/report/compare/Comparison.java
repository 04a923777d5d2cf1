package io.benchsuite.core.report.compare;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.core.analysis.ReportFigures;
import io.benchsuite.core.analysis.orthogonality.RunFigures;
import io.benchsuite.core.analysis.pareto.ParetoCandidate;
import io.benchsuite.core.analysis.sweep.PointFigure;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.analysis.OrthogonalityBlock;
import io.benchsuite.core.report.analysis.ParetoBlock;
import io.benchsuite.core.report.html.Headline.Unit;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ReportNumbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * A side-by-side comparison of runs: the seed's table (backend, model, mean latency, output
 * tokens/s, KV-cache hit rate, peak memory) plus TTFT p99, TPOT p99 and goodput, relative deltas
 * against a baseline run, and the reasons the comparison is unfair (different workloads, seeds or
 * prompts, or a run's {@code requests.jsonl} that is damaged or does not match its report) — stated,
 * never silently computed over.
 */
public final class Comparison {
    /** Bumped on any incompatible change of {@code comparison.json}'s shape. */
    public static final int SCHEMA_VERSION = 1;
    public static final String COMPARISON_JSON = "comparison.json";
    public static final String COMPARISON_HTML = "comparison.html";
    /** Relative changes smaller than this are shown as "same" (neither better nor worse). */
    public static final double SAME_WITHIN = 0.01;

    /** Which direction of a metric is an improvement. */
    public enum Better { LOWER, HIGHER }

    /**
     * A compared metric.
     *
     * @param key stable key in comparison.json
     * @param name display name
     * @param pointer where the value lies in report.json, as a JSON pointer (written to comparison.json)
     * @param unit display unit
     * @param better which direction is an improvement
     * @param read the value of a report ({@code NaN} when absent)
     */
    public record Metric(String key, String name, String pointer, Unit unit, Better better, ToDoubleFunction<Report> read) {
        /** The metric's value in a report, as report.json stores it; {@code NaN} when absent. */
        public double valueIn(Report report) {
            return ReportNumbers.round(read.applyAsDouble(report));
        }
    }

    /** The compared metrics, in table order. */
    public static final List<Metric> METRICS = List.of(
            new Metric("e2eMeanMs", "Mean latency (E2E)", "/e2e/mean", Unit.MS, Better.LOWER, r -> r.latency(LatencyMetric.E2E).mean()),
            new Metric("ttftP99Ms", "TTFT p99", "/ttft/p99", Unit.MS, Better.LOWER, r -> r.latency(LatencyMetric.TTFT).p99()),
            new Metric("tpotP99Ms", "TPOT p99", "/tpot/p99", Unit.MS, Better.LOWER, r -> r.latency(LatencyMetric.TPOT).p99()),
            new Metric("outputTokensPerSecond", "Output tokens/s", "/throughput/outputTokensPerSecond", Unit.TOKENS_PER_S,
                    Better.HIGHER, r -> r.throughput().outputTokensPerSecond()),
            new Metric("goodputRequestsPerSecond", "Goodput", "/goodput/requestsPerSecond", Unit.REQUESTS_PER_S,
                    Better.HIGHER, r -> r.goodput().requestsPerSecond()),
            // the server's prefix-cache hit rate, else the engine's (the simulator's)
            new Metric("kvCacheHitRate", "KV-cache hit rate", "/server/prefixCacheHitRate", Unit.RATIO_AS_PERCENT,
                    Better.HIGHER, ReportFigures::kvCacheHitRate),
            // the GPU's peak, else the engine's device (the simulator's)
            new Metric("gpuMemoryPeakBytes", "Peak device memory", "/gpu/memoryUsedBytes/peak", Unit.BYTES, Better.LOWER,
                    ReportFigures::deviceMemoryPeakBytes),
            new Metric("rssPeakBytes", "Peak process memory (RSS)", "/host/memory/rssPeakBytes", Unit.BYTES, Better.LOWER,
                    r -> r.section(HostSection.class).map(h -> h.memory().rssPeakBytes()).map(Long::doubleValue).orElse(Double.NaN)),
            // last, so that the positions of the metrics before it stay as they were
            new Metric("e2eP99Ms", "E2E p99", "/e2e/p99", Unit.MS, Better.LOWER, r -> r.latency(LatencyMetric.E2E).p99()),
            // what a reasoning model's user waits for; TTFT's figure for other models
            new Metric("ttfatP99Ms", "TTFAT p99", "/ttfat/p99", Unit.MS, Better.LOWER, r -> r.latency(LatencyMetric.TTFAT).p99()));

    private final List<ComparedRun> runs;
    private final int baseline;
    private final List<String> unfairness;
    private final OrthogonalityBlock orthogonality;
    private final ParetoBlock pareto;

    private Comparison(List<ComparedRun> runs, int baseline, List<String> unfairness) {
        this.runs = runs;
        this.baseline = baseline;
        this.unfairness = unfairness;
        List<RunFigures> figures = new ArrayList<>();
        List<ParetoCandidate> candidates = new ArrayList<>();
        for (ComparedRun r : runs) {
            figures.add(ReportFigures.headline(r.report(), r.label()));
            ParetoCandidate c = ReportFigures.paretoCandidate(r.report(), r.label(), PARETO_LATENCY);
            Map<String, Double> v = new LinkedHashMap<>(c.values());
            v.put(THROUGHPUT_KEY, r.report().throughput().outputTokensPerSecond());
            candidates.add(new ParetoCandidate(c.label(), v));
        }
        this.orthogonality = OrthogonalityBlock.of(figures, Map.of());
        this.pareto = ParetoBlock.over(candidates, PARETO_LATENCY);
    }

    /** The latency figure the comparison's Pareto front weighs against energy and accuracy. */
    public static final PointFigure PARETO_LATENCY = PointFigure.E2E_P99;
    /** The context figure beside the Pareto objectives (drawn when only one objective was measured). */
    static final String THROUGHPUT_KEY = "outputTokensPerSecond";
    /** How the seed table's relative efficiency is defined. */
    public static final String RELATIVE_EFFICIENCY = "output tokens/s ÷ the baseline's output tokens/s (same model, workload and device: "
            + "1.00 is the baseline, 0.80 a fifth fewer tokens per second)";

    /**
     * Compares runs against {@code runs.get(baseline)}. Duplicate labels get {@code #n} suffixes.
     *
     * @throws IllegalArgumentException with fewer than two runs or a baseline out of range
     */
    public static Comparison of(List<ComparedRun> runs, int baseline) {
        notNull(runs, "runs");
        if (runs.size() < 2) throw new IllegalArgumentException("runs: a comparison needs at least 2 runs, got " + runs.size());
        if (baseline < 0 || baseline >= runs.size()) {
            throw new IllegalArgumentException("baseline: expected 0.." + (runs.size() - 1) + " (an index into runs), got " + baseline);
        }
        List<ComparedRun> labelled = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < runs.size(); i++) {
            ComparedRun r = notNull(runs.get(i), "runs[" + i + "]");
            String label = r.label();
            if (!seen.add(label)) {
                label = label + " #" + (i + 1);
                seen.add(label);
            }
            labelled.add(label.equals(r.label()) ? r : r.withLabel(label));
        }
        return new Comparison(List.copyOf(labelled), baseline, fairness(labelled, baseline));
    }

    private static List<String> fairness(List<ComparedRun> runs, int baseline) {
        List<String> notes = new ArrayList<>();
        for (ComparedRun r : runs) {
            // a damaged request log leaves the prompt check (and the run's own accounting) unproven
            for (String problem : r.logProblems()) notes.add("requests.jsonl of '" + r.label() + "' is not sound: " + problem);
        }
        ComparedRun base = runs.get(baseline);
        for (int i = 0; i < runs.size(); i++) {
            if (i == baseline) continue;
            ComparedRun r = runs.get(i);
            String who = "'" + r.label() + "' vs baseline '" + base.label() + "'";
            List<String> diffs = differences(ReportJson.leaves(base.report().config().workload(), ""),
                    ReportJson.leaves(r.report().config().workload(), ""));
            if (!diffs.isEmpty()) notes.add("workloads differ (" + who + "): " + String.join("; ", diffs));
            differs(notes, who, "seed.root", base.report().seed().root(), r.report().seed().root(), "seeds differ");
            differs(notes, who, "seed.scenarioSeed", base.report().seed().scenarioSeed(), r.report().seed().scenarioSeed(),
                    "seeds differ");
            differs(notes, who, "tokenizer", base.report().config().tokenizer(), r.report().config().tokenizer(),
                    "prompt sets differ");
            if (base.promptHashes() == null || r.promptHashes() == null) {
                notes.add("prompt sets could not be compared (" + who + "): no requests.jsonl in "
                        + (base.promptHashes() == null ? "'" + base.label() + "'" : "'" + r.label() + "'"));
            } else {
                long differing = 0, first = -1;
                for (Map.Entry<Long, String> e : r.promptHashes().entrySet()) {
                    String other = base.promptHashes().get(e.getKey());
                    if (other != null && !other.equals(e.getValue())) {
                        if (first < 0) first = e.getKey();
                        differing++;
                    }
                }
                if (differing > 0) {
                    notes.add("prompt sets differ (" + who + "): " + differing + " request(s) got a different prompt, first at index " + first);
                }
            }
        }
        return List.copyOf(notes);
    }

    private static void differs(List<String> notes, String who, String what, String base, String run, String headline) {
        String a = base == null ? "?" : base, b = run == null ? "?" : run;
        if (!a.equals(b)) notes.add(headline + " (" + who + "): " + what + " " + b + " vs " + a);
    }

    /** Leaf-by-leaf differences of two blocks, as {@code key: b vs a}, keys sorted. */
    private static List<String> differences(Map<String, Object> a, Map<String, Object> b) {
        List<String> out = new ArrayList<>();
        Set<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) {
            if (a.containsKey(k) && b.containsKey(k) && Objects.equals(a.get(k), b.get(k))) continue;
            out.add(k + " " + show(b, k) + " vs " + show(a, k));
        }
        return out;
    }

    private static String show(Map<String, Object> block, String key) {
        return block.containsKey(key) ? String.valueOf(block.get(key)) : "(missing)";
    }

    /** The runs, with unique labels. */
    public List<ComparedRun> runs() {
        return runs;
    }

    /** The index of the baseline run. */
    public int baseline() {
        return baseline;
    }

    /** Why the comparison is unfair; empty when the runs share workload, seeds and prompts. */
    public List<String> unfairness() {
        return unfairness;
    }

    /** A metric's value of a run ({@code NaN} when absent). */
    public double value(int run, Metric m) {
        return m.valueIn(runs.get(run).report());
    }

    /** {@code (run - baseline) / baseline} of a metric; {@code NaN} when either is absent or the baseline is 0. */
    public double delta(int run, Metric m) {
        double v = value(run, m), b = value(baseline, m);
        return Double.isFinite(v) && Double.isFinite(b) && b != 0 ? (v - b) / b : Double.NaN;
    }

    /** Whether a delta is an improvement ({@code 1}), a regression ({@code -1}) or within {@link #SAME_WITHIN} ({@code 0}). */
    public static int verdict(Metric m, double delta) {
        if (!Double.isFinite(delta) || Math.abs(delta) < SAME_WITHIN) return 0;
        boolean up = delta > 0;
        return (up == (m.better() == Better.HIGHER)) ? 1 : -1;
    }

    /** The correlation matrix and VIFs of the headline metrics across the runs (docs/analysis.md §2). */
    public OrthogonalityBlock orthogonality() {
        return orthogonality;
    }

    /** The Pareto front of the runs over energy per token, E2E p99 and accuracy (docs/analysis.md §3). */
    public ParetoBlock pareto() {
        return pareto;
    }

    /**
     * The seed's comparison table: per run its backend, mean latency (ms), throughput (output tokens/s), KV-cache hit
     * rate, peak device memory (GB), plus E2E p99 and the relative efficiency against the baseline
     * ({@link #RELATIVE_EFFICIENCY}).
     */
    public ComparisonDocument.SeedTable seedTable() {
        double base = runs.get(baseline).report().throughput().outputTokensPerSecond();
        List<ComparisonDocument.SeedRow> rows = new ArrayList<>();
        for (ComparedRun r : runs) {
            Report rep = r.report();
            double x = rep.throughput().outputTokensPerSecond();
            double memory = ReportFigures.deviceMemoryPeakBytes(rep);
            rows.add(new ComparisonDocument.SeedRow(r.label(), rep.backend().name(), ReportNumbers.round(rep.latency(LatencyMetric.E2E).mean()),
                    ReportNumbers.round(x), ReportNumbers.round(ReportFigures.kvCacheHitRate(rep)), ReportNumbers.round(memory / 1e9),
                    ReportNumbers.round(rep.latency(LatencyMetric.E2E).p99()),
                    Double.isFinite(x) && Double.isFinite(base) && base > 0 ? ReportNumbers.round(x / base) : Double.NaN));
        }
        return new ComparisonDocument.SeedTable(RELATIVE_EFFICIENCY, rows);
    }

    /** The {@code comparison.json} document. */
    public ComparisonDocument document() {
        List<ComparisonDocument.MetricEntry> metrics = new ArrayList<>();
        for (Metric m : METRICS) {
            metrics.add(new ComparisonDocument.MetricEntry(m.key(), m.name(), m.pointer(),
                    m.unit().name().toLowerCase(Locale.ROOT), m.better().name().toLowerCase(Locale.ROOT)));
        }
        List<ComparisonDocument.RunEntry> entries = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            ComparedRun r = runs.get(i);
            Report rep = r.report();
            Map<String, Double> values = new LinkedHashMap<>();
            Map<String, Double> deltas = new LinkedHashMap<>();
            for (Metric m : METRICS) {
                values.put(m.key(), value(i, m));
                deltas.put(m.key(), delta(i, m));
            }
            entries.add(new ComparisonDocument.RunEntry(r.label(), r.dir() == null ? null : r.dir().toString(),
                    rep.backend().name(), rep.backend().model(),
                    rep.run().status() == null ? null : rep.run().status().name().toLowerCase(Locale.ROOT),
                    rep.run().labels(), rep.config().workload().name(), rep.seed().root(), rep.seed().scenarioSeed(),
                    values, deltas));
        }
        return new ComparisonDocument(SCHEMA_VERSION, new ComparisonDocument.Tool("benchsuite"), baseline,
                runs.get(baseline).label(), unfairness.isEmpty(), unfairness, metrics, entries, seedTable(), orthogonality, pareto,
                ModelRows.of(this));
    }

    /** The {@code comparison.json} text. */
    public String toJson() {
        return ReportJson.write(document());
    }

    /** The {@code comparison.html} page. */
    public String toHtml() {
        return ComparisonPage.render(this);
    }

    /** Writes {@code comparison.json} and {@code comparison.html} into {@code dir} (created when missing). */
    public void write(Path dir) throws IOException {
        notNull(dir, "dir");
        Files.createDirectories(dir);
        ReportWriters.atomicWrite(dir.resolve(COMPARISON_JSON), toJson() + "\n");
        ReportWriters.atomicWrite(dir.resolve(COMPARISON_HTML), toHtml());
    }
}
