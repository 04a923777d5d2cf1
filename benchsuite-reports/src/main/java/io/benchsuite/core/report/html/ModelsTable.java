package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.ModelsSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.text.ModelsText;

/** The page's per-model table, for a run whose requests a model mix spread over several models. */
final class ModelsTable implements SectionView<ModelsSection> {
    @Override
    public String key() {
        return ModelsSection.KEY;
    }

    @Override
    public Class<ModelsSection> type() {
        return ModelsSection.class;
    }

    @Override
    public Place place() {
        return Place.AFTER_RATES;
    }

    @Override
    public String consoleText(ModelsSection s) {
        return ModelsText.console(s);
    }

    @Override
    public void csvRows(ModelsSection s, StringBuilder csv) {
        ModelsText.csv(csv, s);
    }

    @Override
    public void render(StringBuilder b, ModelsSection s, Report r) {
        b.append("<section id=\"models\"><h2>Models</h2><p class=\"sub\">Requests spread over the models of the mix ")
                .append(esc(s.mix())).append(", drawn per ").append(esc(s.by()))
                .append("; latencies over each model's successful measured requests, ms.</p><table><tr><th>Model</th>")
                .append("<th>Requests</th><th>Share (configured)</th><th>Failed</th><th>TTFT p50</th><th>TTFT p99</th>")
                .append("<th>TPOT p50</th><th>TPOT p99</th><th>E2E p50</th><th>E2E p99</th><th>Output tokens/s</th></tr>");
        for (ModelsSection.Model m : s.models()) {
            b.append("<tr><td>").append(esc(m.name())).append("</td><td>").append(HtmlNumbers.count(m.requests()))
                    .append("</td><td>").append(esc(HtmlNumbers.pct(m.share()))).append(" % (")
                    .append(esc(HtmlNumbers.pct(m.configuredShare()))).append(" %)</td><td>").append(HtmlNumbers.count(m.failed()));
            for (double v : new double[] {m.ttft().p50(), m.ttft().p99(), m.tpot().p50(), m.tpot().p99(), m.e2e().p50(),
                    m.e2e().p99(), m.outputTokensPerSecond()}) {
                b.append("</td><td>").append(esc(HtmlNumbers.num(v)));
            }
            b.append("</td></tr>");
        }
        b.append("</table></section>");
    }
}
