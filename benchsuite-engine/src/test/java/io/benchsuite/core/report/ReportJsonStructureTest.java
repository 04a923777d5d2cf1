package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The golden structure of report.json: schemaVersion and the exact key sets a reader (the HTML
 * renderer, {@code benchsuite compare}, scripts) depends on. A change here is a schema change:
 * bump {@link Report#SCHEMA_VERSION} when it is incompatible. The keys are spelled out, not taken
 * from the model, so that a change of the model shows here.
 */
class ReportJsonStructureTest {
    private static List<String> keys(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void reportJsonHasTheGoldenKeys(@TempDir Path dir) throws Exception {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(2), Duration.ofMillis(1))) {
            Benchmark.named("golden").backend(backend).seed(SeedChain.fromLong(1)).model("m")
                    .workload(Workload.closed(2).maxRequests(6).inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(3)).build())
                    .outputDir(dir).run();
        }
        JsonNode r = JsonTrees.read(dir.resolve("report.json"));
        assertThat(r.path("schemaVersion").isInt()).isTrue();
        assertThat(r.path("schemaVersion").asInt()).isEqualTo(1);
        List<String> latencies = List.of("ttft", "itl", "tpot", "e2e", "ttftFromSend", "scheduleLag", "dispatchLag", "slotWait",
                "ttfat", "ttfrt", "answerItl", "answerTpot");
        List<String> top = new ArrayList<>(List.of("schemaVersion", "tool", "run", "backend", "config", "seed", "environment",
                "requests", "rate", "throughput", "goodput", "tokens", "errors", "timeSeries", "histograms"));
        top.addAll(latencies);
        List<String> withSections = new ArrayList<>(top);
        withSections.add("workload"); // the engine's own section: what was sent
        // an in-process backend's run also records cold start against steady state, and every report its stage shares
        withSections.addAll(List.of("coldStart", "decomposition"));
        withSections.add("client"); // the engine's own section: the client's hiccups and CPU
        withSections.add("figureSources"); // where each headline figure several blocks could give came from
        assertThat(keys(r)).containsExactlyInAnyOrderElementsOf(withSections);
        assertThat(keys(r.path("figureSources"))).containsExactlyInAnyOrder("kvCacheHitRate", "memoryPeak", "memoryFragmentation",
                "energyPerToken");
        assertThat(keys(r.path("figureSources").path("memoryPeak"))).containsExactlyInAnyOrder("value", "source", "pointer");
        assertThat(keys(r.path("client"))).containsExactlyInAnyOrder("hiccups", "cpu", "stallThresholdMs", "stalledRequests",
                "saturated");
        assertThat(keys(r.path("client").path("hiccups"))).containsExactlyInAnyOrder("resolutionMs", "samples", "p50Ms",
                "p99Ms", "maxMs", "stallsOverThreshold");
        assertThat(keys(r.path("client").path("cpu"))).containsExactlyInAnyOrder("processSeconds", "wallSeconds", "cores",
                "processPct");
        List<String> reserved = new ArrayList<>(top);
        // an optional metric's block is written only by a run with samples of it (none here); its key is still taken
        for (LatencyMetric m : LatencyMetric.values()) if (m.optional()) reserved.add(m.key());
        assertThat(Report.RESERVED_KEYS).containsExactlyInAnyOrderElementsOf(reserved);
        assertThat(keys(r.path("workload"))).containsExactlyInAnyOrder("source", "pacing", "plans", "skipped", "adjusted",
                "requests", "inputTokens", "outputTokens", "prefixSharing", "turns");
        assertThat(keys(r.path("workload").path("inputTokens"))).containsExactlyInAnyOrder("count", "mean", "min", "p50",
                "p90", "p99", "max", "buckets");
        assertThat(keys(r.path("workload").path("prefixSharing"))).containsExactlyInAnyOrder("promptTokens",
                "repeatedTokens", "idealHitRate");
        assertThat(keys(r.path("tool"))).containsExactlyInAnyOrder("name", "version", "commit");
        assertThat(keys(r.path("run"))).containsExactlyInAnyOrder("name", "status", "startedAt", "endedAt", "labels", "id",
                "stopReason", "timeScale");
        assertThat(r.path("run").path("timeScale").asDouble()).as("figures in the wall clock's own time").isEqualTo(1.0);
        assertThat(r.path("run").path("id").asText()).matches("[0-9a-f]{16}");
        assertThat(keys(r.path("backend"))).containsExactlyInAnyOrder("name", "model", "endpoint", "details");
        // sloBasis is written only for a default SLO the user did not choose (the CLI's)
        assertThat(keys(r.path("config"))).containsExactlyInAnyOrder("workload", "slo", "tokenizer", "backend");
        assertThat(keys(r.path("seed"))).containsExactlyInAnyOrder("source", "root", "scenario", "scenarioSeed");
        assertThat(keys(r.path("requests"))).containsExactlyInAnyOrder("scheduled", "warmup", "cooldown", "measured",
                "succeeded", "failed", "cancelled", "waitedForSlot", "connectionRetries", "errorRate", "failureRate", "notSent",
                "cancelledByDesign");
        assertThat(keys(r.path("rate"))).containsExactlyInAnyOrder("target", "scheduled", "achieved", "achievedOverTarget",
                "achievedOverScheduled", "measuredSeconds");
        for (String latency : latencies) {
            assertThat(keys(r.path(latency))).as(latency).containsExactlyInAnyOrder("count", "mean", "p50", "p90", "p95",
                    "p99", "p999", "min", "max", "stddev");
        }
        assertThat(keys(r.path("throughput"))).containsExactlyInAnyOrder("requestsPerSecond", "outputTokensPerSecond", "totalTokensPerSecond");
        assertThat(keys(r.path("goodput"))).containsExactlyInAnyOrder("slo", "met", "requestsPerSecond", "fraction", "attainment");
        assertThat(r.path("goodput").path("attainment").isArray()).as("empty without an SLO").isTrue();
        assertThat(keys(r.path("errors"))).containsExactlyInAnyOrder("byKind", "samples");
        assertThat(r.path("timeSeries").isArray()).isTrue();
        List<String> perSecond = List.of("second", "targetRate", "scheduled", "sent", "completed", "failed", "outputTokens",
                "activeRequests", "ttftP50Ms", "ttftP99Ms", "e2eP50Ms", "e2eP99Ms");
        // a second's histograms are written when it has samples
        boolean histograms = false;
        for (JsonNode second : r.path("timeSeries")) {
            List<String> k = new ArrayList<>(keys(second));
            histograms |= k.contains("ttftHistogram") && k.contains("e2eHistogram");
            k.removeAll(List.of("ttftHistogram", "e2eHistogram"));
            assertThat(k).containsExactlyInAnyOrderElementsOf(perSecond);
        }
        assertThat(histograms).as("some second holds both histograms").isTrue();
        assertThat(keys(r.path("histograms"))).contains("encoding").containsAll(latencies);
    }
}
