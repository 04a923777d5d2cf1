package io.benchsuite.core.report.html.internal;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/** Maps data values to [0, 1] along an axis, linear or logarithmic, with readable tick values. */
final class Axis {
    private final double lo;
    private final double hi;
    private final boolean log;
    private final List<Double> ticks;

    private Axis(double lo, double hi, boolean log, List<Double> ticks) {
        this.lo = lo;
        this.hi = hi;
        this.log = log;
        this.ticks = ticks;
    }

    /** A linear axis widened to "nice" tick steps (1, 2, 5 x 10^k). */
    static Axis linear(double min, double max) {
        if (max <= min) {
            double pad = min == 0 ? 1 : Math.abs(min) * 0.1;
            min -= pad;
            max += pad;
        }
        double step = niceStep((max - min) / 5);
        double lo = Math.floor(min / step) * step;
        double hi = Math.ceil(max / step) * step;
        List<Double> t = new ArrayList<>();
        for (int i = 0; lo + i * step <= hi + step * 1e-9; i++) t.add(round(lo + i * step, step));
        return new Axis(lo, hi, false, t);
    }

    /** A base-10 logarithmic axis from the decade below {@code min} to the decade above {@code max}. */
    static Axis log(double min, double max) {
        double lo = Math.pow(10, Math.floor(Math.log10(min)));
        double hi = Math.pow(10, Math.ceil(Math.log10(max)));
        if (hi <= lo) hi = lo * 10;
        int decades = (int) Math.round(Math.log10(hi / lo));
        List<Double> t = new ArrayList<>();
        for (int d = 0; d <= decades; d++) {
            double base = lo * Math.pow(10, d);
            t.add(base);
            if (decades <= 2 && d < decades) {
                t.add(base * 2);
                t.add(base * 5);
            }
        }
        return new Axis(lo, hi, true, t);
    }

    static double niceStep(double raw) {
        double exp = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / exp;
        double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return nice * exp;
    }

    private static double round(double v, double step) {
        int scale = Math.max(0, -(int) Math.floor(Math.log10(step)) + 1);
        return BigDecimal.valueOf(v).setScale(scale, RoundingMode.HALF_UP).doubleValue();
    }

    double fraction(double v) {
        if (log) return (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
        return (v - lo) / (hi - lo);
    }

    List<Double> ticks() {
        return ticks;
    }

    /** Tick text: the shortest plain decimal (Locale-independent). */
    static String label(double v) {
        if (v == 0) return "0";
        BigDecimal d = BigDecimal.valueOf(v).round(new MathContext(6)).stripTrailingZeros();
        if (Math.abs(v) >= 1e6) return d.toEngineeringString();
        return d.toPlainString();
    }

    /** Horizontal grid lines with their tick labels left of the plot, for this axis as the y axis. */
    void drawYTicks(StringBuilder b, double left, double right, double top, double plotH) {
        for (double t : ticks()) {
            double py = top + plotH - fraction(t) * plotH;
            b.append("<line x1=\"").append(HtmlNumbers.coord(left)).append("\" x2=\"").append(HtmlNumbers.coord(right)).append("\" y1=\"")
                    .append(HtmlNumbers.coord(py)).append("\" y2=\"").append(HtmlNumbers.coord(py)).append("\" stroke=\"#e6e9ef\"/>");
            b.append("<text x=\"").append(HtmlNumbers.coord(left - 6)).append("\" y=\"").append(HtmlNumbers.coord(py + 4))
                    .append("\" text-anchor=\"end\" font-size=\"11\" fill=\"#5b6472\" class=\"tick\">")
                    .append(label(t)).append("</text>");
        }
    }

    /** Tick labels under the plot for this axis as the x axis, with vertical grid lines when {@code grid}. */
    void drawXTicks(StringBuilder b, double left, double plotW, double top, double plotH, boolean grid) {
        for (double t : ticks()) {
            double px = left + fraction(t) * plotW;
            if (grid) {
                b.append("<line x1=\"").append(HtmlNumbers.coord(px)).append("\" x2=\"").append(HtmlNumbers.coord(px)).append("\" y1=\"")
                        .append(HtmlNumbers.coord(top)).append("\" y2=\"").append(HtmlNumbers.coord(top + plotH)).append("\" stroke=\"#eef0f4\"/>");
            }
            b.append("<text x=\"").append(HtmlNumbers.coord(px)).append("\" y=\"").append(HtmlNumbers.coord(top + plotH + 16))
                    .append("\" text-anchor=\"middle\" font-size=\"11\" fill=\"#5b6472\" class=\"tick\">")
                    .append(label(t)).append("</text>");
        }
    }
}
