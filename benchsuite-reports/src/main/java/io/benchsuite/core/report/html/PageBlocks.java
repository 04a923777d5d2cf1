package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ReportNumbers;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The pieces every part of {@code report.html} draws with: boxes, figures, JSON rows and number text. */
public final class PageBlocks {
    private PageBlocks() {}

    /**
     * A value's text, or a fallback for {@code null}.
     *
     * @param value the value
     * @param fallback the text for {@code null}
     * @return the text
     */
    public static String orElse(Object value, String fallback) {
        return value == null ? fallback : value.toString();
    }

    /**
     * A number with its unit, or "absent" when it is not finite.
     *
     * @param v the number
     * @param unit the unit, e.g. {@code ms}
     * @return the text
     */
    public static String fmtUnit(double v, String unit) {
        return Double.isFinite(v) ? HtmlNumbers.num(v) + " " + unit : HtmlNumbers.ABSENT;
    }

    /**
     * A number, or "absent" when it is not finite.
     *
     * @param v the number
     * @return the text
     */
    public static String numOrAbsent(double v) {
        return Double.isFinite(v) ? HtmlNumbers.num(v) : HtmlNumbers.ABSENT;
    }

    /**
     * One named figure in a box row ({@code <div class="honesty">}); both texts are escaped.
     *
     * @param b the page
     * @param name the figure's name
     * @param value its text
     */
    public static void box(StringBuilder b, String name, String value) {
        b.append("<div><b>").append(esc(name)).append("</b><span>").append(esc(value)).append("</span></div>");
    }

    /**
     * A chart with its caption.
     *
     * @param b the page
     * @param svg the chart (trusted markup)
     * @param caption the caption, escaped
     */
    public static void figure(StringBuilder b, String svg, String caption) {
        b.append("<figure>").append(svg).append("<figcaption>").append(esc(caption)).append("</figcaption></figure>");
    }

    /**
     * A table row per leaf of {@code block}, as report.json shows it: numbers formatted, null as absent,
     * time series optionally skipped.
     *
     * @param b the page
     * @param block a report block or section
     * @param prefix the leaves' key prefix, or empty
     * @param skipSeries whether to leave out {@code timeSeries} leaves
     */
    public static void rows(StringBuilder b, Object block, String prefix, boolean skipSeries) {
        for (Map.Entry<String, Object> leaf : ReportJson.leaves(block, prefix).entrySet()) {
            String key = leaf.getKey();
            if (skipSeries && (key.equals("timeSeries") || key.endsWith(".timeSeries") || key.contains(".timeSeries."))) continue;
            Object v = leaf.getValue();
            b.append("<tr><td>").append(esc(key)).append("</td><td class=\"mono\">");
            if (v == null) b.append("<span class=\"absent\">absent</span>");
            else if (v instanceof Number n && key.endsWith("Bytes")) b.append(esc(HtmlNumbers.bytes(n.doubleValue())));
            else if (v instanceof Long n) b.append(esc(n.toString()));
            else if (v instanceof Double d) b.append(esc(HtmlNumbers.num(d)));
            else b.append(esc(v.toString()));
            b.append("</td></tr>");
        }
    }

    /**
     * One column of a series, rounded as report.json stores it (so a page rendered again from the file is the same).
     *
     * @param series the series
     * @param f the column
     * @param <T> the series' element
     * @return the column's values
     */
    public static <T> double[] column(List<T> series, ToDoubleFunction<T> f) {
        double[] out = new double[series.size()];
        for (int i = 0; i < series.size(); i++) out[i] = ReportNumbers.round(f.applyAsDouble(series.get(i)));
        return out;
    }
}
