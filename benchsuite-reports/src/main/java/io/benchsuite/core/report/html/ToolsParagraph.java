package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ToolsSection;
import io.benchsuite.core.report.text.ToolsText;
import java.util.Map;

/** The page's paragraph on tool calling, for a run whose requests offered tools. */
final class ToolsParagraph implements SectionView<ToolsSection> {
    @Override
    public String key() {
        return ToolsSection.KEY;
    }

    @Override
    public Class<ToolsSection> type() {
        return ToolsSection.class;
    }

    @Override
    public Place place() {
        return Place.AFTER_RATES; // beside the models table: what the run sent
    }

    @Override
    public String consoleText(ToolsSection s) {
        return ToolsText.console(s);
    }

    @Override
    public void csvRows(ToolsSection s, StringBuilder csv) {
        ToolsText.csv(csv, s);
    }

    @Override
    public void render(StringBuilder b, ToolsSection s, Report r) {
        b.append("<section id=\"tools\"><h2>Tool calls</h2><p>").append(HtmlNumbers.count(s.requests()))
                .append(" measured requests offered tools: ").append(HtmlNumbers.count(s.answeredWithCalls()))
                .append(" answered with calls (").append(esc(HtmlNumbers.num(s.callsPerRequest()))).append(" calls per request), ")
                .append(HtmlNumbers.count(s.answeredInText())).append(" in text");
        if (s.notReported() > 0) b.append(", ").append(HtmlNumbers.count(s.notReported())).append(" without calls reported");
        b.append("; ").append(HtmlNumbers.count(s.malformedArguments())).append(" calls with malformed arguments");
        if (s.graded() > 0) {
            b.append("; accuracy ").append(esc(HtmlNumbers.pct(s.accuracy()))).append(" % (").append(HtmlNumbers.count(s.correct()))
                    .append(" of ").append(HtmlNumbers.count(s.graded())).append(" right function, valid arguments)");
        }
        b.append(".");
        if (!s.names().isEmpty()) {
            b.append(" Functions called: ");
            boolean first = true;
            for (Map.Entry<String, Long> e : s.names().entrySet()) {
                b.append(first ? "" : ", ").append("<code>").append(esc(e.getKey())).append("</code> ")
                        .append(HtmlNumbers.count(e.getValue()));
                first = false;
            }
            if (s.otherNames() > 0) b.append(", others ").append(HtmlNumbers.count(s.otherNames()));
            b.append('.');
        }
        b.append("</p></section>");
    }
}
