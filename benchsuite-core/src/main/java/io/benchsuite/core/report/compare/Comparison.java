package io.benchsuite.core.report.compare;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.core.report.Json;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.html.Headline.Unit;
import io.benchsuite.core.report.html.internal.J;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A side-by-side comparison of runs: the seed's table (backend, model, mean latency, output
 * tokens/s, KV-cache hit rate, peak memory) plus TTFT p99, TPOT p99 and goodput, relative deltas
 * against a baseline run, and the reasons the comparison is unfair (different workloads, seeds or
 * prompts) — stated, never silently computed over.
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
     * @param pointer where the value is in report.json
     * @param unit display unit
     * @param better which direction is an improvement
     */
    public record Metric(String key, String name, String pointer, Unit unit, Better better) {}

    /** The compared metrics, in table order. */
    public static final List<Metric> METRICS = List.of(
            new Metric("e2eMeanMs", "Mean latency (E2E)", "/e2e/mean", Unit.MS, Better.LOWER),
            new Metric("ttftP99Ms", "TTFT p99", "/ttft/p99", Unit.MS, Better.LOWER),
            new Metric("tpotP99Ms", "TPOT p99", "/tpot/p99", Unit.MS, Better.LOWER),
            new Metric("outputTokensPerSecond", "Output tokens/s", "/throughput/outputTokensPerSecond", Unit.TOKENS_PER_S, Better.HIGHER),
            new Metric("goodputRequestsPerSecond", "Goodput", "/goodput/requestsPerSecond", Unit.REQUESTS_PER_S, Better.HIGHER),
            new Metric("kvCacheHitRate", "KV-cache hit rate", "/server/prefixCacheHitRate", Unit.RATIO_AS_PERCENT, Better.HIGHER),
            new Metric("gpuMemoryPeakBytes", "Peak GPU memory", "/gpu/memoryUsedBytes/peak", Unit.BYTES, Better.LOWER),
            new Metric("rssPeakBytes", "Peak process memory (RSS)", "/host/memory/rssPeakBytes", Unit.BYTES, Better.LOWER));

    private final List<ComparedRun> runs;
    private final int baseline;
    private final List<String> unfairness;

    private Comparison(List<ComparedRun> runs, int baseline, List<String> unfairness) {
        this.runs = runs;
        this.baseline = baseline;
        this.unfairness = unfairness;
    }

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
        ComparedRun base = runs.get(baseline);
        for (int i = 0; i < runs.size(); i++) {
            if (i == baseline) continue;
            ComparedRun r = runs.get(i);
            String who = "'" + r.label() + "' vs baseline '" + base.label() + "'";
            List<String> diffs = differences(base.report().path("config").path("workload"), r.report().path("config").path("workload"), "");
            if (!diffs.isEmpty()) notes.add("workloads differ (" + who + "): " + String.join("; ", diffs));
            for (String key : List.of("root", "scenarioSeed")) {
                String a = J.text(base.report(), "/seed/" + key, "?"), b = J.text(r.report(), "/seed/" + key, "?");
                if (!a.equals(b)) notes.add("seeds differ (" + who + "): seed." + key + " " + b + " vs " + a);
            }
            String ta = J.text(base.report(), "/config/tokenizer", "?"), tb = J.text(r.report(), "/config/tokenizer", "?");
            if (!ta.equals(tb)) notes.add("prompt sets differ (" + who + "): tokenizer " + tb + " vs " + ta);
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

    /** Leaf-by-leaf differences of two JSON objects, as {@code key: b vs a}. */
    private static List<String> differences(JsonNode a, JsonNode b, String prefix) {
        List<String> out = new ArrayList<>();
        Set<String> keys = new java.util.TreeSet<>();
        a.fieldNames().forEachRemaining(keys::add);
        b.fieldNames().forEachRemaining(keys::add);
        for (String k : keys) {
            JsonNode x = a.path(k), y = b.path(k);
            if (x.isObject() && y.isObject()) out.addAll(differences(x, y, prefix + k + "."));
            else if (!x.equals(y)) out.add(prefix + k + " " + show(y) + " vs " + show(x));
        }
        return out;
    }

    private static String show(JsonNode n) {
        return n.isMissingNode() ? "(missing)" : n.isValueNode() ? n.asText() : n.toString();
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
        return J.num(runs.get(run).report(), m.pointer());
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

    /** The {@code comparison.json} document. */
    public ObjectNode toJson() {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.putObject("tool").put("name", "benchsuite");
        root.put("baseline", baseline);
        root.put("baselineLabel", runs.get(baseline).label());
        root.put("fair", unfairness.isEmpty());
        ArrayNode notes = root.putArray("unfairness");
        unfairness.forEach(notes::add);
        ArrayNode metrics = root.putArray("metrics");
        for (Metric m : METRICS) {
            metrics.addObject().put("key", m.key()).put("name", m.name()).put("pointer", m.pointer())
                    .put("unit", m.unit().name().toLowerCase(java.util.Locale.ROOT)).put("better", m.better().name().toLowerCase(java.util.Locale.ROOT));
        }
        ArrayNode rs = root.putArray("runs");
        for (int i = 0; i < runs.size(); i++) {
            ComparedRun r = runs.get(i);
            JsonNode rep = r.report();
            ObjectNode o = rs.addObject();
            o.put("label", r.label());
            o.put("dir", r.dir() == null ? null : r.dir().toString());
            o.put("backend", J.text(rep, "/backend/name", null));
            o.put("model", J.text(rep, "/backend/model", null));
            o.put("status", J.text(rep, "/run/status", null));
            o.set("labels", rep.path("run").path("labels").isObject() ? rep.path("run").path("labels").deepCopy() : Json.MAPPER.createObjectNode());
            o.put("workload", J.text(rep, "/config/workload/name", null));
            o.put("seedRoot", J.text(rep, "/seed/root", null));
            o.put("scenarioSeed", J.text(rep, "/seed/scenarioSeed", null));
            ObjectNode values = o.putObject("values");
            ObjectNode deltas = o.putObject("deltas");
            for (Metric m : METRICS) {
                Json.put(values, m.key(), value(i, m));
                Json.put(deltas, m.key(), delta(i, m));
            }
        }
        return root;
    }

    /** The {@code comparison.html} page. */
    public String toHtml() {
        return ComparisonPage.render(this);
    }

    /** Writes {@code comparison.json} and {@code comparison.html} into {@code dir} (created when missing). */
    public void write(Path dir) throws IOException {
        notNull(dir, "dir");
        Files.createDirectories(dir);
        ReportWriters.atomicWrite(dir.resolve(COMPARISON_JSON), Json.MAPPER.writeValueAsString(toJson()) + "\n");
        ReportWriters.atomicWrite(dir.resolve(COMPARISON_HTML), toHtml());
    }
}
