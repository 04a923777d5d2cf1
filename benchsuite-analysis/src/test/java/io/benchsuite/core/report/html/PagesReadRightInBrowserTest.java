package io.benchsuite.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.core.analysis.sweep.PointFigure;
import io.benchsuite.core.analysis.sweep.SweepSlo;
import io.benchsuite.core.report.compare.ComparedRun;
import io.benchsuite.core.report.compare.Comparison;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.sweep.ModelReports;
import io.benchsuite.core.sweep.Sweep;
import io.benchsuite.core.sweep.SweepAxis;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages as a reader sees them in headless Chromium, measured after layout ({@link PageProbe}): every drawn
 * point of a line lies inside its plot area and none is a lone point that draws nothing, a line that another one
 * covers still shows around it, no card's text is wider than the card, and the words say what the figures mean.
 * The run report is rendered from the report.json of a closed-loop run of 8 users on the built-in simulator (Q's absence reason as a run now writes it)
 * ({@code benchsuite run}, 20 s): first tokens arrive in bursts, so most seconds have no TTFT, and requests sent
 * and completed per second are equal in most seconds. Skipped when Chromium is not installed.
 */
class PagesReadRightInBrowserTest {
    private static final Pattern RAW_BIG_NUMBER = Pattern.compile("\\b\\d{10,}\\.\\d\\b");

    @TempDir
    Path tmp;
    Path chromium;

    @BeforeEach
    void findChromium() {
        chromium = Chromium.find();
        assumeThat(chromium).as("Chromium is not installed (apt-get install -y chromium); skipping the browser test").isNotNull();
    }

    private Path simulatorRunPage() throws Exception {
        Path json = tmp.resolve("report.json");
        try (InputStream in = getClass().getResourceAsStream("sim-closed-loop-report.json")) {
            Files.copy(in, json);
        }
        Path page = tmp.resolve("report.html");
        Files.writeString(page, HtmlReport.page(ReportJson.read(json)), StandardCharsets.UTF_8);
        return page;
    }

    @Test
    void everyLineOfTheRunReportIsDrawnInsideItsPlotAndVisible() throws Exception {
        JsonNode probe = PageProbe.measure(chromium, simulatorRunPage(), tmp);
        int lines = 0;
        for (JsonNode chart : probe.get("charts")) {
            String title = chart.get("title").asText();
            if (!chart.has("area") || chart.get("series").isEmpty()) continue;
            double x = chart.get("area").get(0).asDouble(), y = chart.get("area").get(1).asDouble();
            double w = chart.get("area").get(2).asDouble(), h = chart.get("area").get(3).asDouble();
            for (JsonNode s : chart.get("series")) {
                lines++;
                for (JsonNode p : s.get("points")) {
                    assertThat(p.get(0).asDouble()).as("x of a point of %s / %s", title, s.get("name").asText()).isBetween(x - 0.01, x + w + 0.01);
                    assertThat(p.get(1).asDouble()).as("y of a point of %s / %s", title, s.get("name").asText()).isBetween(y - 0.01, y + h + 0.01);
                }
                assertThat(s.get("unmarkedLonePoints").asInt()).as("points of %s / %s with no neighbour and no mark (invisible)", title,
                        s.get("name").asText()).isZero();
            }
        }
        assertThat(lines).as("lines measured").isGreaterThanOrEqualTo(10);
        for (String title : List.of("TTFT over time", "E2E over time")) {
            for (JsonNode s : PageProbe.chart(probe, title).get("series")) {
                assertThat(s.get("pieces").asInt()).as("%s / %s is one line, not fragments", title, s.get("name").asText()).isEqualTo(1);
                assertThat(s.get("points").size()).as("points of %s / %s", title, s.get("name").asText()).isGreaterThanOrEqualTo(4);
            }
        }
    }

    @Test
    void aLineCoveredByALaterOneStillShowsAroundIt() throws Exception {
        JsonNode probe = PageProbe.measure(chromium, simulatorRunPage(), tmp);
        JsonNode rate = PageProbe.chart(probe, "Request rate");
        JsonNode sent = null, completed = null;
        int sentAt = -1, completedAt = -1;
        for (int i = 0; i < rate.get("series").size(); i++) {
            JsonNode s = rate.get("series").get(i);
            if (s.get("name").asText().startsWith("sent")) {
                sent = s;
                sentAt = i;
            } else if (s.get("name").asText().equals("completed")) {
                completed = s;
                completedAt = i;
            }
        }
        assertThat(sent).isNotNull();
        assertThat(completed).isNotNull();
        assertThat(shared(sent, completed)).as("points where sent and completed coincide in this run").isGreaterThanOrEqualTo(10);
        // the line drawn first is beneath: it must be wider to show around the one on top
        JsonNode under = sentAt < completedAt ? sent : completed, over = sentAt < completedAt ? completed : sent;
        assertThat(under.get("width").asDouble()).as("stroke of the line beneath (%s)", under.get("name").asText())
                .isGreaterThanOrEqualTo(over.get("width").asDouble() + 2);
        // and in every chart: a line that shares most of its points with a later one is the wider
        int pairs = 0;
        for (JsonNode chart : probe.get("charts")) {
            JsonNode series = chart.get("series");
            for (int i = 0; i < series.size(); i++) {
                for (int j = i + 1; j < series.size(); j++) {
                    JsonNode a = series.get(i), b = series.get(j);
                    if (shared(a, b) * 2 < Math.min(a.get("points").size(), b.get("points").size())) continue;
                    pairs++;
                    assertThat(a.get("width").asDouble()).as("%s: %s beneath %s", chart.get("title").asText(), a.get("name").asText(),
                            b.get("name").asText()).isGreaterThanOrEqualTo(b.get("width").asDouble() + 2);
                }
            }
        }
        assertThat(pairs).as("pairs of lines that coincide in this run (sent/completed, and p50/p99 of TTFT and E2E)").isGreaterThanOrEqualTo(3);
    }

    @Test
    void noCardOfTheRunReportClipsItsTextAndTheWordsExplainTheFigures() throws Exception {
        JsonNode probe = PageProbe.measure(chromium, simulatorRunPage(), tmp);
        assertThat(probe.get("overflow")).as("elements whose content is wider than their box").isEmpty();
        String text = probe.get("text").asText();
        assertThat(text).contains("PLANS READ FROM THE SOURCE", "prepared ahead of sending: the run ended after 96 were sent, before the other 4097",
                "REQUESTS SENT\n96");
        assertThat(text).doesNotContain("the seed defines").contains("needs weights alpha and beta that its definition does not give (docs/analysis.md §6)");
        assertThat(RAW_BIG_NUMBER.matcher(text).results().map(r -> r.group()).toList()).as("numbers printed raw").isEmpty();
        assertThat(text).contains("memoryTraffic.peakBandwidth\t2.039e12"); // the old device block, read into the engine snapshot
    }

    @Test
    void theSweepPageReadsCoMovementWithTheLoadAsExpectedAndNamesRefinementOneWay() throws Exception {
        Sweep.of((values, dir) -> ModelReports.report(Double.parseDouble(values.get("max-concurrent")), 0))
                .over(SweepAxis.parse("max-concurrent=1,2,4,...,256")).slo(SweepSlo.none().with(PointFigure.TTFT_P99, 500))
                .outputDir(tmp.resolve("sweep")).run();
        JsonNode probe = PageProbe.measure(chromium, tmp.resolve("sweep").resolve(Sweep.SWEEP_HTML), tmp);
        assertThat(probe.get("overflow")).as("elements whose content is wider than their box").isEmpty();
        String text = probe.get("text").asText();
        assertThat(text.toLowerCase(Locale.ROOT)).as("one word for the points between the last pass and the first failure")
                .doesNotContain("bisection").contains("refinement");
        assertThat(text).contains("In a load sweep, latency, throughput and memory all follow the load (max-concurrent)",
                "Do not drop a metric for that", "partial correlation", "A straight line does not remove a knee");
        PageProbe.chart(probe, "Correlation beyond the load (partial r)");
        String table = text.substring(text.indexOf("METRIC\tVIF"));
        for (String line : table.split("\n")) {
            if (line.startsWith("TTFT\t") || line.startsWith("E2E latency\t") || line.startsWith("TPOT/ITL\t")) {
                assertThat(line).as("the verdict on a metric that follows the load").doesNotContain("redundant").doesNotContain("enough");
            }
        }
        assertThat(text).doesNotContain("Redundant group");
    }

    @Test
    void theComparisonPageNeverReadsAnAbsentVifAsIndependentAndWarnsOfFewRuns() throws Exception {
        List<ComparedRun> runs = new ArrayList<>();
        for (int c : new int[] {1, 8, 32}) runs.add(new ComparedRun("c" + c, null, ModelReports.report(c, 0), null));
        Comparison.of(runs, 0).write(tmp.resolve("cmp"));
        JsonNode probe = PageProbe.measure(chromium, tmp.resolve("cmp").resolve(Comparison.COMPARISON_HTML), tmp);
        assertThat(probe.get("overflow")).as("elements whose content is wider than their box").isEmpty();
        String text = probe.get("text").asText();
        String table = text.substring(text.indexOf("METRIC\tVIF"));
        table = table.substring(0, table.indexOf("\n\n") < 0 ? table.length() : table.indexOf("\n\n"));
        int rows = 0;
        for (String line : table.split("\n")) {
            if (!line.contains("\tabsent\t")) continue;
            rows++;
            assertThat(line).as("a metric without a VIF").doesNotContain("independent").contains("not computed");
        }
        assertThat(rows).as("metrics without a VIF (3 runs)").isGreaterThanOrEqualTo(3);
        assertThat(text).contains("Only 3 runs: too few to tell related metrics from chance");
    }

    /** How many points of {@code a} lie where a point of {@code b} is drawn over them. */
    private static int shared(JsonNode a, JsonNode b) {
        int n = 0;
        for (JsonNode p : a.get("points")) {
            for (JsonNode q : b.get("points")) {
                // within 1.5 px a 1.8 px line covers the other
                if (Math.abs(p.get(0).asDouble() - q.get(0).asDouble()) < 0.01 && Math.abs(p.get(1).asDouble() - q.get(1).asDouble()) < 1.5) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }
}
