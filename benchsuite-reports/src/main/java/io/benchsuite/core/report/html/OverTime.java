package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.column;
import static io.benchsuite.core.report.html.PageBlocks.figure;

import io.benchsuite.core.report.html.internal.LineChart;
import io.benchsuite.core.report.html.internal.SpecDecodeHtml;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.run.SecondSample;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The per-second series of the run and of the server, with the speculative-decoding line. */
final class OverTime {
    private OverTime() {}

    private static double[] percent(double[] ratios) {
        double[] out = new double[ratios.length];
        for (int i = 0; i < ratios.length; i++) out[i] = ratios[i] * 100;
        return out;
    }

    static void render(StringBuilder b, Report r) {
        List<SecondSample> ts = r.timeSeries();
        double[] sec = column(ts, SecondSample::second);
        b.append("<section id=\"time-series\"><h2>Over time</h2><p class=\"sub\">One point per second of the run, warm-up and cool-down included.</p><div class=\"grid\">");
        LineChart rate = new LineChart("Request rate", "time (s)", "requests/s")
                .addWide("sent (achieved)", sec, column(ts, SecondSample::sent))
                .add("completed", sec, column(ts, SecondSample::completed));
        double[] target = column(ts, SecondSample::targetRate);
        if (Arrays.stream(target).anyMatch(Double::isFinite)) rate.addDashed("target", sec, target);
        figure(b, rate.svg(), "achieved = requests sent per second; the wide light line shows through where completed matches it");
        figure(b, new LineChart("Active requests", "time (s)", "requests in flight (mean)")
                .add("active", sec, column(ts, SecondSample::activeRequests)).svg(), "mean requests in flight per second");
        figure(b, new LineChart("Output tokens/s", "time (s)", "tokens/s")
                .add("output tokens", sec, column(ts, SecondSample::outputTokens)).svg(), "tokens arriving per second");
        figure(b, new LineChart("TTFT over time", "time (s)", "TTFT (ms)").joinGaps()
                .addWide("p50", sec, column(ts, SecondSample::ttftP50Ms))
                .add("p99", sec, column(ts, SecondSample::ttftP99Ms)).svg(), "of first tokens arriving in each second; a second without one is bridged");
        figure(b, new LineChart("E2E over time", "time (s)", "E2E (ms)").joinGaps()
                .addWide("p50", sec, column(ts, SecondSample::e2eP50Ms))
                .add("p99", sec, column(ts, SecondSample::e2eP99Ms)).svg(), "of requests ending in each second; a second without one is bridged");
        figure(b, new LineChart("Errors", "time (s)", "failed requests/s")
                .add("failed or cancelled", sec, column(ts, SecondSample::failed)).svg(), "requests ending in failure per second");
        Optional<ServerSection> server = r.section(ServerSection.class);
        List<ServerSection.Second> series = server.map(ServerSection::timeSeries).orElse(List.of());
        if (!series.isEmpty()) {
            double[] ssec = column(series, ServerSection.Second::second);
            figure(b, new LineChart("Server KV-cache usage", "time (s)", "KV-cache usage (%)").yMaxAtLeast(100)
                    .add("KV-cache usage", ssec, percent(column(series, ServerSection.Second::kvCacheUsage))).svg(),
                    "share of KV-cache blocks in use (server metric, 0–1 shown as %)");
            figure(b, new LineChart("Server queue", "time (s)", "requests")
                    .add("running", ssec, column(series, ServerSection.Second::running))
                    .add("waiting", ssec, column(series, ServerSection.Second::waiting)).svg(), "requests running and queued on the server");
        }
        b.append("</div>");
        if (series.isEmpty()) {
            b.append("<p class=\"sub\" id=\"no-server-series\">Server KV-cache usage and queue: absent (")
                    .append(server.isPresent() ? "the server section has no time series" : "no server metrics scraped")
                    .append(").</p>");
        }
        SpecDecodeHtml.append(b, server.orElse(null));
        b.append("</section>");
    }
}
