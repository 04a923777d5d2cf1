package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.figure;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.core.report.html.internal.Distributions;
import io.benchsuite.core.report.html.internal.HistogramChart;
import io.benchsuite.core.report.html.internal.LineChart;
import io.benchsuite.core.report.model.Report;
import java.util.List;
import org.HdrHistogram.Histogram;

/** The latency distributions: a CDF and a histogram per drawn metric. */
final class LatencyFigures {
    private LatencyFigures() {}

    static void render(StringBuilder b, Report r) {
        b.append("<section id=\"latency\"><h2>Latency distributions</h2><p class=\"sub\">Measured, successful requests; "
                + "from the lossless histograms in report.json. CDFs use a logarithmic latency axis.</p><div class=\"grid\">");
        List<LatencyMetric> drawn = HtmlReport.drawnMetrics(List.of(r));
        for (LatencyMetric m : drawn) {
            Histogram h = r.histograms().get(m);
            double[][] cdf = Distributions.cdf(h);
            figure(b, new LineChart(m.displayName() + " CDF", m.displayName() + " (ms, log scale)", "percentile (%)")
                    .logX().yMaxAtLeast(100).add(m.displayName(), cdf[0], cdf[1]).svg(), h.getTotalCount() + " samples");
        }
        for (LatencyMetric m : drawn) {
            Histogram h = r.histograms().get(m);
            Distributions.Bins bins = Distributions.bins(h, 30);
            figure(b, new HistogramChart(m.displayName() + " histogram", m.displayName() + " (ms, log scale)", bins.edgesMs(), bins.counts()).svg(),
                    "30 log-spaced bins");
        }
        b.append("</div></section>");
    }
}
