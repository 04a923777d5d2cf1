package io.benchsuite.core.report.html.internal;

import static io.benchsuite.core.report.html.internal.Html.esc;

import java.util.List;
import java.util.Locale;

/**
 * A correlation matrix as an inline-SVG heat map: one {@code <rect class="cell">} per pair, coloured from blue
 * (r = −1) through white (0) to red (+1), with r written in the cell; each cell carries {@code data-row},
 * {@code data-col} and {@code data-r}. The {@code <g class="cells">} element's {@code data-cells} counts them.
 * An optional right-hand column lists each row's VIF, flagged ones in bold red ({@code <text class="vif">}).
 */
public final class HeatMap {
    private static final int CELL = 40;
    private static final int LEFT = 150;
    private static final int TOP = 130;

    private final String title;
    private final List<String> names;
    private final double[][] r;
    private double[] vif;
    private double vifLimit = Double.NaN;

    /**
     * @param title the title
     * @param names the row and column names
     * @param r the matrix, names.size() square
     */
    public HeatMap(String title, List<String> names, double[][] r) {
        this.title = title;
        this.names = List.copyOf(names);
        this.r = r;
        if (r.length != names.size()) throw new IllegalArgumentException("the matrix must be " + names.size() + " square");
    }

    /** Adds the VIF column; values above {@code limit} are flagged. */
    public HeatMap vif(double[] values, double limit) {
        this.vif = values.clone();
        this.vifLimit = limit;
        return this;
    }

    /** The {@code <svg>} element. */
    public String svg() {
        int n = names.size();
        int w = LEFT + n * CELL + (vif == null ? 20 : 90) + 60;
        int h = TOP + n * CELL + 20;
        StringBuilder b = new StringBuilder();
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(w).append(' ').append(h)
                .append("\" role=\"img\" aria-label=\"").append(esc(title)).append("\" class=\"chart heatmap\" data-title=\"")
                .append(esc(title)).append("\">");
        b.append("<text x=\"").append(w / 2).append("\" y=\"18\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"600\" fill=\"#1d2430\">")
                .append(esc(title)).append("</text>");
        for (int j = 0; j < n; j++) {
            double x = LEFT + j * CELL + CELL / 2.0;
            b.append("<text transform=\"translate(").append(HtmlNumbers.coord(x + 4)).append(' ').append(TOP - 6)
                    .append(") rotate(-55)\" font-size=\"11\" fill=\"#1d2430\" class=\"tick\">").append(esc(names.get(j))).append("</text>");
        }
        StringBuilder cells = new StringBuilder();
        int count = 0;
        for (int i = 0; i < n; i++) {
            double y = TOP + i * CELL;
            b.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(HtmlNumbers.coord(y + CELL / 2.0 + 4))
                    .append("\" text-anchor=\"end\" font-size=\"11\" fill=\"#1d2430\" class=\"tick\">").append(esc(names.get(i))).append("</text>");
            for (int j = 0; j < n; j++) {
                double v = r[i][j];
                double x = LEFT + j * CELL;
                cells.append("<rect class=\"cell\" data-row=\"").append(esc(names.get(i))).append("\" data-col=\"").append(esc(names.get(j)))
                        .append("\" data-r=\"").append(String.format(Locale.ROOT, "%.6f", v)).append("\" x=\"").append(HtmlNumbers.coord(x))
                        .append("\" y=\"").append(HtmlNumbers.coord(y)).append("\" width=\"").append(CELL - 1).append("\" height=\"").append(CELL - 1)
                        .append("\" fill=\"").append(colour(v)).append("\"><title>").append(esc(names.get(i))).append(" / ")
                        .append(esc(names.get(j))).append(": r = ").append(String.format(Locale.ROOT, "%.3f", v)).append("</title></rect>");
                cells.append("<text x=\"").append(HtmlNumbers.coord(x + CELL / 2.0)).append("\" y=\"").append(HtmlNumbers.coord(y + CELL / 2.0 + 4))
                        .append("\" text-anchor=\"middle\" font-size=\"10\" fill=\"").append(Math.abs(v) > 0.6 ? "#ffffff" : "#1d2430")
                        .append("\">").append(String.format(Locale.ROOT, "%.2f", v)).append("</text>");
                count++;
            }
            if (vif != null) {
                double v = vif[i];
                boolean flagged = v > vifLimit;
                b.append("<text class=\"vif\" data-metric=\"").append(esc(names.get(i))).append("\" data-vif=\"")
                        .append(Double.isNaN(v) ? "" : Double.isInfinite(v) ? "inf" : String.format(Locale.ROOT, "%.6f", v))
                        .append("\" data-flagged=\"").append(flagged).append("\" x=\"").append(LEFT + n * CELL + 10).append("\" y=\"")
                        .append(HtmlNumbers.coord(y + CELL / 2.0 + 4)).append("\" font-size=\"11\"")
                        .append(flagged ? " font-weight=\"700\" fill=\"#b42318\"" : " fill=\"#1d2430\"").append(">VIF ")
                        .append(Double.isNaN(v) ? "absent" : Double.isInfinite(v) ? "∞" : HtmlNumbers.num(v)).append("</text>");
            }
        }
        b.append("<g class=\"cells\" data-cells=\"").append(count).append("\">").append(cells).append("</g>");
        return b.append("</svg>").toString();
    }

    /** Blue for −1, white for 0, red for +1, linear in between. */
    static String colour(double r) {
        double t = Math.max(-1, Math.min(1, Double.isFinite(r) ? r : 0));
        int[] white = {255, 255, 255}, red = {180, 35, 24}, blue = {0, 114, 178};
        int[] to = t >= 0 ? red : blue;
        double a = Math.abs(t);
        return String.format(Locale.ROOT, "#%02x%02x%02x", (int) Math.round(white[0] + (to[0] - white[0]) * a),
                (int) Math.round(white[1] + (to[1] - white[1]) * a), (int) Math.round(white[2] + (to[2] - white[2]) * a));
    }
}
