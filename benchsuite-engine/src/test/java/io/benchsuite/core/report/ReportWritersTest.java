package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ReportNumbers;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.report.model.WorkloadSection;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWritersTest {
    /** A plugin's section whose accessor fails: it cannot be written, the rest of the report must be. */
    record Broken(double value) implements ReportSection {
        Broken() {
            this(1);
        }

        @Override
        public double value() {
            throw new IllegalStateException("plugin bug");
        }

        @Override
        public String key() {
            return "broken";
        }
    }

    private static RunResult run(Path dir) {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(3), Duration.ofMillis(1))) {
            return Benchmark.named("report").backend(backend).seed(SeedChain.fromLong(7)).model("m")
                    .workload(Workload.closed(2).maxRequests(12).inputTokens(LengthDistribution.fixed(20))
                            .outputTokens(LengthDistribution.fixed(4)).build())
                    .outputDir(dir).label("device", "test")
                    .listener(new RunListener() {
                        @Override
                        public List<ReportSection> reportSections() {
                            ServerSection server = new ServerSection("test", "http://x/metrics", 1, 0, null, Double.NaN,
                                    null, null, 0, null, null, List.of());
                            ReportSection clash = () -> "ttft";
                            return List.of(server, clash, new Broken());
                        }
                    }).run();
        }
    }

    @Test
    void writesTheThreeFilesWithTheSchema(@TempDir Path dir) throws Exception {
        RunResult r = run(dir);
        JsonNode report = JsonTrees.read(dir.resolve("report.json"));
        assertThat(report.path("schemaVersion").asInt()).isEqualTo(Report.SCHEMA_VERSION);
        for (String metric : List.of("ttft", "itl", "tpot", "e2e")) {
            for (String key : List.of("mean", "p50", "p90", "p95", "p99", "p999", "max")) {
                assertThat(report.path(metric).path(key).isNumber()).as("%s.%s", metric, key).isTrue();
            }
        }
        assertThat(report.path("ttft").path("p99").asDouble()).isEqualTo(ReportNumbers.round(r.summary().ttft().p99()));
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
        assertThat(report.has("broken")).as("an unwritable section is left out, the report is still written").isFalse();

        List<String> lines = Files.readAllLines(dir.resolve("requests.jsonl"));
        assertThat(lines).hasSize(12);
        for (String line : lines) {
            JsonNode o = JsonTrees.parse(line);
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
    void histogramsRoundTripThroughTheReportLosslessly(@TempDir Path dir) {
        RunResult r = run(dir);
        LatencyHistograms decoded = ReportJson.read(dir).histograms();
        for (LatencyMetric m : LatencyMetric.values()) {
            assertThat(decoded.get(m)).as(m.key()).isEqualTo(r.histograms().get(m));
            assertThat(decoded.count(m)).as(m.key()).isEqualTo(r.histograms().count(m));
        }
        assertThat(r.histograms().count(LatencyMetric.TTFT)).isEqualTo(12);
        assertThat(r.histograms().count(LatencyMetric.ITL)).isEqualTo(12 * 3);
        LatencyHistograms merged = decoded.merge(r.histograms());
        assertThat(merged.count(LatencyMetric.TTFT)).isEqualTo(2 * r.histograms().count(LatencyMetric.TTFT));
        assertThat(merged.stats(LatencyMetric.TTFT).p99()).isEqualTo(r.histograms().stats(LatencyMetric.TTFT).p99());
    }

    @Test
    void aReportReadBackIsTheModelThatWasWritten(@TempDir Path dir) {
        RunResult r = run(dir);
        Report written = Report.of(r.withReportDir(dir));
        Report read = ReportJson.read(dir);
        assertThat(read.schemaVersion()).isEqualTo(Report.SCHEMA_VERSION);
        assertThat(read.run()).isEqualTo(written.run());
        assertThat(read.backend()).isEqualTo(written.backend());
        assertThat(read.config()).isEqualTo(written.config());
        assertThat(read.seed()).isEqualTo(written.seed());
        assertThat(read.requests().toCounts()).isEqualTo(r.summary().counts());
        assertThat(read.tokens()).isEqualTo(r.summary().tokens());
        assertThat(read.errors()).isEqualTo(written.errors());
        assertThat(read.timeSeries()).hasSameSizeAs(written.timeSeries());
        for (LatencyMetric m : LatencyMetric.values()) {
            assertThat(read.latency(m).count()).as(m.key()).isEqualTo(r.summary().latency(m).count());
            // boxed: a metric without samples (TTFRT of a model without reasoning) reads back as NaN, equal to NaN
            assertThat(read.latency(m).p99()).as(m.key()).isEqualTo(Double.valueOf(ReportNumbers.round(r.summary().latency(m).p99())));
        }
        assertThat(read.section(ServerSection.class)).get().extracting(ServerSection::source, ServerSection::url)
                .containsExactly("test", "http://x/metrics");
        assertThat(read.section(ServerSection.class).get().prefixCacheHitRate()).as("null reads back as NaN").isNaN();
        assertThat(read.sections()).as("the clashing section was dropped; the engine's workload and client sections are kept, "
                        + "and the in-process backend's cold start, the stage shares and the figures' sources every report has")
                .containsOnlyKeys("server", "workload", "client", "coldStart", "decomposition", "figureSources");
        assertThat(read.section(ClientSection.class)).get()
                .isEqualTo(written.section(ClientSection.class).get());
        assertThat(read.section(WorkloadSection.class)).get()
                .isEqualTo(written.section(WorkloadSection.class).get());
        // written again, the read model gives the same text: nothing is lost or changed by a round trip
        assertThat(ReportJson.toJson(ReportJson.parse(ReportJson.toJson(read), dir))).isEqualTo(ReportJson.toJson(read));
    }

    @Test
    void csvNumbersIgnoreTheDefaultLocale(@TempDir Path dir) {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            RunResult r = run(dir);
            String csv = SummaryCsv.csv(Report.of(r));
            assertThat(csv).doesNotContainPattern("ms,\\d+,\\d");
            assertThat(csv).containsPattern("\nttft,mean,\\d+\\.\\d+,ms\n");
        } finally {
            Locale.setDefault(before);
        }
    }
}
