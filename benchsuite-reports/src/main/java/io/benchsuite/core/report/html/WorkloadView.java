package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.box;
import static io.benchsuite.core.report.html.PageBlocks.figure;
import static io.benchsuite.core.report.html.PageBlocks.orElse;
import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.html.internal.HistogramChart;
import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.report.model.WorkloadSection;
import java.util.List;
import java.util.Locale;

/** The {@code workload} section: what was sent (source, lengths, prefix sharing beside the server's, sessions, turns, context, injections). */
final class WorkloadView implements SectionView<WorkloadSection> {
    @Override
    public String key() {
        return WorkloadSection.KEY;
    }

    @Override
    public Class<WorkloadSection> type() {
        return WorkloadSection.class;
    }

    @Override
    public Place place() {
        return Place.AFTER_RATES;
    }

    /** What was sent: source, lengths, prefix sharing (ideal beside the server's), sessions, turns, context, injections. */
    @Override
    public void render(StringBuilder b, WorkloadSection w, Report r) {
        b.append("<section id=\"workload\"><h2>Workload</h2>");
        b.append("<p class=\"sub\">What was actually sent: prompt lengths include a session turn's whole history. "
                + "The ideal prefix hit rate is the share of prompt tokens an unbounded prefix cache would have held; "
                + "the server's measured rate (its own metric) can only be lower.</p><div class=\"honesty\">");
        box(b, "Source", orElse(w.source(), "?"));
        box(b, "Paced by", orElse(w.pacing(), "?"));
        box(b, "Requests sent", Long.toString(w.requests()));
        WorkloadCounts.boxes(b, w);
        box(b, "Prompt tokens p50 / p99 / max", w.inputTokens().count() == 0 ? HtmlNumbers.ABSENT
                : w.inputTokens().p50() + " / " + w.inputTokens().p99() + " / " + w.inputTokens().max());
        box(b, "Output tokens p50 / p99 / max", w.outputTokens().count() == 0 ? HtmlNumbers.ABSENT
                : w.outputTokens().p50() + " / " + w.outputTokens().p99() + " / " + w.outputTokens().max());
        double measured = r.section(ServerSection.class).map(ServerSection::prefixCacheHitRate).orElse(Double.NaN);
        b.append("<div id=\"prefix-ideal\"><b>Prefix hit rate, ideal</b><span>")
                .append(esc(ratio(w.prefixSharing().idealHitRate()))).append("</span></div>");
        b.append("<div id=\"prefix-measured\"><b>Prefix hit rate, server</b><span>")
                .append(esc(Double.isFinite(measured) ? ratio(measured) : HtmlNumbers.ABSENT + " (not exposed)")).append("</span></div>");
        b.append("</div>");
        if (!w.skipped().isEmpty() || !w.adjusted().isEmpty() || w.sourceError() != null) {
            b.append("<ul class=\"sub\" id=\"source-counts\">");
            w.skipped().forEach((why, n) -> b.append("<li>skipped ").append(n).append(": ").append(esc(why)).append("</li>"));
            w.adjusted().forEach((why, n) -> b.append("<li>adjusted ").append(n).append(": ").append(esc(why)).append("</li>"));
            if (w.sourceError() != null) b.append("<li class=\"bad\">source stopped early: ").append(esc(w.sourceError())).append("</li>");
            b.append("</ul>");
        }
        b.append("<div class=\"grid\">");
        lengthChart(b, "Prompt tokens sent", w.inputTokens());
        lengthChart(b, "Output tokens received", w.outputTokens());
        b.append("</div>");
        if (w.sessions() != null) {
            WorkloadSection.Sessions s = w.sessions();
            b.append("<h3>Sessions</h3><div class=\"honesty\" id=\"sessions\">");
            box(b, "Started", Long.toString(s.started()));
            box(b, "Completed", Long.toString(s.completed()));
            box(b, "Failed / over context / cut", s.failed() + " / " + s.overContext() + " / " + s.cut());
            box(b, "Turns per session", HtmlNumbers.num(s.meanTurns()));
            box(b, "Think time", orElse(s.thinkTime(), "?"));
            box(b, "History answers", orElse(s.answers(), "?"));
            box(b, "Cap counts", orElse(s.concurrency(), "?"));
            box(b, "Session E2E p50 / p99", s.e2e().count() == 0 ? HtmlNumbers.ABSENT
                    : HtmlNumbers.num(s.e2e().p50()) + " / " + HtmlNumbers.num(s.e2e().p99()) + " ms");
            b.append("</div>");
        }
        if (!w.turns().isEmpty()) {
            b.append("<table id=\"turns\"><thead><tr><th class=\"num\">Turn</th><th class=\"num\">Requests</th>"
                    + "<th class=\"num\">Succeeded</th><th class=\"num\">Mean prompt tokens</th><th class=\"num\">Ideal prefix hit rate</th>"
                    + "<th class=\"num\">TTFT p50 (ms)</th><th class=\"num\">TTFT p99 (ms)</th></tr></thead><tbody>");
            for (WorkloadSection.Turn t : w.turns()) {
                b.append("<tr class=\"turn\"><td class=\"num\">").append(t.turn()).append("</td><td class=\"num\">")
                        .append(t.requests()).append("</td><td class=\"num\">").append(t.succeeded())
                        .append("</td><td class=\"num\">").append(esc(HtmlNumbers.num(t.meanPromptTokens())))
                        .append("</td><td class=\"num\">").append(esc(ratio(t.idealHitRate())))
                        .append("</td><td class=\"num\">").append(esc(HtmlNumbers.num(t.ttft().p50())))
                        .append("</td><td class=\"num\">").append(esc(HtmlNumbers.num(t.ttft().p99()))).append("</td></tr>");
            }
            b.append("</tbody></table>");
        }
        if (w.context() != null) {
            WorkloadSection.Context c = w.context();
            b.append("<p class=\"sub\" id=\"context\">Model context ").append(c.limitTokens()).append(" tokens (")
                    .append(esc(orElse(c.from(), "?"))).append("), policy <code>").append(esc(orElse(c.policy(), "?")))
                    .append("</code>: ").append(c.marked()).append(" recorded as context_exceeded, ").append(c.skipped())
                    .append(" skipped before sending.</p>");
        }
        if (w.injections() != null) {
            WorkloadSection.Injections inj = w.injections();
            b.append("<h3>Injections</h3><table id=\"injections\"><thead><tr><th>Priority</th><th class=\"num\">Offered</th>"
                    + "<th class=\"num\">Delivered</th><th class=\"num\">Expired</th><th class=\"num\">Undelivered</th>"
                    + "<th class=\"num\">First token after, p50 (ms)</th><th class=\"num\">p99 (ms)</th></tr></thead><tbody>");
            for (String p : List.of("urgent", "normal", "low")) {
                WorkloadSection.Millis after = inj.firstTokenAfter().getOrDefault(p, WorkloadSection.Millis.NONE);
                b.append("<tr><td>").append(p).append("</td><td class=\"num\">").append(inj.offered().getOrDefault(p, 0L))
                        .append("</td><td class=\"num\">").append(inj.delivered().getOrDefault(p, 0L))
                        .append("</td><td class=\"num\">").append(inj.expired().getOrDefault(p, 0L))
                        .append("</td><td class=\"num\">").append(inj.undelivered().getOrDefault(p, 0L))
                        .append("</td><td class=\"num\">").append(esc(HtmlNumbers.num(after.p50())))
                        .append("</td><td class=\"num\">").append(esc(HtmlNumbers.num(after.p99()))).append("</td></tr>");
            }
            b.append("</tbody></table>");
        }
        b.append("</section>");
    }

    private static String ratio(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : HtmlNumbers.ABSENT;
    }

    /** A token-length histogram over the section's power-of-two buckets. */
    private static void lengthChart(StringBuilder b, String title, WorkloadSection.Lengths l) {
        if (l.buckets().isEmpty()) return;
        long from = l.buckets().get(0).from();
        long to = l.buckets().get(l.buckets().size() - 1).to();
        int n = Long.numberOfTrailingZeros(Long.highestOneBit(to)) - Long.numberOfTrailingZeros(Long.highestOneBit(from));
        double[] edges = new double[n + 1];
        long[] counts = new long[n];
        for (int i = 0; i <= n; i++) edges[i] = (double) (from << i);
        for (WorkloadSection.Bucket bucket : l.buckets()) {
            int i = Long.numberOfTrailingZeros(Long.highestOneBit(bucket.from())) - Long.numberOfTrailingZeros(Long.highestOneBit(from));
            counts[i] += bucket.count();
        }
        figure(b, new HistogramChart(title, "tokens (log scale)", edges, counts).svg(),
                l.count() + " requests, mean " + HtmlNumbers.num(l.mean()) + " tokens");
    }
}
