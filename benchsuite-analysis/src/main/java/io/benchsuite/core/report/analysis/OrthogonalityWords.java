package io.benchsuite.core.report.analysis;

import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.analysis.orthogonality.LoadControlled;
import io.benchsuite.core.analysis.orthogonality.OrthogonalityCheck;
import io.benchsuite.core.report.html.internal.HeatMap;
import io.benchsuite.core.report.html.internal.HtmlNumbers;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the orthogonality figures mean, in words: a VIF that could not be computed reads as absent (never as
 * independent), a small number of runs carries its uncertainty, and in a load sweep, where every latency and
 * throughput figure follows the load, the verdicts come from the correlations beyond the load
 * ({@link LoadControlled}) instead of telling the reader to drop TTFT because it rises with the load.
 */
public final class OrthogonalityWords {
    /** Below this many runs a correlation is shown with its uncertainty. */
    public static final int SMALL_SAMPLE = 10;
    // the r whose 95 % interval the small-sample caveat quotes
    private static final double EXAMPLE_R = 0.8;

    private OrthogonalityWords() {}

    /**
     * The load-controlled correlation of a sweep's points: the block's analysed metrics, each run's load looked
     * up by its label.
     *
     * @param o the block
     * @param load the load's name
     * @param loadByLabel each run's load, by label
     * @return the result, or {@code null} when a run's load is unknown (a non-numeric load axis)
     */
    public static LoadControlled forSweep(OrthogonalityBlock o, String load, Map<String, Double> loadByLabel) {
        List<OrthogonalityBlock.Input> runs = o.inputs().stream().filter(i -> o.metrics().stream().allMatch(i.values()::containsKey)).toList();
        double[] loads = new double[runs.size()];
        double[][] data = new double[runs.size()][o.metrics().size()];
        for (int i = 0; i < runs.size(); i++) {
            Double l = loadByLabel.get(runs.get(i).label());
            if (l == null || !Double.isFinite(l)) return null;
            loads[i] = l;
            for (int j = 0; j < o.metrics().size(); j++) data[i][j] = runs.get(i).values().get(o.metrics().get(j));
        }
        return LoadControlled.of(load, loads, o.metrics(), data);
    }

    /** The verdict cell of a metric on a page without a swept load. */
    static String verdict(OrthogonalityBlock o, String metric) {
        double v = o.vifOf(metric);
        if (Double.isNaN(v)) return "<td class=\"verdict\"><span class=\"absent\">not computed</span> — no VIF, so nothing is known about its overlap</td>";
        if (o.flagged().contains(metric)) return "<td class=\"verdict worse\">redundant (VIF &gt; " + HtmlNumbers.num(o.vifLimit()) + ")</td>";
        return "<td class=\"verdict\">independent enough</td>";
    }

    /** The R², strongest-partial and verdict cells of a metric in a load sweep. */
    static String loadVerdict(LoadControlled lc, String metric) {
        Double r2 = lc.loadR2().get(metric);
        String r2Cell = "<td class=\"num load-r2\">" + (r2 == null || r2.isNaN() ? "<span class=\"absent\">absent</span>" : esc(HtmlNumbers.num(r2)))
                + "</td>";
        if (lc.leftOut().containsKey(metric)) {
            return r2Cell + "<td class=\"num\"><span class=\"absent\">absent</span></td><td class=\"verdict\">" + esc(lc.leftOut().get(metric)) + "</td>";
        }
        if (lc.absent() != null) {
            return r2Cell + "<td class=\"num\"><span class=\"absent\">absent</span></td><td class=\"verdict\"><span class=\"absent\">not computed</span> ("
                    + esc(lc.absent()) + ")</td>";
        }
        String with = null;
        double best = 0;
        for (String other : lc.metrics()) {
            if (other.equals(metric)) continue;
            double p = lc.partial(metric, other);
            if (Math.abs(p) >= Math.abs(best)) {
                best = p;
                with = other;
            }
        }
        String cell = "<td class=\"num partial\">" + esc(HtmlNumbers.num(best)) + " <small>(" + esc(OrthogonalityBlock.label(with)) + ")</small></td>";
        if (Math.abs(best) >= OrthogonalityCheck.GROUP_CORRELATION) {
            // not advice to drop either: a straight line leaves the knee, which every load-driven metric feels
            return r2Cell + cell + "<td class=\"verdict\">still moves with " + esc(OrthogonalityBlock.label(with))
                    + " beyond a straight line in the load (often both turning at the knee)</td>";
        }
        return r2Cell + cell + "<td class=\"verdict\">tells its own story once the load is accounted for</td>";
    }

    /** The plain statement that opens the section on a sweep page. */
    static String sweepIntro(LoadControlled lc) {
        return "<p class=\"load-sweep\" id=\"load-sweep-note\">In a load sweep, latency, throughput and memory all follow the load ("
                + esc(lc.load()) + "): their correlations near ±1 and their very large VIFs below say that the load drives them, "
                + "not that they measure one thing. Do not drop a metric for that. What they share <em>beyond</em> the load is the "
                + "partial correlation: each metric's residual after a straight line on " + esc(lc.loadTerm())
                + ", correlated with the others'. A straight line does not remove a knee, so metrics that all turn there still "
                + "co-move in it; which metrics measure the same thing shows only across runs that differ in more than the load "
                + "(engines, devices, quantisations: benchsuite compare).</p>";
    }

    /** The partial-correlation heat map, or why there is none. */
    static void partialMap(StringBuilder b, LoadControlled lc) {
        if (lc.absent() != null) {
            b.append("<p class=\"absent\" id=\"no-partial\">Correlation beyond the load: absent (").append(esc(lc.absent())).append(")</p>");
            return;
        }
        int n = lc.metrics().size();
        double[][] r = new double[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) r[i][j] = lc.partial().get(i).get(j);
        HeatMap map = new HeatMap("Correlation beyond the load (partial r)", lc.metrics().stream().map(OrthogonalityBlock::label).toList(), r);
        b.append("<figure style=\"max-width:720px\" id=\"partial-map\">").append(map.svg()).append("<figcaption>partial r controlling for ")
                .append(esc(lc.loadTerm())).append(", from −1 (blue) to +1 (red)</figcaption></figure>");
    }

    /**
     * The caveat of a small number of runs: the 95 % interval of r = 0.8 (Fisher z), or that none exists.
     *
     * @param b where to write
     * @param runs how many runs were correlated
     */
    static void smallSample(StringBuilder b, int runs) {
        if (runs >= SMALL_SAMPLE) return;
        b.append("<p class=\"caveat\" id=\"small-sample\">Only ").append(runs).append(" runs: ");
        if (runs <= 3) {
            b.append("too few to tell related metrics from chance. Any correlation shown is as likely noise as signal; "
                    + "compare at least ").append(SMALL_SAMPLE).append(" runs before calling metrics related or independent.</p>");
            return;
        }
        double[] ci = interval(EXAMPLE_R, runs);
        b.append(String.format(Locale.ROOT, "an r of %.1f here is consistent with anything from %.2f to %.2f (95 %% interval), ", EXAMPLE_R, ci[0], ci[1]))
                .append("so read the correlations and VIFs as hints, not findings.</p>");
    }

    /** The 95 % interval of a Pearson r over n samples by Fisher's z transform; needs n &gt; 3. */
    static double[] interval(double r, int n) {
        double z = 0.5 * Math.log((1 + r) / (1 - r)), half = 1.959964 / Math.sqrt(n - 3);
        return new double[] {Math.tanh(z - half), Math.tanh(z + half)};
    }
}
