package io.benchsuite.core.report.analysis;

import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.analysis.orthogonality.LoadControlled;
import io.benchsuite.core.report.html.internal.HeatMap;
import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.html.internal.LineChart;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The HTML sections the sweep page and the comparison page share: the correlation heat map with the VIF
 * table, and the Pareto plot (a 2-D projection, the front highlighted) with the front's table. Inline SVG,
 * no script.
 */
public final class AnalysisSections {
    private AnalysisSections() {}

    /** The orthogonality section ({@code id="orthogonality"}) of runs with no swept load (the comparison page). */
    public static void orthogonality(StringBuilder b, OrthogonalityBlock o) {
        orthogonality(b, o, null);
    }

    /**
     * The orthogonality section ({@code id="orthogonality"}).
     *
     * @param b where to write
     * @param o the block
     * @param load the correlation beyond the swept load on a sweep page, or {@code null} where no load was swept
     */
    public static void orthogonality(StringBuilder b, OrthogonalityBlock o, LoadControlled load) {
        b.append("<section id=\"orthogonality\"><h2>Orthogonality of the headline metrics</h2><p class=\"sub\">Pearson correlation "
                + "across ").append(o.runs()).append(" runs and each metric's variance inflation factor (VIF = 1 ÷ (1 − R²) of the metric "
                + "regressed on the others); VIF above ").append(HtmlNumbers.num(o.vifLimit()))
                .append(" is flagged: that metric adds little the others do not already say (docs/analysis.md §2).</p>");
        if (load != null) b.append(OrthogonalityWords.sweepIntro(load));
        OrthogonalityWords.smallSample(b, o.runs());
        if (o.correlation().isEmpty()) {
            b.append("<p class=\"absent\" id=\"no-correlation\">Correlation matrix: absent (").append(esc(o.correlationAbsent())).append(")</p>");
        } else {
            int n = o.metrics().size();
            double[][] r = new double[n][n];
            double[] vif = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) r[i][j] = o.correlation().get(i).get(j);
                vif[i] = o.vifOf(o.metrics().get(i));
            }
            HeatMap map = new HeatMap("Correlation of the headline metrics", o.metrics().stream().map(OrthogonalityBlock::label).toList(), r);
            // in a sweep a red VIF beside every load-driven metric would repeat the load, not flag a metric
            if (o.vifAbsent() == null && load == null) map.vif(vif, o.vifLimit());
            b.append("<figure style=\"max-width:720px\">").append(map.svg()).append("<figcaption>r from −1 (blue) to +1 (red); ")
                    .append(o.vifAbsent() != null ? "VIF absent: " + esc(o.vifAbsent()) : load == null ? "VIF beside each row, flagged ones in red"
                            : "across the points, so the load's own effect included")
                    .append("</figcaption></figure>");
        }
        if (load != null) OrthogonalityWords.partialMap(b, load);
        b.append("<table id=\"vif-table\"><thead><tr><th>metric</th><th class=\"num\">VIF</th>")
                .append(load == null ? "" : "<th class=\"num\">R² on the load</th><th class=\"num\">strongest partial r</th>")
                .append("<th>verdict</th></tr></thead><tbody>");
        for (String m : o.metrics()) {
            double v = o.vifOf(m);
            b.append("<tr data-metric=\"").append(esc(m)).append("\"><td>").append(esc(OrthogonalityBlock.label(m))).append("</td><td class=\"num\">")
                    .append(Double.isNaN(v) ? "<span class=\"absent\">absent</span>" : Double.isInfinite(v) ? "∞" : esc(HtmlNumbers.num(v)))
                    .append("</td>").append(load == null ? OrthogonalityWords.verdict(o, m) : OrthogonalityWords.loadVerdict(load, m)).append("</tr>");
        }
        b.append("</tbody></table>");
        if (o.vifAbsent() != null) b.append("<p class=\"sub\" id=\"no-vif\">VIF: <span class=\"absent\">absent</span> (").append(esc(o.vifAbsent())).append(")</p>");
        for (List<String> g : o.redundantGroups()) {
            // one metric is no group (the notes say what it is collinear with); in a sweep the load explains the groups
            if (g.size() < 2 || load != null) continue;
            b.append("<p class=\"redundant\">Redundant group: <b>").append(esc(String.join(", ", g.stream().map(OrthogonalityBlock::label).toList())))
                    .append("</b> — these measure the same thing here; report one of them.</p>");
        }
        if (load == null) for (String note : o.notes()) b.append("<p class=\"sub\">").append(esc(note)).append("</p>");
        if (!o.dropped().isEmpty()) {
            b.append("<details><summary>Metrics left out (").append(o.dropped().size()).append(")</summary><ul>");
            o.dropped().forEach((m, why) -> b.append("<li>").append(esc(OrthogonalityBlock.label(m))).append(": ").append(esc(why)).append("</li>"));
            b.append("</ul></details>");
        }
        b.append("</section>");
    }

    /**
     * The Pareto section ({@code id="pareto"}).
     *
     * @param b where to write
     * @param p the front
     * @param units display units by figure key
     * @param context a figure to put on the y axis when only one objective was measured (e.g. output tokens/s), or null
     */
    public static void pareto(StringBuilder b, ParetoBlock p, Map<String, String> units, String context) {
        b.append("<section id=\"pareto\"><h2>Pareto front</h2><p class=\"sub\">Runs no other run beats on every objective at once "
                + "(energy per token and latency lower, accuracy higher are better; docs/analysis.md §3).</p>");
        for (String note : p.notes()) b.append("<p class=\"sub pareto-note\">").append(esc(note)).append("</p>");
        if (!p.leftOut().isEmpty()) {
            b.append("<ul class=\"left-out\">");
            p.leftOut().forEach((o, why) -> b.append("<li>").append(esc(o)).append(": left out, ").append(esc(why)).append("</li>"));
            b.append("</ul>");
        }
        if (p.objectives().isEmpty()) {
            b.append("</section>");
            return;
        }
        List<String> axes = plotAxes(p, context);
        String xKey = axes.get(0), yKey = axes.get(1);
        List<String> off = new ArrayList<>();
        for (ParetoBlock.Candidate c : p.candidates()) if (!p.front().contains(c.label())) off.add(c.label());
        double[][] front = coordinates(p, p.front(), xKey, yKey);
        double[][] rest = coordinates(p, off, xKey, yKey);
        LineChart chart = new LineChart("Pareto front: " + xKey + " vs " + yKey, axisLabel(xKey, units), axisLabel(yKey, units))
                .yFromData().addPoints("front", front[0], front[1]).addPoints("dominated", rest[0], rest[1]);
        boolean twoObjectives = p.objectives().size() == 2 && p.objectives().stream().anyMatch(o -> o.name().equals(yKey));
        if (twoObjectives && front[0].length > 1) {
            Integer[] order = new Integer[front[0].length];
            for (int i = 0; i < order.length; i++) order[i] = i;
            Arrays.sort(order, Comparator.comparingDouble(i -> front[0][i]));
            double[] xs = new double[order.length], ys = new double[order.length];
            for (int i = 0; i < order.length; i++) {
                xs[i] = front[0][order[i]];
                ys[i] = front[1][order[i]];
            }
            chart.addDashed("front (joined)", xs, ys);
        }
        String caption = p.objectives().size() > 2 ? "a 2-D projection of a " + p.objectives().size()
                + "-objective front: a front member may look dominated here and win on the axis not drawn"
                : p.objectives().size() == 1 ? yKey + " is context, not an objective" : "the front joined in x order";
        b.append("<figure style=\"max-width:720px\">").append(chart.svg()).append("<figcaption>").append(esc(caption)).append("</figcaption></figure>");
        b.append("<table id=\"pareto-table\"><thead><tr><th>run</th>");
        for (ParetoBlock.ObjectiveEntry o : p.objectives()) {
            b.append("<th class=\"num\">").append(esc(o.name())).append("<br><small>").append(o.maximise() ? "higher" : "lower")
                    .append(" is better</small></th>");
        }
        b.append("<th>rank</th></tr></thead><tbody>");
        for (ParetoBlock.Candidate c : p.candidates()) {
            boolean onFront = p.front().contains(c.label());
            b.append("<tr data-run=\"").append(esc(c.label())).append("\" data-front=\"").append(onFront).append("\"><td>")
                    .append(onFront ? "<b>" + esc(c.label()) + "</b>" : esc(c.label())).append("</td>");
            for (ParetoBlock.ObjectiveEntry o : p.objectives()) {
                Double v = c.values().get(o.name());
                b.append("<td class=\"num\">").append(v == null ? "<span class=\"absent\">absent</span>" : esc(HtmlNumbers.num(v))).append("</td>");
            }
            b.append("<td>").append(rank(p, c.label())).append("</td></tr>");
        }
        b.append("</tbody></table></section>");
    }

    private static String rank(ParetoBlock p, String label) {
        if (p.unranked().containsKey(label)) return "unranked (" + esc(p.unranked().get(label)) + ")";
        for (int i = 0; i < p.layers().size(); i++) {
            if (p.layers().get(i).contains(label)) {
                if (i == 0) return "<span class=\"better\">on the front</span>";
                List<String> by = p.dominatedBy().getOrDefault(label, List.of());
                return "layer " + i + (by.isEmpty() ? "" : ", dominated by " + esc(String.join(", ", by)));
            }
        }
        return "";
    }

    /** The two figures drawn: the first two objectives (latency on x when there is one), or one objective and the context. */
    static List<String> plotAxes(ParetoBlock p, String context) {
        List<String> names = new ArrayList<>(p.objectives().stream().map(ParetoBlock.ObjectiveEntry::name).toList());
        names.sort(Comparator.comparingInt(n -> n.contains("p50") || n.contains("p99") || n.contains("p9") ? 0 : 1));
        if (names.size() >= 2) return List.of(names.get(0), names.get(1));
        return List.of(names.get(0), context == null ? names.get(0) : context);
    }

    private static double[][] coordinates(ParetoBlock p, List<String> labels, String x, String y) {
        double[] xs = new double[labels.size()], ys = new double[labels.size()];
        for (int i = 0; i < labels.size(); i++) {
            xs[i] = p.value(labels.get(i), x);
            ys[i] = p.value(labels.get(i), y);
        }
        return new double[][] {xs, ys};
    }

    private static String axisLabel(String key, Map<String, String> units) {
        String unit = units.get(key);
        return unit == null ? key : key + " (" + unit + ")";
    }
}
