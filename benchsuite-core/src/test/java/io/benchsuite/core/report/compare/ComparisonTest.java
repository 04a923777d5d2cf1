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
import io.benchsuite.testkit.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
        Files.copy(base.resolve("requests.jsonl"), dir.resolve("requests.jsonl"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
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
        assertThat(keys).containsExactlyInAnyOrder("schemaVersion", "tool", "baseline", "baselineLabel", "fair", "unfairness", "metrics", "runs");
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

        java.util.Locale before = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            assertThat(c.toHtml()).as("German default locale").isEqualTo(html);
        } finally {
            java.util.Locale.setDefault(before);
        }

        // the other way round: the slower run is worse
        Comparison reversed = Comparison.of(List.of(ComparedRun.load(base), ComparedRun.load(fast)), 1);
        Comparison.Metric e2e = Comparison.METRICS.get(0);
        assertThat(reversed.delta(0, e2e)).isCloseTo(1.0, within(1e-3));
        assertThat(Comparison.verdict(e2e, reversed.delta(0, e2e))).isEqualTo(-1);
        assertThat(Comparison.verdict(e2e, 0.005)).as("within 1%% is the same").isZero();
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
