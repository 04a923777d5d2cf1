package io.benchsuite.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.testing.JsonTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens {@code report.html} the way a user does, in headless Chromium: the page loads without
 * console errors, every chart has drawn data, and the headline numbers shown are those of
 * report.json. Saves {@code target/report.png} and {@code target/report.html} for a person to look at. Skipped when Chromium is
 * not installed (CI installs it).
 */
class ReportInBrowserTest {
    private static final Pattern CHART = Pattern.compile("<svg[^>]*class=\"chart\"[^>]*data-title=\"([^\"]*)\"[^>]*>(.*?)</svg>", Pattern.DOTALL);
    private static final Pattern SERIES = Pattern.compile("<path class=\"series\" data-series=\"([^\"]*)\" data-points=\"(\\d+)\"[^>]* d=\"([^\"]*)\"");
    private static final Pattern BARS = Pattern.compile("<g class=\"bars\" data-bars=\"(\\d+)\">(.*?)</g>", Pattern.DOTALL);
    private static final Pattern FIGURE = Pattern.compile("<span class=\"fig\" data-pointer=\"([^\"]+)\">(?:<small>[^<]*</small> )?([^<]+)</span>");

    @TempDir
    Path tmp;

    @Test
    void theConsoleDetectorSeesChromiumsConsoleLines() {
        assertThat(consoleMessages("[1:1:1130/041717.64:INFO:CONSOLE:1] \"boom\", source: file:///x.html (1)\nother")).hasSize(1);
        assertThat(consoleMessages("[1:1:1130/041717.64:ERROR:gpu_init.cc(1)] no GPU")).isEmpty();
    }

    @Test
    void theReportOpensInChromiumWithDataInEveryChartAndTheReportsNumbers() throws Exception {
        Path chromium = Chromium.find();
        assumeThat(chromium).as("Chromium is not installed (apt-get install -y chromium); skipping the browser test").isNotNull();
        Path dir = tmp.resolve("run");
        ReportFixtures.telemetryRun(dir);
        Path page = dir.resolve(ReportWriters.REPORT_HTML);
        ObjectNode report = JsonTrees.read(dir.resolve("report.json"));
        List<Headline> headlines = Headline.of(ReportJson.read(dir));

        Chromium.Output dom = Chromium.run(chromium, page, tmp, "--dump-dom");
        assertThat(dom.stdout()).as("dumped DOM").contains("</html>");
        assertThat(consoleMessages(dom.stderr())).as("console messages").isEmpty();

        // every chart is drawn and holds data
        Matcher charts = CHART.matcher(dom.stdout());
        List<String> titles = new ArrayList<>();
        while (charts.find()) {
            String title = charts.group(1), body = charts.group(2);
            titles.add(title);
            Matcher bars = BARS.matcher(body);
            if (bars.find()) {
                int n = Integer.parseInt(bars.group(1));
                assertThat(n).as("bars of %s", title).isPositive();
                assertThat(Pattern.compile("<rect class=\"bar\"").matcher(bars.group(2)).results().count()).as("rects of %s", title).isEqualTo(n);
                continue;
            }
            Matcher s = SERIES.matcher(body);
            int series = 0;
            while (s.find()) {
                series++;
                int points = Integer.parseInt(s.group(2));
                long drawn = Pattern.compile("[ML]-?\\d").matcher(s.group(3)).results().count();
                assertThat(drawn).as("points in the path of %s / %s", title, s.group(1)).isEqualTo(points);
                assertThat(points).as("points of %s / %s", title, s.group(1)).isGreaterThanOrEqualTo(2);
            }
            assertThat(series).as("series in %s", title).isPositive();
            assertThat(body).as("ticks of %s", title).contains("class=\"tick\"").contains("class=\"axis-label\"");
        }
        assertThat(titles).contains("TTFT CDF", "ITL CDF", "TPOT CDF", "E2E CDF", "TTFT histogram", "ITL histogram",
                "TPOT histogram", "E2E histogram", "Request rate", "Active requests", "Output tokens/s", "TTFT over time",
                "E2E over time", "Errors", "Server KV-cache usage", "Server queue");

        // headline numbers shown = report.json
        Matcher figs = FIGURE.matcher(dom.stdout());
        int checked = 0;
        while (figs.find()) {
            String pointer = figs.group(1), shown = figs.group(2).trim();
            double expected = report.at(pointer).asDouble();
            assertThat(shown).as(pointer).isEqualTo(expectedText(headlines, pointer, expected));
            if (!pointer.contains("Bytes")) {
                double number = Double.parseDouble(shown.split(" ")[0]);
                double scale = shown.endsWith(" %") && !pointer.endsWith("Pct") ? 100 : 1;
                assertThat(number).as(pointer).isCloseTo(expected * scale, Offset.offset(halfUlp(shown.split(" ")[0])));
            }
            checked++;
        }
        assertThat(checked).as("headline figures checked").isGreaterThanOrEqualTo(16);

        Path png = Path.of("target", "report.png").toAbsolutePath();
        Files.createDirectories(png.getParent());
        Files.copy(page, png.resolveSibling("report.html"), StandardCopyOption.REPLACE_EXISTING);
        Files.deleteIfExists(png);
        Chromium.Output shot = Chromium.run(chromium, page, tmp, "--screenshot=" + png, "--window-size=1280,2400",
                "--hide-scrollbars");
        assertThat(consoleMessages(shot.stderr())).isEmpty();
        assertThat(png).exists();
        assertThat(Files.size(png)).as("screenshot size").isGreaterThan(20_000);
    }

    /** The figure text as the page must show it: the value at the pointer in the figure's unit. */
    private static String expectedText(List<Headline> headlines, String pointer, double v) {
        for (Headline h : headlines) {
            for (Headline.Figure f : h.figures()) {
                if (f.pointer().equals(pointer)) return f.unit().format(v);
            }
        }
        throw new AssertionError("the page shows a figure from " + pointer + " that is not a headline figure");
    }

    private static double halfUlp(String number) {
        int dot = number.indexOf('.');
        int decimals = dot < 0 ? 0 : number.length() - dot - 1;
        return 0.5 * Math.pow(10, -decimals) + 1e-9;
    }

    /**
     * Console messages Chromium logged with {@code --enable-logging=stderr}, e.g.
     * {@code [..:INFO:CONSOLE:1] "Uncaught ReferenceError: ...", source: file:///...}; any level counts
     * (the page has no script, so there must be none).
     */
    static List<String> consoleMessages(String stderr) {
        List<String> out = new ArrayList<>();
        for (String line : stderr.split("\n")) {
            if (line.contains(":CONSOLE") || line.toLowerCase(Locale.ROOT).contains("uncaught")) out.add(line);
        }
        return out;
    }
}
