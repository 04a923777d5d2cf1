package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.figure;
import static io.benchsuite.core.report.html.PageBlocks.fmtUnit;
import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.html.internal.ShareBars;
import io.benchsuite.core.report.model.DecompositionSection;
import io.benchsuite.core.report.model.Report;
import java.util.List;

/** The {@code decomposition} section: where the time went, derived from the report when a report has none. */
final class DecompositionView implements SectionView<DecompositionSection> {
    @Override
    public String key() {
        return DecompositionSection.KEY;
    }

    @Override
    public Class<DecompositionSection> type() {
        return DecompositionSection.class;
    }

    @Override
    public Place place() {
        return Place.AFTER_LATENCY;
    }

    /** A report written before the section existed: derived from its other blocks, as every page has shown it. */
    @Override
    public DecompositionSection whenAbsent(Report report) {
        return DecompositionSection.of(report);
    }

    /** Where the time went: the three-stage shares of each view, cold start against steady state, the memory indices. */
    @Override
    public void render(StringBuilder b, DecompositionSection d, Report r) {
        b.append("<section id=\"decomposition\"><h2>Where the time goes</h2><p class=\"sub\">End-to-end latency split into "
                + "queueing, prefill and decode, as shares of the mean E2E, from each view this run has (docs/analysis.md §5).</p>");
        if (d.views().isEmpty()) {
            b.append("<p class=\"absent\" id=\"no-decomposition\">absent (no measured request succeeded)</p>");
        } else {
            ShareBars bars = new ShareBars("Three-stage decomposition", List.of("queueing", "prefill", "decode", "other"));
            for (DecompositionSection.Shares s : d.views()) bars.row(s.source(), s.queueing(), s.prefill(), s.decode(), s.other());
            b.append("<div class=\"grid\">");
            figure(b, bars.svg(), "each bar is one view; 'other' is time outside the stages that view has");
            b.append("<div><table class=\"decomposition\"><thead><tr><th>view</th><th class=\"num\">requests</th><th class=\"num\">mean E2E</th>"
                    + "<th class=\"num\">queueing</th><th class=\"num\">prefill</th><th class=\"num\">decode</th><th class=\"num\">other</th></tr></thead><tbody>");
            for (DecompositionSection.Shares s : d.views()) {
                b.append("<tr data-view=\"").append(esc(s.source())).append("\"><td>").append(esc(s.source())).append("</td><td class=\"num\">")
                        .append(s.requests()).append("</td><td class=\"num\">").append(esc(fmtUnit(s.meanE2eMs(), "ms"))).append("</td>");
                for (double v : new double[] {s.queueing(), s.prefill(), s.decode(), s.other()}) {
                    b.append("<td class=\"num share\">").append(esc(HtmlNumbers.pct(v))).append(" %</td>");
                }
                b.append("</tr>");
            }
            b.append("</tbody></table>");
            for (DecompositionSection.Shares s : d.views()) {
                for (String note : s.notes()) b.append("<p class=\"sub\"><small>").append(esc(s.source())).append(": ").append(esc(note)).append("</small></p>");
            }
            b.append("</div></div>");
        }
        if (d.serverAbsent() != null) {
            b.append("<p class=\"sub\" id=\"no-server-stages\">Server stages: <span class=\"absent\">absent</span> (")
                    .append(esc(d.serverAbsent())).append(").</p>");
        }
        b.append("<div class=\"grid3\"><div><h3>Cold start and steady state</h3>");
        if (d.coldStart() == null) {
            b.append("<p class=\"absent\" id=\"no-cold-start\">absent (").append(esc(d.coldStartAbsent())).append(")</p>");
        } else {
            DecompositionSection.ColdStart c = d.coldStart();
            b.append("<table class=\"config\" id=\"cold-start\"><tbody><tr><td>cold start (first ").append(c.coldStartRequests())
                    .append(" requests): mean TTFT / E2E</td><td class=\"mono\">").append(esc(fmtUnit(c.coldTtftMs(), "ms"))).append(" / ")
                    .append(esc(fmtUnit(c.coldE2eMs(), "ms"))).append("</td></tr><tr><td>steady state: mean TTFT / E2E</td><td class=\"mono\">")
                    .append(esc(fmtUnit(c.steadyTtftMs(), "ms"))).append(" / ").append(esc(fmtUnit(c.steadyE2eMs(), "ms")))
                    .append("</td></tr></tbody></table>");
        }
        b.append("<p>JIT compile time during the run: ").append(esc(fmtUnit(d.jitCompileMs(), "ms"))).append("</p></div>");
        b.append("<div><h3>Memory indices</h3><table class=\"config\" id=\"memory-indices\"><tbody>");
        for (DecompositionSection.Index i : d.indices()) {
            b.append("<tr data-index=\"").append(esc(i.name())).append("\"><td>").append(esc(i.name())).append("</td><td class=\"mono\">");
            if (i.absent() != null) b.append("<span class=\"absent\">absent</span><span class=\"why\">").append(esc(i.absent())).append("</span>");
            else b.append(esc(HtmlNumbers.num(i.value())));
            b.append("</td></tr>");
        }
        b.append("</tbody></table></div></div></section>");
    }
}
