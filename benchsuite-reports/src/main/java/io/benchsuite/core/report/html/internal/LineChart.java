package io.benchsuite.core.report.html.internal;

import static io.benchsuite.core.report.html.internal.Html.esc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A line chart drawn as inline SVG on the server side: titled, axes with units and tick labels, a
 * legend when there are several series, optional logarithmic x-axis. Each series is one
 * {@code <path class="series">} whose {@code data-points} attribute counts its drawn points (gaps
 * from missing values break the line but are not points). Besides lines a chart may hold point series
 * ({@code <g class="points">} of {@code <circle class="point">}, counted in {@code data-points}), labelled
 * markers ({@code <g class="marker">}, e.g. a knee) and reference lines ({@code <line class="ref-line">}, e.g.
 * an SLO limit); each carries its data values in {@code data-x}/{@code data-y}/{@code data-value} attributes.
 */
public final class LineChart {
    /** Colour-blind-safe palette (Okabe–Ito), in series order. */
    public static final List<String> PALETTE =
            List.of("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442");

    static final int W = 560;
    static final int H = 300;
    static final int LEFT = 64;
    static final int RIGHT = 18;
    static final int TOP = 48;
    private static final int LEGEND_ROW = 15;
    static final int BOTTOM = 46;

    /**
     * One line: x and y of equal length; non-finite values are gaps.
     *
     * @param name the legend's name
     * @param xs x values
     * @param ys y values
     * @param dashed drawn dashed
     */
    public record Series(String name, double[] xs, double[] ys, boolean dashed) {}

    // stroke width of an ordinary line and of a wide one drawn beneath the others
    private static final double STROKE = 1.8;
    private static final double WIDE_STROKE = 5.5;

    /** A labelled point drawn over the series (a knee, a chosen configuration). */
    private record Marker(String name, double x, double y) {}

    /** A horizontal (a y value) or vertical (an x value) reference line across the plot. */
    private record RefLine(String name, boolean horizontal, double value) {}

    private final List<Series> pointSeries = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private final List<RefLine> refLines = new ArrayList<>();
    private boolean logY;
    private boolean dots;
    private boolean joinGaps;
    // by identity: a series is the one added (its arrays compare by reference anyway), and a record's hashCode
    // would bootstrap method-handle classes in every report (docs/performance.md, "Seventh pass")
    private final Set<Series> wide = Collections.newSetFromMap(new IdentityHashMap<>());

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private boolean logX;
    private boolean yFromZero = true;
    private double yMaxAtLeast = Double.NaN;

    public LineChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Logarithmic x-axis (non-positive x values are skipped). */
    public LineChart logX() {
        this.logX = true;
        return this;
    }

    /** Fixes the y range to at least {@code [0, max]} (e.g. 100 for percentiles). */
    public LineChart yMaxAtLeast(double max) {
        this.yMaxAtLeast = max;
        return this;
    }

    /** Lets the y-axis start at the data minimum instead of 0. */
    public LineChart yFromData() {
        this.yFromZero = false;
        return this;
    }

    /** Logarithmic y-axis (non-positive y values are skipped). */
    public LineChart logY() {
        this.logY = true;
        return this;
    }

    /** Marks each drawn point of the line series with a small dot. */
    public LineChart dots() {
        this.dots = true;
        return this;
    }

    /**
     * Joins a line across missing values instead of breaking it: for a series whose value exists only in some
     * x (a percentile of the requests that ended in a second, where some seconds end none), a gap means "no
     * sample here", not "the quantity stopped"; breaking the line would leave lone points that draw nothing.
     */
    public LineChart joinGaps() {
        this.joinGaps = true;
        return this;
    }

    /**
     * A line drawn wide and light beneath the others, so that where a later line has the same values this one
     * still shows around it (e.g. requests sent beneath requests completed).
     */
    public LineChart addWide(String name, double[] xs, double[] ys) {
        Series s = new Series(name, xs, ys, false);
        series.add(0, s);
        wide.add(s);
        return this;
    }

    /** A series drawn as unconnected points. */
    public LineChart addPoints(String name, double[] xs, double[] ys) {
        pointSeries.add(new Series(name, xs, ys, false));
        return this;
    }

    /** A labelled marker at (x, y); skipped when either is not finite. */
    public LineChart marker(String name, double x, double y) {
        markers.add(new Marker(name, x, y));
        return this;
    }

    /** A horizontal reference line at y (e.g. an SLO limit); skipped when not finite. */
    public LineChart hLine(String name, double y) {
        refLines.add(new RefLine(name, true, y));
        return this;
    }

    /** A vertical reference line at x (e.g. the highest load meeting the SLOs); skipped when not finite. */
    public LineChart vLine(String name, double x) {
        refLines.add(new RefLine(name, false, x));
        return this;
    }

    public LineChart add(String name, double[] xs, double[] ys) {
        series.add(new Series(name, xs, ys, false));
        return this;
    }

    public LineChart addDashed(String name, double[] xs, double[] ys) {
        series.add(new Series(name, xs, ys, true));
        return this;
    }

    private boolean usable(double x, double y) {
        return Double.isFinite(x) && Double.isFinite(y) && (!logX || x > 0) && (!logY || y > 0);
    }

    /** The {@code <svg>} element. */
    public String svg() {
        double xMin = Double.POSITIVE_INFINITY, xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY, yMax = Double.NEGATIVE_INFINITY;
        int points = 0;
        List<Series> all = new ArrayList<>(series);
        all.addAll(pointSeries);
        for (Series s : all) {
            for (int i = 0; i < s.xs().length; i++) {
                double x = s.xs()[i], y = s.ys()[i];
                if (!usable(x, y)) continue;
                points++;
                xMin = Math.min(xMin, x);
                xMax = Math.max(xMax, x);
                yMin = Math.min(yMin, y);
                yMax = Math.max(yMax, y);
            }
        }
        if (points > 0) {
            for (Marker m : markers) {
                if (!usable(m.x(), m.y())) continue;
                xMin = Math.min(xMin, m.x());
                xMax = Math.max(xMax, m.x());
                yMin = Math.min(yMin, m.y());
                yMax = Math.max(yMax, m.y());
            }
            for (RefLine r : refLines) {
                if (!Double.isFinite(r.value()) || (r.horizontal() ? logY : logX) && r.value() <= 0) continue;
                if (r.horizontal()) {
                    yMin = Math.min(yMin, r.value());
                    yMax = Math.max(yMax, r.value());
                } else {
                    xMin = Math.min(xMin, r.value());
                    xMax = Math.max(xMax, r.value());
                }
            }
        }
        StringBuilder b = new StringBuilder();
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(W).append(' ').append(H)
                .append("\" role=\"img\" aria-label=\"").append(esc(title)).append("\" class=\"chart\" data-title=\"")
                .append(esc(title)).append("\">");
        b.append("<text x=\"").append(W / 2).append("\" y=\"18\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"600\" fill=\"#1d2430\">")
                .append(esc(title)).append("</text>");
        if (points == 0) {
            frame(b, TOP);
            b.append("<text x=\"").append(W / 2).append("\" y=\"").append(H / 2)
                    .append("\" text-anchor=\"middle\" font-size=\"13\" fill=\"#5b6472\" class=\"no-data\">no data</text></svg>");
            return b.toString();
        }
        List<double[]> legendAt = legendLayout();
        int top = TOP + (legendAt.isEmpty() ? 0 : (int) legendAt.get(legendAt.size() - 1)[1] - 34);
        if (yFromZero && !logY) yMin = Math.min(0, yMin);
        if (Double.isFinite(yMaxAtLeast)) yMax = Math.max(yMax, yMaxAtLeast);
        if (yMax <= yMin) yMax = logY ? yMin * 10 : yMin + 1;
        Axis xAxis = logX ? Axis.log(xMin, xMax) : Axis.linear(xMin, xMax);
        Axis yAxis = logY ? Axis.log(yMin, yMax) : Axis.linear(yMin, yMax);
        double plotW = W - LEFT - RIGHT, plotH = H - top - BOTTOM;

        // grid and ticks
        yAxis.drawYTicks(b, LEFT, W - RIGHT, top, plotH);
        xAxis.drawXTicks(b, LEFT, plotW, top, plotH, true);
        frame(b, top);
        b.append("<text x=\"").append(LEFT + plotW / 2).append("\" y=\"").append(H - 8)
                .append("\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1d2430\" class=\"axis-label\">").append(esc(xLabel)).append("</text>");
        b.append("<text transform=\"translate(14 ").append(top + plotH / 2).append(") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1d2430\" class=\"axis-label\">")
                .append(esc(yLabel)).append("</text>");

        for (int si = 0; si < series.size(); si++) {
            Series s = series.get(si);
            StringBuilder d = new StringBuilder();
            int n = 0;
            boolean pen = false;
            for (int i = 0; i < s.xs().length; i++) {
                double x = s.xs()[i], y = s.ys()[i];
                if (!usable(x, y)) {
                    pen = pen && joinGaps;
                    continue;
                }
                double px = LEFT + xAxis.fraction(x) * plotW;
                double py = top + plotH - yAxis.fraction(y) * plotH;
                d.append(pen ? " L" : (d.length() == 0 ? "M" : " M")).append(HtmlNumbers.coord(px)).append(' ').append(HtmlNumbers.coord(py));
                pen = true;
                n++;
            }
            String color = PALETTE.get(si % PALETTE.size());
            boolean isWide = wide.contains(s);
            b.append("<path class=\"series\" data-series=\"").append(esc(s.name())).append("\" data-points=\"").append(n)
                    .append("\" fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"").append(isWide ? WIDE_STROKE : STROKE)
                    .append("\"").append(isWide ? " stroke-opacity=\"0.45\"" : "").append(" stroke-linejoin=\"round\" stroke-linecap=\"round\"")
                    .append(s.dashed() ? " stroke-dasharray=\"5 4\"" : "").append(" d=\"").append(d).append("\"/>");
            if (dots && n > 1) {
                for (int i = 0; i < s.xs().length; i++) {
                    double x = s.xs()[i], y = s.ys()[i];
                    if (!usable(x, y)) continue;
                    b.append("<circle class=\"dot\" cx=\"").append(HtmlNumbers.coord(LEFT + xAxis.fraction(x) * plotW)).append("\" cy=\"")
                            .append(HtmlNumbers.coord(top + plotH - yAxis.fraction(y) * plotH)).append("\" r=\"2.5\" fill=\"").append(color)
                            .append("\"/>");
                }
            }
            // a point with no drawn neighbour (a one-point piece of a broken line) draws nothing: mark it
            for (String piece : d.toString().split(" M", -1)) {
                if (piece.contains("L") || piece.isBlank()) continue;
                String[] xy = piece.replace("M", "").trim().split(" ", -1);
                b.append("<circle class=\"lone\" data-series=\"").append(esc(s.name())).append("\" cx=\"").append(xy[0]).append("\" cy=\"")
                        .append(xy[1]).append("\" r=\"3\" fill=\"").append(color).append("\"/>");
            }
        }
        for (int pi = 0; pi < pointSeries.size(); pi++) {
            Series s = pointSeries.get(pi);
            String color = PALETTE.get((series.size() + pi) % PALETTE.size());
            StringBuilder dotsOf = new StringBuilder();
            int n = 0;
            for (int i = 0; i < s.xs().length; i++) {
                double x = s.xs()[i], y = s.ys()[i];
                if (!usable(x, y)) continue;
                dotsOf.append("<circle class=\"point\" data-x=\"").append(Axis.label(x)).append("\" data-y=\"").append(Axis.label(y))
                        .append("\" cx=\"").append(HtmlNumbers.coord(LEFT + xAxis.fraction(x) * plotW)).append("\" cy=\"")
                        .append(HtmlNumbers.coord(top + plotH - yAxis.fraction(y) * plotH)).append("\" r=\"4\" fill=\"").append(color)
                        .append("\" fill-opacity=\"0.85\"/>");
                n++;
            }
            b.append("<g class=\"points\" data-series=\"").append(esc(s.name())).append("\" data-points=\"").append(n).append("\">")
                    .append(dotsOf).append("</g>");
        }
        for (RefLine r : refLines) {
            if (!Double.isFinite(r.value()) || (r.horizontal() ? logY : logX) && r.value() <= 0) continue;
            double at = r.horizontal() ? top + plotH - yAxis.fraction(r.value()) * plotH : LEFT + xAxis.fraction(r.value()) * plotW;
            double x1 = r.horizontal() ? LEFT : at, x2 = r.horizontal() ? W - RIGHT : at;
            double y1 = r.horizontal() ? at : top, y2 = r.horizontal() ? at : top + plotH;
            b.append("<line class=\"ref-line\" data-ref=\"").append(esc(r.name())).append("\" data-value=\"").append(Axis.label(r.value()))
                    .append("\" x1=\"").append(HtmlNumbers.coord(x1)).append("\" x2=\"").append(HtmlNumbers.coord(x2)).append("\" y1=\"")
                    .append(HtmlNumbers.coord(y1)).append("\" y2=\"").append(HtmlNumbers.coord(y2))
                    .append("\" stroke=\"#b42318\" stroke-width=\"1.2\" stroke-dasharray=\"3 3\"/>");
            boolean leftOfLine = !r.horizontal() && at > LEFT + plotW / 2;
            b.append("<text x=\"").append(HtmlNumbers.coord(r.horizontal() ? W - RIGHT - 4 : leftOfLine ? at - 4 : at + 4)).append("\" y=\"")
                    .append(HtmlNumbers.coord(r.horizontal() ? at - 4 : top + 12)).append("\" text-anchor=\"")
                    .append(r.horizontal() || leftOfLine ? "end" : "start").append("\" font-size=\"10\" fill=\"#b42318\">")
                    .append(esc(r.name())).append("</text>");
        }
        for (Marker m : markers) {
            if (!usable(m.x(), m.y())) continue;
            double px = LEFT + xAxis.fraction(m.x()) * plotW, py = top + plotH - yAxis.fraction(m.y()) * plotH;
            b.append("<g class=\"marker\" data-marker=\"").append(esc(m.name())).append("\" data-x=\"").append(Axis.label(m.x()))
                    .append("\" data-y=\"").append(Axis.label(m.y())).append("\"><circle cx=\"").append(HtmlNumbers.coord(px)).append("\" cy=\"")
                    .append(HtmlNumbers.coord(py)).append("\" r=\"7\" fill=\"none\" stroke=\"#1d2430\" stroke-width=\"2\"/><text x=\"")
                    .append(HtmlNumbers.coord(px + 9)).append("\" y=\"").append(HtmlNumbers.coord(py - 9)).append("\" font-size=\"11\" fill=\"#1d2430\">")
                    .append(esc(m.name())).append("</text></g>");
        }
        if (series.size() + pointSeries.size() > 1) legend(b, legendAt);
        b.append("</svg>");
        return b.toString();
    }

    private static void frame(StringBuilder b, int top) {
        b.append("<rect class=\"plot-area\" x=\"").append(LEFT).append("\" y=\"").append(top).append("\" width=\"").append(W - LEFT - RIGHT)
                .append("\" height=\"").append(H - top - BOTTOM).append("\" fill=\"none\" stroke=\"#aab2bf\"/>");
    }

    /** Where each legend entry goes ({x, baseline y}), wrapping to further rows; empty for a single series. */
    private List<Series> legendEntries() {
        List<Series> all = new ArrayList<>(series);
        all.addAll(pointSeries);
        return all;
    }

    private List<double[]> legendLayout() {
        List<double[]> at = new ArrayList<>();
        if (legendEntries().size() < 2) return at;
        double x = LEFT;
        int y = 34;
        for (Series s : legendEntries()) {
            double width = 34 + 6.2 * s.name().length();
            if (x > LEFT && x + width > W - RIGHT) {
                x = LEFT;
                y += LEGEND_ROW;
            }
            at.add(new double[] {x, y});
            x += width;
        }
        return at;
    }

    private void legend(StringBuilder b, List<double[]> at) {
        b.append("<g class=\"legend\">");
        List<Series> entries = legendEntries();
        for (int si = 0; si < entries.size(); si++) {
            Series s = entries.get(si);
            boolean points = si >= series.size();
            String color = PALETTE.get(si % PALETTE.size());
            double x = at.get(si)[0], y = at.get(si)[1];
            if (points) {
                b.append("<circle cx=\"").append(HtmlNumbers.coord(x + 9)).append("\" cy=\"").append(HtmlNumbers.coord(y - 4)).append("\" r=\"4\" fill=\"")
                        .append(color).append("\"/>");
            } else {
                b.append("<line x1=\"").append(HtmlNumbers.coord(x)).append("\" x2=\"").append(HtmlNumbers.coord(x + 18)).append("\" y1=\"").append(HtmlNumbers.coord(y - 4))
                        .append("\" y2=\"").append(HtmlNumbers.coord(y - 4)).append("\" stroke=\"").append(color)
                        .append(wide.contains(s) ? "\" stroke-opacity=\"0.45\" stroke-width=\"" + WIDE_STROKE + "\"" : "\" stroke-width=\"2.5\"")
                        .append(s.dashed() ? " stroke-dasharray=\"5 4\"" : "").append("/>");
            }
            b.append("<text x=\"").append(HtmlNumbers.coord(x + 22)).append("\" y=\"").append(HtmlNumbers.coord(y))
                    .append("\" font-size=\"11\" fill=\"#1d2430\">").append(esc(s.name())).append("</text>");
        }
        b.append("</g>");
    }
}
