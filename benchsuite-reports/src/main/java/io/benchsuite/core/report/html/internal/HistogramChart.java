package io.benchsuite.core.report.html.internal;

import static io.benchsuite.core.report.html.internal.Html.esc;

/**
 * A histogram drawn as inline SVG: one {@code <rect class="bar">} per non-empty bin over a
 * logarithmic x-axis (latencies span decades); the {@code <g class="bars">} element's
 * {@code data-bars} attribute counts the drawn bars.
 */
public final class HistogramChart {
    private final String title;
    private final String xLabel;
    private final double[] edges;
    private final long[] counts;

    /**
     * @param edges bin edges, ascending and positive, one more than {@code counts}
     * @param counts samples per bin
     */
    public HistogramChart(String title, String xLabel, double[] edges, long[] counts) {
        if (edges.length != counts.length + 1) throw new IllegalArgumentException("edges must be counts + 1 long");
        this.title = title;
        this.xLabel = xLabel;
        this.edges = edges.clone();
        this.counts = counts.clone();
    }

    /** The {@code <svg>} element. */
    public String svg() {
        int w = LineChart.W, h = LineChart.H, left = LineChart.LEFT, right = LineChart.RIGHT, top = LineChart.TOP,
                bottom = LineChart.BOTTOM;
        StringBuilder b = new StringBuilder();
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(w).append(' ').append(h)
                .append("\" role=\"img\" aria-label=\"").append(esc(title)).append("\" class=\"chart\" data-title=\"")
                .append(esc(title)).append("\">");
        b.append("<text x=\"").append(w / 2).append("\" y=\"18\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"600\" fill=\"#1d2430\">")
                .append(esc(title)).append("</text>");
        long max = 0;
        for (long c : counts) max = Math.max(max, c);
        if (max == 0 || edges.length < 2) {
            b.append("<rect x=\"").append(left).append("\" y=\"").append(top).append("\" width=\"").append(w - left - right)
                    .append("\" height=\"").append(h - top - bottom).append("\" fill=\"none\" stroke=\"#aab2bf\"/>");
            b.append("<text x=\"").append(w / 2).append("\" y=\"").append(h / 2)
                    .append("\" text-anchor=\"middle\" font-size=\"13\" fill=\"#5b6472\" class=\"no-data\">no data</text>");
            return b.append("<g class=\"bars\" data-bars=\"0\"></g></svg>").toString();
        }
        Axis x = Axis.log(edges[0], edges[edges.length - 1]);
        Axis y = Axis.linear(0, max);
        double plotW = w - left - right, plotH = h - top - bottom;
        y.drawYTicks(b, left, w - right, top, plotH);
        x.drawXTicks(b, left, plotW, top, plotH, false);
        int drawn = 0;
        StringBuilder bars = new StringBuilder();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 0) continue;
            double x0 = left + x.fraction(edges[i]) * plotW, x1 = left + x.fraction(edges[i + 1]) * plotW;
            double bh = y.fraction(counts[i]) * plotH;
            bars.append("<rect class=\"bar\" x=\"").append(HtmlNumbers.coord(x0)).append("\" y=\"").append(HtmlNumbers.coord(top + plotH - bh))
                    .append("\" width=\"").append(HtmlNumbers.coord(Math.max(1, x1 - x0 - 1))).append("\" height=\"").append(HtmlNumbers.coord(bh))
                    .append("\" fill=\"#0072B2\" fill-opacity=\"0.8\"><title>").append(Axis.label(edges[i])).append("–")
                    .append(Axis.label(edges[i + 1])).append(": ").append(counts[i]).append("</title></rect>");
            drawn++;
        }
        b.append("<g class=\"bars\" data-bars=\"").append(drawn).append("\">").append(bars).append("</g>");
        b.append("<rect x=\"").append(left).append("\" y=\"").append(top).append("\" width=\"").append(w - left - right)
                .append("\" height=\"").append(h - top - bottom).append("\" fill=\"none\" stroke=\"#aab2bf\"/>");
        b.append("<text x=\"").append(left + plotW / 2).append("\" y=\"").append(h - 8)
                .append("\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1d2430\" class=\"axis-label\">").append(esc(xLabel)).append("</text>");
        b.append("<text transform=\"translate(14 ").append(top + plotH / 2)
                .append(") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1d2430\" class=\"axis-label\">requests</text>");
        return b.append("</svg>").toString();
    }
}
