package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.box;
import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.Report;

/** The {@code client} section: the client's own stalls and CPU, whether the measuring side kept up. */
final class ClientView implements SectionView<ClientSection> {
    @Override
    public String key() {
        return ClientSection.KEY;
    }

    @Override
    public Class<ClientSection> type() {
        return ClientSection.class;
    }

    @Override
    public Place place() {
        return Place.AFTER_RATES;
    }

    /** The client's own stalls and CPU: whether the measuring side kept up. */
    @Override
    public void render(StringBuilder b, ClientSection c, Report r) {
        b.append("<section id=\"client\"><h2>Client</h2><p class=\"sub\">Did the benchmark client itself keep up? "
                + "A thread that sleeps ").append(esc(c.hiccups() == null ? "1" : HtmlNumbers.num(c.hiccups().resolutionMs())))
                .append(" ms at a time records how late it wakes (hiccups): a GC pause or a starved CPU delays the client's "
                + "reads and timings by as much. Requests whose window overlapped a stall longer than ")
                .append(esc(HtmlNumbers.num(c.stallThresholdMs()))).append(" ms are flagged <code>clientStalled</code> in requests.jsonl.</p>");
        b.append("<div class=\"honesty\">");
        ClientSection.Hiccups h = c.hiccups();
        box(b, "Hiccups p50 / p99 / max", h == null ? HtmlNumbers.ABSENT + " (not measured)"
                : HtmlNumbers.num(h.p50Ms()) + " / " + HtmlNumbers.num(h.p99Ms()) + " / " + HtmlNumbers.num(h.maxMs()) + " ms");
        box(b, "Stalls over " + HtmlNumbers.num(c.stallThresholdMs()) + " ms", h == null ? HtmlNumbers.ABSENT : Long.toString(h.stallsOverThreshold()));
        box(b, "Requests flagged", c.stalledRequests() + " requests");
        box(b, "Client CPU", Double.isFinite(c.cpu().processPct())
                ? HtmlNumbers.num(c.cpu().processPct()) + " % of " + c.cpu().cores() + " cores (" + HtmlNumbers.num(c.cpu().processSeconds()) + " s)"
                : HtmlNumbers.ABSENT);
        b.append("</div>");
        if (!c.saturated().isEmpty()) {
            b.append("<p class=\"bad\" id=\"client-saturated\">The client itself was saturated: ")
                    .append(esc(String.join("; ", c.saturated())))
                    .append(". Its own delays are inside the latencies above; run it on more or quieter CPUs.</p>");
        }
        b.append("</section>");
    }
}
