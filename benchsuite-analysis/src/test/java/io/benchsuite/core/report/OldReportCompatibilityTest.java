package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.core.report.compare.ComparedRun;
import io.benchsuite.core.report.compare.Comparison;
import io.benchsuite.core.report.html.HtmlReport;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.GpuSection;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.zip.DataFormatException;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output directory written by the build before the typed report model (test resource
 * {@code v1-fixture}, see its README) still loads into the model, renders to the very same
 * {@code summary.csv} and {@code report.html} that build wrote, regenerates, compares, and is written
 * back without losing a field.
 */
class OldReportCompatibilityTest {
    private static Path fixture() {
        try {
            return Path.of(OldReportCompatibilityTest.class.getResource("v1-fixture/report.json").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void loadsIntoTheTypedModel() {
        Report r = ReportJson.read(fixture());
        assertThat(r.schemaVersion()).isEqualTo(1);
        assertThat(r.run().name()).isEqualTo("fixture");
        assertThat(r.section(ClientSection.class))
                .as("written before the client section existed").isEmpty();
        assertThat(r.run().status()).isEqualTo(RunResult.Status.COMPLETED);
        assertThat(r.run().labels()).containsEntry("device", "h100").containsEntry("quantization", "fp8");
        assertThat(r.backend().name()).isEqualTo("openai");
        assertThat(r.config().workload().open()).isTrue();
        assertThat(r.config().workload().maxConcurrency()).isEqualTo(8);
        assertThat(r.config().slo()).isEqualTo("ttft=200ms,e2e=3s");
        assertThat(r.requests().measured()).isEqualTo(33);
        assertThat(r.requests().failed()).isEqualTo(4);
        assertThat(r.requests().toCounts().errorRate()).isCloseTo(r.requests().errorRate(), within(1e-6));
        assertThat(r.errors().byKind()).containsExactly(Assertions.entry("http_5xx", 4L));
        assertThat(r.errors().samples()).hasSize(4).allMatch(s -> s.kind().equals("http_5xx"));
        assertThat(r.latency(LatencyMetric.TTFT).count()).isEqualTo(29);
        assertThat(r.latency(LatencyMetric.TTFT).p99()).isEqualTo(16.121855);
        for (LatencyMetric m : LatencyMetric.values()) {
            assertThat(r.histograms().count(m)).as("histogram %s agrees with its block", m.key())
                    .isEqualTo(r.latency(m).count());
        }
        assertThat(r.timeSeries()).hasSize(3);
        assertThat(r.section(ServerSection.class)).get().satisfies(s -> {
            assertThat(s.source()).isEqualTo("vllm");
            assertThat(s.scrapes()).isEqualTo(6);
            assertThat(s.ttft().p99()).isEqualTo(197.5);
            assertThat(s.timeSeries()).hasSize(3);
        });
        assertThat(r.section(HostSection.class)).get().satisfies(h -> {
            assertThat(h.memory().rssPeakBytes()).isEqualTo(241_049_600L);
            assertThat(h.jit().compileMs()).isEqualTo(455L);
            assertThat(h.tcp().connectMs().count()).isEqualTo(3);
            assertThat(h.energy().joules()).as("null reads as NaN").isNaN();
            assertThat(h.unavailable()).containsKey("energy");
        });
        assertThat(r.section(GpuSection.class)).get().satisfies(g -> {
            assertThat(g.available()).isFalse();
            assertThat(g.memoryUsedBytes().peak()).isNull();
            assertThat(g.reason()).contains("nvidia-smi not found");
        });
    }

    @Test
    void rendersTheSameCsvAndHtmlAsTheBuildThatWroteIt() throws Exception {
        Report r = ReportJson.read(fixture());
        assertCsvKeepsEveryOldRow(SummaryCsv.csv(r));
        String page = withoutRowsAddedSince(HtmlReport.page(r));
        if (Boolean.getBoolean("fixture.rerender")) {
            // a deliberate change of the page: the expected text is re-rendered (run from the module, see the fixture's README)
            Files.writeString(Path.of("src/test/resources/io/benchsuite/core/report/v1-fixture/report.html"), page);
        }
        assertThat(page).isEqualTo(Files.readString(fixture().resolve("report.html")));
    }

    /** Fields of the requests block added since the fixture was written show as configuration rows; nothing else may differ. */
    private static final List<String> FIELDS_ADDED_SINCE = List.of("requests.failureRate", "requests.notSent", "requests.cancelledByDesign",
            "tokens.reasoningRequests", "tokens.reasoning", "tokens.reasoningFromUsage");

    private static String withoutRowsAddedSince(String page) {
        String out = page;
        // the three-stage decomposition is derived from any report's histograms, so an old report gains its section
        int section = out.indexOf("<section id=\"decomposition\">");
        if (section >= 0) out = out.substring(0, section) + out.substring(out.indexOf("</section>", section) + "</section>".length());
        // so is the server section's stages block (absent, "not recorded", for a server that did not expose the histograms)
        out = out.replaceAll("<tr><td>stages\\.[a-zA-Z0-9]+</td><td class=\"mono\">(<span class=\"absent\">absent</span>|[^<]*)</td></tr>", "");
        for (String field : FIELDS_ADDED_SINCE) {
            String row = "<tr><td>" + field + "</td>";
            int at = out.indexOf(row);
            assertThat(at).as("the row of %s", field).isNotNegative();
            out = out.substring(0, at) + out.substring(out.indexOf("</tr>", at) + "</tr>".length());
        }
        return out;
    }

    /**
     * Every row the old build wrote, unchanged and in order; a metric added since may add rows of
     * its own (with no samples in an old report), nothing else.
     */
    private static void assertCsvKeepsEveryOldRow(String csv) throws Exception {
        List<String> old = Files.readAllLines(fixture().resolve("summary.csv"));
        List<String> now = List.of(csv.split("\n"));
        assertThat(now).containsSubsequence(old);
        List<String> added = new ArrayList<>(now);
        added.removeAll(old);
        for (String row : added) {
            String metric = row.substring(0, row.indexOf(','));
            assertThat(Arrays.stream(LatencyMetric.values()).map(LatencyMetric::csvName))
                    .as("row %s added for a latency metric the old build did not have", row).contains(metric);
            assertThat(old).as("the old build had no rows for %s", metric).noneMatch(o -> o.startsWith(metric + ","));
        }
    }

    @Test
    void regeneratesInPlace(@TempDir Path tmp) throws Exception {
        Files.copy(fixture().resolve("report.json"), tmp.resolve("report.json"));
        ReportWriters.regenerate(tmp);
        assertCsvKeepsEveryOldRow(Files.readString(tmp.resolve("summary.csv")));
        assertThat(withoutRowsAddedSince(Files.readString(tmp.resolve("report.html"))))
                .isEqualTo(Files.readString(fixture().resolve("report.html")));
    }

    @Test
    void isWrittenBackWithEveryFieldItHad() {
        Report r = ReportJson.read(fixture());
        JsonNode original = JsonTrees.read(fixture().resolve("report.json"));
        JsonNode rewritten = JsonTrees.parse(ReportJson.toJson(r));
        assertHasEveryField(original, rewritten, "");
        // what the rewrite adds can only be the blocks of latency metrics added since (empty here)
        rewritten.fieldNames().forEachRemaining(key -> {
            if (!original.has(key)) assertThat(LatencyMetric.fromKey(key)).as(key).isNotNull();
        });
    }

    private static void assertHasEveryField(JsonNode expected, JsonNode actual, String at) {
        if (expected.isObject()) {
            expected.fieldNames().forEachRemaining(k -> assertHasEveryField(expected.get(k), actual.path(k), at + "/" + k));
            return;
        }
        if (at.startsWith("/histograms/") && !at.equals("/histograms/encoding")) {
            assertThat(HISTOGRAMS_EQUAL.test(expected.asText(), actual.asText())).as(at).isTrue();
            return;
        }
        assertThat(actual).as(at).isEqualTo(expected);
    }

    /** Two encoded histograms hold the same samples (the encoding itself may differ between builds). */
    private static final BiPredicate<String, String> HISTOGRAMS_EQUAL = (a, b) -> {
        try {
            Base64.Decoder d = Base64.getDecoder();
            return org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(d.decode(a)), 0)
                    .equals(org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(d.decode(b)), 0));
        } catch (DataFormatException e) {
            throw new AssertionError(e);
        }
    };

    @Test
    void comparesWithItselfFairlyAndWithANewerRun(@TempDir Path tmp) throws Exception {
        Path copy = tmp.resolve("copy");
        Files.createDirectories(copy);
        for (String f : List.of("report.json", "requests.jsonl")) Files.copy(fixture().resolve(f), copy.resolve(f));
        Comparison c = Comparison.of(List.of(ComparedRun.load(fixture()), ComparedRun.load(copy)), 0);
        assertThat(c.unfairness()).isEmpty();
        assertThat(c.runs().get(1).promptHashes()).hasSize(40);
        for (Comparison.Metric m : Comparison.METRICS) {
            if (Double.isFinite(c.value(0, m)) && c.value(0, m) != 0) assertThat(c.delta(1, m)).as(m.key()).isZero();
        }
        assertThat(c.value(0, Comparison.METRICS.get(1))).as("TTFT p99").isEqualTo(16.121855);
        assertThat(c.value(0, Comparison.METRICS.get(5))).as("KV-cache hit rate from the typed server section").isEqualTo(0.0);
        assertThat(c.value(0, Comparison.METRICS.get(7))).as("RSS peak from the typed host section").isEqualTo(241_049_600.0);
        c.write(tmp.resolve("out"));
        assertThat(Files.readString(tmp.resolve("out").resolve("comparison.html"))).contains("fixture");
    }
}
