package io.benchsuite.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.benchsuite.core.analysis.projection.DatasheetDevices;
import io.benchsuite.core.analysis.sweep.PointFigure;
import io.benchsuite.core.analysis.sweep.ServerModel;
import io.benchsuite.core.analysis.sweep.SweepSlo;
import io.benchsuite.core.report.compare.ComparedRun;
import io.benchsuite.core.report.compare.Comparison;
import io.benchsuite.core.report.projection.RunProjection;
import io.benchsuite.core.sweep.ModelReports;
import io.benchsuite.core.sweep.Sweep;
import io.benchsuite.core.sweep.SweepAxis;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens {@code sweep.html}, {@code comparison.html} and {@code projection.html} in headless Chromium: each loads without
 * console messages, and each analysis section is in the rendered DOM with data drawn — the TPS–FTL curve with its knee
 * marker and SLO frontier line, the correlation heat map with one cell per metric pair and a VIF per row, the Pareto plot
 * with the front's points, and the projection's table and CDFs. Skipped when Chromium is not installed.
 */
class AnalysisPagesInBrowserTest {
    private static final Pattern POINTS = Pattern.compile("<g class=\"points\" data-series=\"([^\"]*)\" data-points=\"(\\d+)\">(.*?)</g>", Pattern.DOTALL);
    private static final Pattern CELLS = Pattern.compile("<g class=\"cells\" data-cells=\"(\\d+)\">(.*?)</g>", Pattern.DOTALL);

    @TempDir
    Path tmp;
    Path chromium;

    @BeforeEach
    void findChromium() {
        chromium = Chromium.find();
        assumeThat(chromium).as("Chromium is not installed (apt-get install -y chromium); skipping the browser test").isNotNull();
    }

    private String dom(Path page) throws Exception {
        Chromium.Output out = Chromium.run(chromium, page, tmp, "--dump-dom");
        assertThat(out.stdout()).as("dumped DOM of " + page.getFileName()).contains("</html>").doesNotContain("<script");
        assertThat(ReportInBrowserTest.consoleMessages(out.stderr())).as("console messages").isEmpty();
        return out.stdout();
    }

    /** The rendered SVG of the chart titled {@code title}. */
    private static String chart(String dom, String title) {
        int at = dom.indexOf("data-title=\"" + title + "\"");
        assertThat(at).as("chart '" + title + "' in the page").isPositive();
        int start = dom.lastIndexOf("<svg", at);
        return dom.substring(start, dom.indexOf("</svg>", at));
    }

    private static void heatMapWithVifs(String dom, int metrics) {
        heatMap(dom, metrics, metrics);
    }

    /** The heat map's cells; {@code vifsBeside} VIFs beside its rows (none on a sweep page, where the load drives them). */
    private static void heatMap(String dom, int metrics, int vifsBeside) {
        String map = dom.substring(dom.indexOf("<section id=\"orthogonality\""));
        Matcher cells = CELLS.matcher(map);
        assertThat(cells.find()).as("heat map cells").isTrue();
        assertThat(Integer.parseInt(cells.group(1))).isEqualTo(metrics * metrics);
        assertThat(Pattern.compile("<rect class=\"cell\"").matcher(cells.group(2)).results().count()).isEqualTo((long) metrics * metrics);
        assertThat(Pattern.compile("<text class=\"vif\"").matcher(map).results().count()).as("VIFs beside the rows").isEqualTo(vifsBeside);
        assertThat(map).contains("<table id=\"vif-table\">");
        assertThat(Pattern.compile("<tr data-metric=").matcher(map).results().count()).as("a VIF per metric in the table").isEqualTo(metrics);
    }

    private static void paretoPointsDrawn(String dom, String title, int onFront) {
        String svg = chart(dom, title);
        Matcher m = POINTS.matcher(svg);
        int front = -1;
        while (m.find()) {
            long circles = Pattern.compile("<circle class=\"point\"").matcher(m.group(3)).results().count();
            assertThat(circles).as("points drawn of " + m.group(1)).isEqualTo(Long.parseLong(m.group(2)));
            if (m.group(1).equals("front")) front = Integer.parseInt(m.group(2));
        }
        assertThat(front).as("front points").isEqualTo(onFront);
    }

    @Test
    void theSweepPageShowsTheCurveTheKneeTheSloFrontierTheHeatMapAndTheParetoPlot() throws Exception {
        Sweep.of((values, dir) -> ModelReports.report(Double.parseDouble(values.get("max-concurrent")), 0))
                .over(SweepAxis.parse("max-concurrent=1,2,4,...,256")).slo(SweepSlo.none().with(PointFigure.TTFT_P99, 500))
                .outputDir(tmp.resolve("sweep")).run();
        String dom = dom(tmp.resolve("sweep").resolve(Sweep.SWEEP_HTML));
        String curve = chart(dom, "TPS–FTL curve");
        assertThat(curve).contains("<path class=\"series\"", "class=\"marker\" data-marker=\"knee (max-concurrent 32.00)\"",
                "data-ref=\"SLO frontier (39.00)\"");
        assertThat(dom).contains("id=\"stopped-early\"", "id=\"partial-map\"");
        heatMap(dom, 6, 0);
        // energy per token falls until the 32 slots are full while latency rises: 1..32 are the front
        paretoPointsDrawn(dom, "Pareto front: e2e-p99 vs energyPerToken", 6);
    }

    @Test
    void theComparisonPageShowsTheSeedTableTheHeatMapAndTheParetoPlot() throws Exception {
        List<ComparedRun> runs = new ArrayList<>();
        for (int c : new int[] {1, 2, 4, 8, 16, 24, 32, 48, 64}) runs.add(new ComparedRun("c" + c, null, ModelReports.report(c, 0), null));
        Comparison comparison = Comparison.of(runs, 0);
        comparison.write(tmp.resolve("cmp"));
        String dom = dom(tmp.resolve("cmp").resolve(Comparison.COMPARISON_HTML));
        String seed = dom.substring(dom.indexOf("<section id=\"seed-table\""), dom.indexOf("</section>", dom.indexOf("<section id=\"seed-table\"")));
        assertThat(seed).contains("<th class=\"num\">Mean latency (ms)</th>", "<th class=\"num\">Throughput (tokens/s)</th>",
                "<th class=\"num\">KV-cache hit rate</th>", "<th class=\"num\">Peak memory (GB)</th>", "<th class=\"num\">E2E p99 (ms)</th>",
                "Relative efficiency (tokens/s vs baseline)");
        // 16 GB + 0.1 GB per batch slot in the model: 32 users use 19.2 GB
        String row = seed.substring(seed.indexOf("<tr data-seed-run=\"c32\">"));
        assertThat(row).as("the model has no prefix cache").contains("data-col=\"peakMemoryGb\">19.2<",
                "data-col=\"kvCacheHitRate\"><span class=\"absent\">absent</span>");
        assertThat(comparison.seedTable().rows().get(6).relativeEfficiency()).isEqualTo(
                ServerModel.throughput(32) / ServerModel.throughput(1), Offset.offset(1e-3));
        heatMapWithVifs(dom, comparison.orthogonality().metrics().size());
        paretoPointsDrawn(dom, "Pareto front: e2e-p99 vs energyPerToken", comparison.pareto().front().size());
    }

    @Test
    void theProjectionPageShowsItsTableAndDistributions() throws Exception {
        Path a = tmp.resolve("a100"), b = tmp.resolve("l4");
        requests(a, 100, 10);
        requests(b, 258, 68);
        RunProjection p = RunProjection.of(a, DatasheetDevices.A100_80GB_SXM, DatasheetDevices.L4, 0, b);
        p.write(tmp.resolve("proj"));
        String dom = dom(tmp.resolve("proj").resolve(RunProjection.PROJECTION_HTML));
        assertThat(dom).contains("<table id=\"projection-table\">", "<tr data-figure=\"tpot\" data-stat=\"p50\">");
        for (String f : new String[] {"ttftFromSend", "tpot", "e2eFromSend"}) {
            assertThat(Pattern.compile("<path class=\"series\"").matcher(chart(dom, f + " CDF")).results().count()).as(f).isEqualTo(3);
        }
    }

    /** A request log of 5 requests with the given TTFT from send and TPOT (ms), 17 output tokens each. */
    private static void requests(Path dir, double ttftMs, double tpotMs) throws Exception {
        Files.createDirectories(dir);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            double sent = i * 10_000.0, end = sent + ttftMs + 16 * tpotMs;
            b.append(String.format(Locale.ROOT, "{\"index\":%d,\"window\":\"measured\",\"outcome\":\"success\",\"sentOffsetMs\":%.3f,"
                    + "\"endOffsetMs\":%.3f,\"ttftFromSendMs\":%.3f,\"tpotMs\":%.3f,\"outputTokens\":17}%n", i, sent, end, ttftMs + i, tpotMs));
        }
        Files.writeString(dir.resolve("requests.jsonl"), b, StandardCharsets.UTF_8);
    }
}
