package io.benchsuite.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {
    @TempDir
    static Path tmp;
    static Path base;

    @BeforeAll
    static void oneRealRun() {
        base = tmp.resolve("baseline-run");
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(3), Duration.ofMillis(1))) {
            Benchmark.named("cmp").backend(backend).seed(SeedChain.fromLong(11)).model("m").slo(Slo.parse("e2e=1s"))
                    .workload(Workload.closed(2).maxRequests(20).inputTokens(LengthDistribution.fixed(16))
                            .outputTokens(LengthDistribution.fixed(4)).build())
                    .outputDir(base).run();
        }
    }

    /** A copy of the baseline run directory with its report edited. */
    private static Path variant(String name, Consumer<ObjectNode> edit) throws Exception {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        Files.copy(base.resolve("requests.jsonl"), dir.resolve("requests.jsonl"), StandardCopyOption.REPLACE_EXISTING);
        ObjectNode report = JsonTrees.read(base.resolve("report.json"));
        edit.accept(report);
        JsonTrees.write(dir.resolve("report.json"), report);
        return dir;
    }

    private static void faster(ObjectNode r) {
        ((ObjectNode) r.get("backend")).put("name", "faster <b>engine</b>");
        ((ObjectNode) r.get("e2e")).put("mean", r.at("/e2e/mean").asDouble() / 2);
        ((ObjectNode) r.get("throughput")).put("outputTokensPerSecond", r.at("/throughput/outputTokensPerSecond").asDouble() * 2);
        r.putObject("server").put("prefixCacheHitRate", 0.5);
    }

    @Test
    void comparisonJsonHasTheVersionedShapeAndDirectionAwareDeltas() throws Exception {
        Path fast = variant("fast", ComparisonTest::faster);
        Comparison c = Comparison.of(List.of(ComparedRun.load(base), ComparedRun.load(fast)), 0);
        Path out = tmp.resolve("out1");
        c.write(out);

        JsonNode json = JsonTrees.read(out.resolve("comparison.json"));
        List<String> keys = new ArrayList<>();
        json.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactlyInAnyOrder("schemaVersion", "tool", "baseline", "baselineLabel", "fair", "unfairness", "metrics", "runs",
                "seedTable", "orthogonality", "pareto");
        assertThat(json.path("schemaVersion").asInt()).isEqualTo(Comparison.SCHEMA_VERSION);
        assertThat(json.path("fair").asBoolean()).as(json.path("unfairness").toString()).isTrue();
        assertThat(json.path("baselineLabel").asText()).isEqualTo("baseline-run");
        assertThat(json.path("metrics")).hasSize(Comparison.METRICS.size());
        JsonNode run = json.path("runs").get(1);
        List<String> runKeys = new ArrayList<>();
        run.fieldNames().forEachRemaining(runKeys::add);
        assertThat(runKeys).containsExactlyInAnyOrder("label", "dir", "backend", "model", "status", "labels", "workload",
                "seedRoot", "scenarioSeed", "values", "deltas");
        assertThat(run.at("/deltas/e2eMeanMs").asDouble()).isCloseTo(-0.5, within(1e-3));
        assertThat(run.at("/deltas/outputTokensPerSecond").asDouble()).isCloseTo(1.0, within(1e-3));
        assertThat(run.at("/values/kvCacheHitRate").asDouble()).isEqualTo(0.5);
        assertThat(run.at("/deltas/kvCacheHitRate").isNull()).as("no baseline hit rate: no delta, never 0").isTrue();
        assertThat(json.at("/runs/0/values/kvCacheHitRate").isNull()).isTrue();
        assertThat(json.at("/runs/0/deltas/e2eMeanMs").asDouble()).isZero();

        String html = Files.readString(out.resolve("comparison.html"));
        String fastRow = html.substring(html.indexOf("<tr data-run=\"fast\">"));
        fastRow = fastRow.substring(0, fastRow.indexOf("</tr>"));
        assertThat(fastRow).containsPattern("data-metric=\"e2eMeanMs\">[^<]+<br><small class=\"delta better\">-50\\.0%")
                .containsPattern("data-metric=\"outputTokensPerSecond\">[^<]+<br><small class=\"delta better\">\\+100\\.0%")
                .contains("faster &lt;b&gt;engine&lt;/b&gt;");
        assertThat(html).doesNotContain("id=\"unfair\"").contains("Baseline: <b>baseline-run</b>");
        assertThat(Pattern.compile("<path class=\"series\"").matcher(html).results().count()).isEqualTo(8);

        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(c.toHtml()).as("German default locale").isEqualTo(html);
        } finally {
            Locale.setDefault(before);
        }

        // the other way round: the slower run is worse
        Comparison reversed = Comparison.of(List.of(ComparedRun.load(base), ComparedRun.load(fast)), 1);
        Comparison.Metric e2e = Comparison.METRICS.get(0);
        assertThat(reversed.delta(0, e2e)).isCloseTo(1.0, within(1e-3));
        assertThat(Comparison.verdict(e2e, reversed.delta(0, e2e))).isEqualTo(-1);
        assertThat(Comparison.verdict(e2e, 0.005)).as("within 1%% is the same").isZero();
    }

    /** A run as a simulated device would report it: the engine's energy per token and peak memory. */
    private static Consumer<ObjectNode> engine(String backend, double energyPerToken, double peakGb, double hitRate, double tokensFactor,
                                               double e2eP99Factor) {
        return r -> {
            ((ObjectNode) r.get("backend")).put("name", backend);
            ObjectNode e = r.putObject("engine");
            e.put("source", "sim").put("device", "a100-80gb").put("requests", 20).put("prefixCacheHitRate", hitRate)
                    .put("energyPerOutputToken", energyPerToken).put("peakMemoryBytes", peakGb * 1e9).put("memoryCapacityBytes", 80e9);
            ((ObjectNode) r.get("throughput")).put("outputTokensPerSecond", 1000 * tokensFactor);
            ((ObjectNode) r.get("e2e")).put("mean", 100 * e2eP99Factor).put("p99", 200 * e2eP99Factor);
        };
    }

    @Test
    void theSeedTableTheCorrelationOfTheRunsAndTheirParetoFrontAreInBothDocuments() throws Exception {
        // energy per token and E2E p99: vllm (1.0, 200) and tgi (0.5, 400) and llamacpp (0.4, 600) trade one for the other;
        // transformers (2.0, 400) is beaten on both by vllm and by tgi
        Path vllm = variant("vllm", engine("vllm", 1.0, 48.1, 0.967, 1.0, 1.0));
        Path tgi = variant("tgi", engine("tgi", 0.5, 52.4, 0.892, 0.8, 2.0));
        Path hf = variant("transformers", engine("transformers", 2.0, 56.8, 0.735, 0.5, 2.0));
        Path cpp = variant("llamacpp", engine("llama.cpp", 0.4, 20.0, 0.5, 0.25, 3.0));
        Comparison c = Comparison.of(List.of(ComparedRun.load(vllm), ComparedRun.load(tgi), ComparedRun.load(hf), ComparedRun.load(cpp)), 0);
        Path out = tmp.resolve("out-seed");
        c.write(out);
        JsonNode json = JsonTrees.read(out.resolve("comparison.json"));

        JsonNode tgiRow = json.at("/seedTable/rows/1");
        assertThat(tgiRow.path("backend").asText()).isEqualTo("tgi");
        assertThat(tgiRow.path("meanLatencyMs").asDouble()).isEqualTo(200.0);
        assertThat(tgiRow.path("tokensPerSecond").asDouble()).isEqualTo(800.0);
        assertThat(tgiRow.path("kvCacheHitRate").asDouble()).isEqualTo(0.892);
        assertThat(tgiRow.path("peakMemoryGb").asDouble()).isEqualTo(52.4);
        assertThat(tgiRow.path("e2eP99Ms").asDouble()).isEqualTo(400.0);
        assertThat(tgiRow.path("relativeEfficiency").asDouble()).isEqualTo(0.8);
        assertThat(json.at("/seedTable/rows/3/relativeEfficiency").asDouble()).isEqualTo(0.25);
        assertThat(json.at("/seedTable/relativeEfficiency").asText()).startsWith("output tokens/s ÷ the baseline's output tokens/s");
        assertThat(json.at("/runs/1/values/e2eP99Ms").asDouble()).isEqualTo(400.0);
        assertThat(json.at("/runs/1/values/gpuMemoryPeakBytes").asDouble()).as("the engine's device memory").isEqualTo(52.4e9);

        // across the four runs: throughput X = 1000, 800, 500, 250 and E2E mean = 100, 200, 200, 300 (p50 unchanged)
        assertThat(json.at("/orthogonality/runs").asInt()).isEqualTo(4);
        List<String> metrics = new ArrayList<>();
        json.at("/orthogonality/metrics").forEach(m -> metrics.add(m.asText()));
        assertThat(metrics).contains("outputThroughput", "kvCacheHitRate", "memoryPeak", "energyPerToken");
        int x = metrics.indexOf("outputThroughput"), hit = metrics.indexOf("kvCacheHitRate");
        // Pearson r of (1000, 800, 500, 250) and (0.967, 0.892, 0.735, 0.5), from the definition
        double[] a = {1000, 800, 500, 250}, b = {0.967, 0.892, 0.735, 0.5};
        assertThat(json.at("/orthogonality/correlation/" + x + "/" + hit).asDouble()).isCloseTo(pearson(a, b), within(1e-6));
        assertThat(json.at("/orthogonality/vifAbsent").asText()).as("4 runs, more metrics than runs - 1").contains("runs");
        assertThat(json.at("/orthogonality/dropped/ttft").asText()).startsWith("constant across runs");

        assertThat(c.pareto().front()).containsExactly("vllm", "tgi", "llamacpp");
        assertThat(c.pareto().dominatedBy().get("transformers")).containsExactlyInAnyOrder("vllm", "tgi");
        assertThat(json.at("/pareto/leftOut/accuracy").asText()).startsWith("no run measured it");
        assertThat(json.at("/pareto/objectives/1/name").asText()).isEqualTo("e2e-p99");

        String html = Files.readString(out.resolve("comparison.html"));
        String row = html.substring(html.indexOf("<section id=\"seed-table\""));
        row = row.substring(row.indexOf("<tr data-seed-run=\"tgi\">"));
        row = row.substring(0, row.indexOf("</tr>"));
        assertThat(row).contains("data-col=\"meanLatencyMs\">200.0<", "data-col=\"tokensPerSecond\">800<",
                "data-col=\"kvCacheHitRate\">89.2%<", "data-col=\"peakMemoryGb\">52.4<", "data-col=\"e2eP99Ms\">400.0<",
                "data-col=\"relativeEfficiency\">0.80<");
        assertThat(html).contains("Relative efficiency (tokens/s vs baseline)", "<section id=\"orthogonality\">", "class=\"chart heatmap\"",
                "<section id=\"pareto\">", "data-title=\"Pareto front: e2e-p99 vs energyPerToken\"",
                "<tr data-run=\"transformers\" data-front=\"false\">").doesNotContain("<script");
    }

    private static double pearson(double[] a, double[] b) {
        double ma = Arrays.stream(a).average().orElseThrow(), mb = Arrays.stream(b).average().orElseThrow();
        double sab = 0, saa = 0, sbb = 0;
        for (int i = 0; i < a.length; i++) {
            sab += (a[i] - ma) * (b[i] - mb);
            saa += (a[i] - ma) * (a[i] - ma);
            sbb += (b[i] - mb) * (b[i] - mb);
        }
        return sab / Math.sqrt(saa * sbb);
    }

    @Test
    void differentWorkloadsSeedsOrPromptsAreCalledUnfair() throws Exception {
        Path otherWorkload = variant("other-workload", r -> {
            ((ObjectNode) r.at("/config/workload")).put("users", "steady:8.0");
            ((ObjectNode) r.get("seed")).put("root", "ff00").put("scenarioSeed", "ee11");
        });
        Path otherPrompts = variant("other-prompts", r -> {});
        List<String> lines = Files.readAllLines(otherPrompts.resolve("requests.jsonl"));
        ObjectNode line = (ObjectNode) JsonTrees.parse(lines.get(3));
        line.put("promptHash", "0000deadbeef");
        lines.set(3, JsonTrees.MAPPER.writeValueAsString(line));
        Files.write(otherPrompts.resolve("requests.jsonl"), lines);

        Comparison c = Comparison.of(List.of(ComparedRun.load(base), ComparedRun.load(otherWorkload), ComparedRun.load(otherPrompts)), 0);
        assertThat(c.unfairness()).anySatisfy(n -> assertThat(n).startsWith("workloads differ ('other-workload' vs baseline 'baseline-run')")
                        .contains("users steady:8.0 vs steady:2.0"))
                .anySatisfy(n -> assertThat(n).contains("seeds differ").contains("seed.root ff00 vs"))
                .anySatisfy(n -> assertThat(n).contains("seeds differ").contains("seed.scenarioSeed ee11"))
                .anySatisfy(n -> assertThat(n).startsWith("prompt sets differ ('other-prompts'").contains("1 request(s)"));
        assertThat(c.unfairness()).noneMatch(n -> n.contains("'other-prompts'") && !n.startsWith("prompt sets differ"));
        assertThat(c.document().fair()).isFalse();
        assertThat(c.document().unfairness()).hasSize(c.unfairness().size());
        JsonNode json = JsonTrees.parse(c.toJson());
        assertThat(json.path("fair").asBoolean()).isFalse();
        assertThat(json.path("unfairness")).hasSize(c.unfairness().size());
        String html = c.toHtml();
        assertThat(html).contains("id=\"unfair\"").contains("unfair comparison: workloads differ");

        Path noLog = variant("no-log", r -> {});
        Files.delete(noLog.resolve("requests.jsonl"));
        assertThat(Comparison.of(List.of(ComparedRun.load(base), ComparedRun.load(noLog)), 0).unfairness())
                .containsExactly("prompt sets could not be compared ('no-log' vs baseline 'baseline-run'): no requests.jsonl in 'no-log'");
    }

    @Test
    void duplicateLabelsAreMadeUniqueAndBadArgumentsAreNamed() {
        ComparedRun a = ComparedRun.load(base);
        Comparison c = Comparison.of(List.of(a, a), 0);
        assertThat(c.runs()).extracting(ComparedRun::label).containsExactly("baseline-run", "baseline-run #2");
        assertThat(Set.copyOf(c.unfairness())).isEmpty();
        assertThatThrownBy(() -> Comparison.of(List.of(a), 0)).hasMessageContaining("runs: a comparison needs at least 2 runs");
        assertThatThrownBy(() -> Comparison.of(List.of(a, a), 2)).hasMessageContaining("baseline: expected 0..1");
    }
}
