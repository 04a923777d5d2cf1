package io.benchsuite.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.SummaryCsv;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.WorkloadSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
    @TempDir
    static Path shared;
    static Path telemetryDir;
    static RunResult telemetry;
    static Path failedDir;

    @BeforeAll
    static void runOnce() {
        telemetryDir = shared.resolve("telemetry");
        telemetry = ReportFixtures.telemetryRun(telemetryDir);
        failedDir = shared.resolve("failed");
        ReportFixtures.zeroSuccessRun(failedDir);
    }

    private static String html(Path dir) throws Exception {
        return Files.readString(dir.resolve(ReportWriters.REPORT_HTML));
    }

    private static String row(String html, String metric) {
        Matcher m = Pattern.compile("<tr data-metric=\"" + metric + "\">(.*?)</tr>").matcher(html);
        assertThat(m.find()).as("headline row %s", metric).isTrue();
        return m.group(1);
    }

    @Test
    void everyRunWritesASelfContainedPageWithTheTwelveHeadlineMetrics() throws Exception {
        String html = html(telemetryDir);
        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        assertThat(Pattern.compile("<tr data-metric=").matcher(html).results().count()).isEqualTo(12);
        assertThat(html).doesNotContainPattern("(src|href)\\s*=\\s*\"?(https?:)?//").doesNotContain("<script").doesNotContain("<link")
                .contains("@media print");
        assertThat(row(html, "ttft")).contains(Headline.Unit.MS.format(telemetry.summary().ttft().p99()));
        assertThat(row(html, "kvCacheHitRate")).contains("61.3 %");
        assertThat(row(html, "goodput")).contains(Headline.Unit.REQUESTS_PER_S.format(telemetry.summary().goodput().requestsPerSecond()))
                .contains("ttft=50ms,e2e=500ms");
        assertThat(row(html, "memoryPeak")).contains("75.00 GiB").contains("1.50 GiB").contains("512.00 MiB");
        assertThat(row(html, "memoryFragmentation")).contains("0.125");
        assertThat(row(html, "compileTime")).contains("845.0 ms");
        assertThat(row(html, "recompileRatio")).contains("absent").contains("no recompile counter recorded");
        assertThat(row(html, "cpuPeak")).contains("88.25 %").contains("91.00 %");
        assertThat(row(html, "energyPerToken")).contains("0.0321 J/token");
        assertThat(html).contains("Server KV-cache usage").contains("Server queue").contains("nvidia-smi")
                .contains("Rate honesty").contains("Dispatch lag p99");
    }

    @Test
    void theWorkloadSectionShowsTheIdealPrefixHitRateBesideTheServersMeasuredOne() throws Exception {
        String html = html(telemetryDir);
        var w = telemetry.section(WorkloadSection.class).orElseThrow();
        assertThat(html).contains("<section id=\"workload\"><h2>Workload</h2>");
        assertThat(html).contains("<div id=\"prefix-ideal\"><b>Prefix hit rate, ideal</b><span>"
                + String.format(Locale.ROOT, "%.3f", w.prefixSharing().idealHitRate()) + "</span></div>");
        assertThat(html).contains("<div id=\"prefix-measured\"><b>Prefix hit rate, server</b><span>0.613</span></div>");
        assertThat(html).contains("data-title=\"Prompt tokens sent\"").contains("data-title=\"Output tokens received\"");
        assertThat(html).contains(w.source());
    }

    @Test
    void textFromTheReportIsEscapedEverywhere() throws Exception {
        String html = html(telemetryDir);
        assertThat(html).doesNotContain(ReportFixtures.HOSTILE).doesNotContain("<script");
        assertThat(html).contains("html-&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") // run name
                .contains("H200 &lt;script&gt;") // device label
                .contains("HTTP 503 &lt;script&gt;"); // error sample
        assertThat(html).contains("<code>http_5xx</code>");
    }

    @Test
    void aRunWithoutSuccessesRendersAndSaysSo() throws Exception {
        String html = html(failedDir);
        assertThat(html).contains("id=\"banner-no-success\"").contains("No request succeeded (10 measured, 10 failed");
        for (String metric : List.of("ttft", "tpot", "e2e")) {
            assertThat(row(html, metric)).contains("absent").contains("no request succeeded");
        }
        assertThat(row(html, "kvCacheHitRate")).contains("no server metrics scraped");
        assertThat(row(html, "goodput")).contains("no SLO set");
        assertThat(row(html, "cpuPeak")).contains("no host telemetry recorded");
        assertThat(html).contains("class=\"no-data\"").contains("connection refused &lt;script&gt;")
                .contains("Server KV-cache usage and queue: absent (no server metrics scraped)");
        assertThat(html).contains("absent (no gpu section in report.json)");
    }

    @Test
    void aStoppedRunGetsABanner() throws Exception {
        ObjectNode report = JsonTrees.read(telemetryDir.resolve("report.json"));
        ((ObjectNode) report.get("run")).put("status", "stopped");
        assertThat(HtmlReport.page(ReportJson.parse(JsonTrees.MAPPER.writeValueAsString(report), telemetryDir)))
                .contains("id=\"banner-stopped\"").contains("stopped early");
        assertThat(html(telemetryDir)).doesNotContain("id=\"banner-stopped\"");
    }

    @Test
    void aGermanDefaultLocaleChangesNoNumber() {
        Report report = ReportJson.read(telemetryDir);
        String root = HtmlReport.page(report);
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(HtmlReport.page(report)).isEqualTo(root);
            assertThat(SummaryCsv.csv(report)).isEqualTo(SummaryCsv.csv(Report.of(telemetry)));
        } finally {
            Locale.setDefault(before);
        }
        assertThat(root).doesNotContainPattern("\\d,\\d\\d ms");
    }

    @Test
    void regenerateRebuildsTheHtmlAndCsvFromReportJson() throws Exception {
        Path copy = shared.resolve("copy");
        Files.createDirectories(copy);
        Files.copy(telemetryDir.resolve("report.json"), copy.resolve("report.json"));
        ReportWriters.regenerate(copy);
        assertThat(Files.readString(copy.resolve("summary.csv"))).isEqualTo(Files.readString(telemetryDir.resolve("summary.csv")));
        assertThat(html(copy)).isEqualTo(html(telemetryDir));
    }

    @Test
    void summaryCsvFromJsonEqualsTheOneFromTheResult() {
        String fromJson = SummaryCsv.csv(ReportJson.read(telemetryDir));
        assertThat(fromJson).isEqualTo(SummaryCsv.csv(Report.of(telemetry)));
        assertThat(fromJson).contains("\nerrors,http_5xx,").contains("\nrequests,failed,");
        String failed = SummaryCsv.csv(ReportJson.read(failedDir));
        assertThat(failed).contains("\nttft,p99,,ms\n").contains("\nrequests,succeeded,0,count\n");
    }

    @Test
    void readingABadReportNamesTheFile() throws Exception {
        Path missing = shared.resolve("nothing-here");
        assertThatThrownBy(() -> ReportJson.read(missing)).isInstanceOf(InvalidReportException.class)
                .hasMessageContaining(missing.resolve("report.json").toString()).hasMessageContaining("not found");
        Path corrupt = shared.resolve("corrupt");
        Files.createDirectories(corrupt);
        Files.writeString(corrupt.resolve("report.json"), "{\"schemaVersion\": 1, \"run\": ");
        assertThatThrownBy(() -> ReportJson.read(corrupt)).isInstanceOf(InvalidReportException.class)
                .hasMessageContaining(corrupt.resolve("report.json").toString()).hasMessageContaining("not valid JSON");
        Files.writeString(corrupt.resolve("report.json"), "{\"schemaVersion\": 99}");
        assertThatThrownBy(() -> ReportJson.read(corrupt)).hasMessageContaining("schemaVersion 99");
        Files.writeString(corrupt.resolve("report.json"), "[1,2]");
        assertThatThrownBy(() -> ReportJson.read(corrupt)).hasMessageContaining("does not hold a JSON object");
        Files.writeString(corrupt.resolve("report.json"), "{\"schemaVersion\": 1, \"histograms\": {\"ttft\": \"AAAA\"}}");
        assertThatThrownBy(() -> ReportJson.read(corrupt)).hasMessageContaining("histogram 'ttft' is corrupt");
    }

    @Test
    void aMinimalOldReportStillRenders() {
        String html = HtmlReport.page(ReportJson.parse("{\"schemaVersion\": 1}", Path.of("minimal.json")));
        assertThat(Pattern.compile("<tr data-metric=").matcher(html).results().count()).isEqualTo(12);
        assertThat(html).contains("unnamed run").contains("id=\"banner-no-success\"");
    }
}
