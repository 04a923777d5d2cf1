package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.LatencyHistograms;
import io.benchsuite.core.RunResult;
import io.benchsuite.testkit.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWritersTest {
    private static RunResult run(Path dir) {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(3), Duration.ofMillis(1))) {
            return Benchmark.named("report").backend(backend).seed(SeedChain.fromLong(7)).model("m")
                    .workload(Workload.closed(2).maxRequests(12).inputTokens(LengthDistribution.fixed(20))
                            .outputTokens(LengthDistribution.fixed(4)).build())
                    .outputDir(dir).label("device", "test")
                    .listener(new io.benchsuite.core.RunListener() {
                        @Override
                        public java.util.Map<String, JsonNode> reportSections() {
                            ObjectNode server = Json.MAPPER.createObjectNode();
                            server.putNull("prefixCacheHitRate");
                            server.put("source", "test");
                            return java.util.Map.of("server", server, "ttft", server);
                        }
                    }).run();
        }
    }

    @Test
    void writesTheThreeFilesWithTheSchema(@TempDir Path dir) throws Exception {
        RunResult r = run(dir);
        JsonNode report = Json.MAPPER.readTree(dir.resolve("report.json").toFile());
        assertThat(report.path("schemaVersion").asInt()).isEqualTo(ReportJson.SCHEMA_VERSION);
        for (String metric : List.of("ttft", "itl", "tpot", "e2e")) {
            for (String key : List.of("mean", "p50", "p90", "p95", "p99", "p999", "max")) {
                assertThat(report.path(metric).path(key).isNumber()).as("%s.%s", metric, key).isTrue();
            }
        }
        assertThat(report.path("ttft").path("p99").asDouble()).isEqualTo(Json.round(r.summary().ttft().p99()));
        assertThat(report.path("throughput").path("outputTokensPerSecond").isNumber()).isTrue();
        assertThat(report.path("goodput").has("fraction")).isTrue();
        assertThat(report.path("seed").path("root").asText()).isEqualTo(SeedChain.fromLong(7).rootHex());
        assertThat(report.path("seed").path("scenarioSeed").asText()).isEqualTo(SeedChain.fromLong(7).scenario("report").hex());
        assertThat(report.path("config").path("workload").path("mode").asText()).isEqualTo("closed");
        assertThat(report.path("environment").path("cpus").asInt()).isPositive();
        assertThat(report.path("run").path("labels").path("device").asText()).isEqualTo("test");
        assertThat(report.path("requests").path("measured").asLong()).isEqualTo(12);
        assertThat(report.path("timeSeries").size()).isPositive();
        assertThat(report.path("server").path("source").asText()).isEqualTo("test");
        assertThat(report.path("server").path("prefixCacheHitRate").isNull()).as("absent is null, never 0").isTrue();
        assertThat(report.path("ttft").has("source")).as("a section may not replace a core key").isFalse();

        List<String> lines = Files.readAllLines(dir.resolve("requests.jsonl"));
        assertThat(lines).hasSize(12);
        for (String line : lines) {
            JsonNode o = Json.MAPPER.readTree(line);
            for (String key : List.of("index", "scheduledOffsetMs", "sentOffsetMs", "endOffsetMs", "promptHash",
                    "inputTokens", "outputTokens", "ttftMs", "e2eMs", "outcome")) {
                assertThat(o.has(key)).as("requests.jsonl key %s", key).isTrue();
            }
            assertThat(o.path("inputTokens").asInt()).isEqualTo(20);
            assertThat(o.path("itlMs").size()).isEqualTo(3);
        }

        String csv = Files.readString(dir.resolve("summary.csv"));
        assertThat(csv).startsWith("metric,statistic,value,unit\n").contains("\nttft,p99,").contains("\nrequests,measured,12,count\n");
    }

    @Test
    void histogramsRoundTripThroughTheReportLosslessly(@TempDir Path dir) throws Exception {
        RunResult r = run(dir);
        ObjectNode report = (ObjectNode) Json.MAPPER.readTree(dir.resolve("report.json").toFile());
        LatencyHistograms decoded = ReportJson.histograms(report);
        for (String m : LatencyHistograms.METRICS) {
            assertThat(decoded.get(m)).as(m).isEqualTo(r.histograms().get(m));
        }
        LatencyHistograms merged = decoded.merge(r.histograms());
        assertThat(merged.get("ttft").getTotalCount()).isEqualTo(2 * r.histograms().get("ttft").getTotalCount());
        assertThat(merged.stats("ttft").p99()).isEqualTo(r.histograms().stats("ttft").p99());
    }

    @Test
    void csvNumbersIgnoreTheDefaultLocale(@TempDir Path dir) {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            RunResult r = run(dir);
            String csv = SummaryCsv.render(r);
            assertThat(csv).doesNotContainPattern("ms,\\d+,\\d");
            assertThat(csv).containsPattern("\nttft,mean,\\d+\\.\\d+,ms\n");
        } finally {
            Locale.setDefault(before);
        }
    }
}
