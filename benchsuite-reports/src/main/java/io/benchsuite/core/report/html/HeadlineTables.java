package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.box;
import static io.benchsuite.core.report.html.PageBlocks.fmtUnit;
import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.Report;
import java.util.ArrayList;
import java.util.List;

/** The headline metrics with their definitions, and rate honesty: was the load delivered as asked. */
final class HeadlineTables {
    private HeadlineTables() {}

    static void headline(StringBuilder b, Report r) {
        b.append("<section id=\"headline\"><h2>Headline metrics</h2>");
        b.append("<table class=\"headline\"><thead><tr><th>Metric</th><th class=\"num\">Value</th><th>Definition</th></tr></thead><tbody>");
        for (Headline h : Headline.of(r)) {
            b.append("<tr data-metric=\"").append(esc(h.key())).append("\"><td>").append(esc(h.name())).append("</td><td class=\"value num\">");
            if (h.absent()) {
                b.append("<span class=\"absent\">absent</span><span class=\"why\">").append(esc(h.absentWhy())).append("</span>");
            } else {
                List<String> parts = new ArrayList<>();
                for (Headline.Figure f : h.figures()) {
                    parts.add("<span class=\"fig\" data-pointer=\"" + esc(f.pointer()) + "\">"
                            + (f.label().isEmpty() ? "" : "<small>" + esc(f.label()) + "</small> ") + esc(f.text()) + "</span>");
                }
                b.append(String.join("<br>", parts));
            }
            b.append("</td><td class=\"def\">").append(esc(h.definition())).append("</td></tr>");
        }
        b.append("</tbody></table></section>");
    }

    static void honesty(StringBuilder b, Report r) {
        b.append("<section id=\"rate-honesty\"><h2>Rate honesty</h2><p class=\"sub\">Did the load generator deliver the load it was asked for? "
                + "Latency is measured from each request's scheduled time, so a late sender cannot hide queueing.</p><div class=\"honesty\">");
        boolean closed = r.config().workload().closed();
        box(b, "Target rate", closed ? "closed loop" : fmtUnit(r.rate().target(), "req/s"));
        box(b, "Scheduled rate", fmtUnit(r.rate().scheduled(), "req/s"));
        box(b, "Achieved rate", fmtUnit(r.rate().achieved(), "req/s"));
        double ratio = r.rate().achievedOverTarget();
        box(b, "Achieved / target", closed ? "n/a" : Double.isFinite(ratio) ? HtmlNumbers.pct(ratio) + " %" : HtmlNumbers.ABSENT);
        box(b, "Dispatch lag p99", fmtUnit(r.latency(LatencyMetric.DISPATCH_LAG).p99(), "ms"));
        box(b, "Schedule lag p99", fmtUnit(r.latency(LatencyMetric.SCHEDULE_LAG).p99(), "ms"));
        box(b, "Slot wait p99", fmtUnit(r.latency(LatencyMetric.SLOT_WAIT).p99(), "ms"));
        box(b, "Waited for a slot", r.requests().waitedForSlot() + " requests");
        box(b, "Measured window", fmtUnit(r.rate().measuredSeconds(), "s"));
        b.append("</div></section>");
    }
}
