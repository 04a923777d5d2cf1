package io.benchsuite.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures a page as Chromium lays it out: a copy of the page gets a script that, after layout, reads each
 * chart's plot area and the points and stroke widths of its lines, the elements whose content is wider than
 * their box, and the text a reader sees, and writes them into the DOM as base64 JSON that {@code --dump-dom}
 * prints. The pages themselves carry no script; only the measured copy does. Each page measured is also kept
 * under {@code target/pages-read-right/} for a person to look at.
 */
final class PageProbe {
    private static final Pattern OUT = Pattern.compile("<pre id=\"probe-out\">([A-Za-z0-9+/=]+)</pre>");

    private static final String SCRIPT = """
            <script>
            (function () {
              const out = {charts: [], overflow: [], text: document.body.innerText};
              const num = s => s.trim().split(/\\s+/).map(Number);
              for (const svg of document.querySelectorAll('svg.chart')) {
                const c = {title: svg.getAttribute('data-title'), series: []};
                const frame = svg.querySelector('rect.plot-area') || svg.querySelector('rect[fill="none"][stroke="#aab2bf"]');
                if (frame) c.area = ['x', 'y', 'width', 'height'].map(a => +frame.getAttribute(a));
                const circles = [...svg.querySelectorAll('circle')].map(e => [+e.getAttribute('cx'), +e.getAttribute('cy')]);
                for (const p of svg.querySelectorAll('path.series')) {
                  const pieces = (p.getAttribute('d') || '').split('M').filter(s => s.trim()).map(s => s.split('L').map(num));
                  const unmarked = pieces.filter(pc => pc.length === 1
                      && !circles.some(q => Math.abs(q[0] - pc[0][0]) < 0.5 && Math.abs(q[1] - pc[0][1]) < 0.5)).length;
                  c.series.push({name: p.getAttribute('data-series'), width: parseFloat(getComputedStyle(p).strokeWidth),
                                 pieces: pieces.length, unmarkedLonePoints: unmarked, points: pieces.flat()});
                }
                out.charts.push(c);
              }
              for (const e of document.querySelectorAll('.honesty > div, .ident > div, figure, .card, main > section, .grid3 > div, td')) {
                if (e.scrollWidth > e.clientWidth + 1) {
                  out.overflow.push({tag: e.tagName, id: e.id, text: e.innerText.slice(0, 80), scrollWidth: e.scrollWidth, clientWidth: e.clientWidth});
                }
              }
              const pre = document.createElement('pre');
              pre.id = 'probe-out';
              pre.textContent = btoa(unescape(encodeURIComponent(JSON.stringify(out))));
              document.body.appendChild(pre);
            })();
            </script>
            """;

    private PageProbe() {}

    /** Lays {@code page} out at 1280 px wide and returns the measurements. */
    static JsonNode measure(Path chromium, Path page, Path scratch) throws Exception {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        // kept for a person to look at, as ReportInBrowserTest keeps target/report.html
        Path kept = Path.of("target", "pages-read-right", page.getFileName().toString()).toAbsolutePath();
        Files.createDirectories(kept.getParent());
        Files.writeString(kept, html, StandardCharsets.UTF_8);
        assertThat(html).as("the page itself carries no script").doesNotContain("<script");
        Path probed = page.resolveSibling("probed-" + page.getFileName());
        Files.writeString(probed, html.replace("</body>", SCRIPT + "</body>"), StandardCharsets.UTF_8);
        Chromium.Output out = Chromium.run(chromium, probed, scratch, "--dump-dom", "--window-size=1280,2000");
        Matcher m = OUT.matcher(out.stdout());
        assertThat(m.find()).as("the probe's output in the DOM of %s; stderr: %s", page.getFileName(), out.stderr()).isTrue();
        return new ObjectMapper().readTree(new String(Base64.getDecoder().decode(m.group(1)), StandardCharsets.UTF_8));
    }

    /** The measured chart titled {@code title}. */
    static JsonNode chart(JsonNode probe, String title) {
        for (JsonNode c : probe.get("charts")) if (title.equals(c.path("title").asText())) return c;
        throw new AssertionError("no chart titled '" + title + "' on the page");
    }
}
