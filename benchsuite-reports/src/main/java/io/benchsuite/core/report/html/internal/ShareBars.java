package io.benchsuite.core.report.html.internal;

import static io.benchsuite.core.report.html.internal.Html.esc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Shares of a whole as stacked horizontal bars drawn as inline SVG, one row per view (e.g. the client's and the
 * server's split of end-to-end latency into queueing, prefill, decode and other). Each segment is a
 * {@code <rect class="bar">} carrying {@code data-row}, {@code data-part} and {@code data-share}; the
 * {@code <g class="bars">} element's {@code data-bars} counts them. Negative or missing shares are not drawn.
 */
public final class ShareBars {
    private static final int W = 560;
    private static final int LEFT = 150;
    private static final int RIGHT = 18;
    private static final int TOP = 48;
    private static final int ROW = 34;
    private static final int BOTTOM = 40;

    private final String title;
    private final List<String> parts;
    private final List<String> rows = new ArrayList<>();
    private final List<double[]> shares = new ArrayList<>();

    /**
     * @param title the chart's title
     * @param parts the names of the parts, in stacking order
     */
    public ShareBars(String title, List<String> parts) {
        this.title = title;
        this.parts = List.copyOf(parts);
    }

    /** One row: a share per part (0..1), in the order of the parts. */
    public ShareBars row(String name, double... values) {
        if (values.length != parts.size()) throw new IllegalArgumentException("a row needs " + parts.size() + " shares, got " + values.length);
        rows.add(name);
        shares.add(values.clone());
        return this;
    }

    /** The {@code <svg>} element. */
    public String svg() {
        int h = TOP + Math.max(1, rows.size()) * ROW + BOTTOM;
        double plotW = W - LEFT - RIGHT;
        StringBuilder b = new StringBuilder();
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(W).append(' ').append(h)
                .append("\" role=\"img\" aria-label=\"").append(esc(title)).append("\" class=\"chart\" data-title=\"")
                .append(esc(title)).append("\">");
        b.append("<text x=\"").append(W / 2).append("\" y=\"18\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"600\" fill=\"#1d2430\">")
                .append(esc(title)).append("</text>");
        // legend
        double lx = LEFT;
        for (int p = 0; p < parts.size(); p++) {
            b.append("<rect x=\"").append(HtmlNumbers.coord(lx)).append("\" y=\"27\" width=\"12\" height=\"10\" fill=\"")
                    .append(LineChart.PALETTE.get(p % LineChart.PALETTE.size())).append("\"/><text x=\"").append(HtmlNumbers.coord(lx + 16))
                    .append("\" y=\"36\" font-size=\"11\" fill=\"#1d2430\">").append(esc(parts.get(p))).append("</text>");
            lx += 28 + 6.2 * parts.get(p).length();
        }
        Axis x = Axis.linear(0, 1);
        double plotH = rows.size() * ROW;
        for (double t : x.ticks()) {
            double px = LEFT + x.fraction(t) * plotW;
            b.append("<line x1=\"").append(HtmlNumbers.coord(px)).append("\" x2=\"").append(HtmlNumbers.coord(px)).append("\" y1=\"").append(TOP)
                    .append("\" y2=\"").append(HtmlNumbers.coord(TOP + plotH)).append("\" stroke=\"#eef0f4\"/><text x=\"").append(HtmlNumbers.coord(px))
                    .append("\" y=\"").append(HtmlNumbers.coord(TOP + plotH + 16)).append("\" text-anchor=\"middle\" font-size=\"11\" fill=\"#5b6472\" class=\"tick\">")
                    .append(String.format(Locale.ROOT, "%.0f", t * 100)).append("</text>");
        }
        int drawn = 0;
        StringBuilder bars = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            double y = TOP + r * ROW + 6;
            b.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(HtmlNumbers.coord(y + 15))
                    .append("\" text-anchor=\"end\" font-size=\"11\" fill=\"#1d2430\">").append(esc(shorten(rows.get(r)))).append("</text>");
            double at = 0;
            for (int p = 0; p < parts.size(); p++) {
                // drawn from the share as printed (six decimals): the same report read back from report.json,
                // whose figures differ in the last bits, then draws the same bars
                double raw = shares.get(r)[p];
                if (!(raw > 0) || !Double.isFinite(raw)) continue;
                double v = Math.round(raw * 1e6) / 1e6;
                double w = Math.min(v, Math.max(0, 1 - at));
                bars.append("<rect class=\"bar\" data-row=\"").append(esc(rows.get(r))).append("\" data-part=\"").append(esc(parts.get(p)))
                        .append("\" data-share=\"").append(String.format(Locale.ROOT, "%.6f", v)).append("\" x=\"")
                        .append(HtmlNumbers.coord(LEFT + at * plotW)).append("\" y=\"").append(HtmlNumbers.coord(y)).append("\" width=\"")
                        .append(HtmlNumbers.coord(Math.max(0.5, w * plotW))).append("\" height=\"22\" fill=\"")
                        .append(LineChart.PALETTE.get(p % LineChart.PALETTE.size())).append("\"><title>").append(esc(rows.get(r))).append(": ")
                        .append(esc(parts.get(p))).append(' ').append(HtmlNumbers.pct(v)).append(" %</title></rect>");
                at += w;
                drawn++;
            }
        }
        b.append("<g class=\"bars\" data-bars=\"").append(drawn).append("\">").append(bars).append("</g>");
        b.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(HtmlNumbers.coord(plotW))
                .append("\" height=\"").append(HtmlNumbers.coord(plotH)).append("\" fill=\"none\" stroke=\"#aab2bf\"/>");
        b.append("<text x=\"").append(HtmlNumbers.coord(LEFT + plotW / 2)).append("\" y=\"").append(h - 8)
                .append("\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1d2430\" class=\"axis-label\">share of mean E2E (%)</text>");
        return b.append("</svg>").toString();
    }

    private static String shorten(String s) {
        return s.length() <= 24 ? s : s.substring(0, 23) + "…";
    }
}
