package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.box;

import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.text.SummaryRows;

/**
 * How the tests' {@link QueueDepthSection} is shown: on the page after the telemetry tables (the default place),
 * a console line and a {@code summary.csv} row.
 */
public final class QueueDepthView implements SectionView<QueueDepthSection> {
    @Override
    public String key() {
        return QueueDepthSection.KEY;
    }

    @Override
    public Class<QueueDepthSection> type() {
        return QueueDepthSection.class;
    }

    @Override
    public String consoleText(QueueDepthSection s) {
        return "queue depth          peak " + s.peak() + " requests\n";
    }

    @Override
    public void csvRows(QueueDepthSection s, StringBuilder csv) {
        SummaryRows.row(csv, "queue_depth", "peak", s.peak(), "count");
    }

    @Override
    public void render(StringBuilder page, QueueDepthSection s, Report report) {
        page.append("<section id=\"queue-depth\"><h2>Queue depth</h2><div class=\"honesty\">");
        box(page, "Peak", s.peak() + " requests");
        box(page, "Note", s.note());
        page.append("</div></section>");
    }
}
