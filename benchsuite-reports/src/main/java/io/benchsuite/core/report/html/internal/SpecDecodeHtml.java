package io.benchsuite.core.report.html.internal;

import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.model.ServerSection;
import java.util.Locale;
import java.util.stream.Collectors;

/** The report page's speculative-decoding line: acceptance, mean accepted length and acceptance by draft position. */
public final class SpecDecodeHtml {
    private SpecDecodeHtml() {}

    /**
     * Appends a paragraph {@code id="spec-decode"} when the server section has speculative-decoding figures.
     *
     * @param b the page
     * @param server the server section, or null
     */
    public static void append(StringBuilder b, ServerSection server) {
        ServerSection.SpecDecode s = server == null ? null : server.specDecode();
        if (s == null) return;
        b.append("<p class=\"sub\" id=\"spec-decode\"><b>Speculative decoding</b> (server ")
                .append(s.basis().equals("counters") ? "counters over the window" : "gauges, mean over the window")
                .append("): acceptance ").append(esc(pct(s.acceptanceRate())))
                .append(", mean accepted length ").append(esc(HtmlNumbers.num(s.meanAcceptedLength())));
        if (Double.isFinite(s.drafts())) b.append(" over ").append(esc(HtmlNumbers.num(s.drafts()))).append(" drafts");
        if (!s.perPosition().isEmpty()) {
            b.append("; by draft position ").append(esc(s.perPosition().stream().map(SpecDecodeHtml::pct)
                    .collect(Collectors.joining(", "))));
        }
        if (s.missing() != null) b.append(" (").append(esc(s.missing())).append(')');
        b.append(".</p>");
    }

    private static String pct(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f %%", 100 * v) : HtmlNumbers.ABSENT;
    }
}
