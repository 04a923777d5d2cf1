package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.box;

import io.benchsuite.core.report.model.Report;

/** How the page draws the tests' {@link QueueDepthSection}: after the telemetry tables (the default place). */
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
    public void render(StringBuilder page, QueueDepthSection s, Report report) {
        page.append("<section id=\"queue-depth\"><h2>Queue depth</h2><div class=\"honesty\">");
        box(page, "Peak", s.peak() + " requests");
        box(page, "Note", s.note());
        page.append("</div></section>");
    }
}
