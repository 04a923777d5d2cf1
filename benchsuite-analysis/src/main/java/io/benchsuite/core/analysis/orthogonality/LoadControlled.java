package io.benchsuite.core.analysis.orthogonality;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;

/**
 * The headline metrics' correlation once the swept load is accounted for: in a load sweep every latency and
 * throughput figure follows the load, so their plain correlations are near ±1 and their VIFs huge by
 * construction; that says the load drives them, not that they measure one thing. The partial correlation of
 * metrics a and b controlling for the load is the Pearson correlation of their residuals after a least-squares
 * line on the load: what the two share beyond the load.
 *
 * <p>The load enters as log<sub>2</sub> when every load is positive and the largest is at least 8 times the
 * smallest (the doubling grids sweeps use: 1, 2, 4, …), else as is. A linear fit removes only the linear part of
 * the load's effect: two metrics that both turn steeply past a knee still co-move in their residuals, which is
 * shared behaviour the reader should see. Needs at least 4 runs (a partial correlation with one control has
 * n − 3 degrees of freedom). A metric the load explains exactly (1 − R² ≤ 10<sup>−10</sup>) has no residual and
 * is left out with that reason.
 *
 * @param load the load's name, e.g. {@code max-concurrent}
 * @param logLoad whether the load entered as log2
 * @param metrics the metrics with a residual, in input order
 * @param loadR2 each metric's R² on the load (the share of its variation across the runs the load explains),
 *     every input metric
 * @param partial the partial correlation matrix, rows and columns in {@code metrics} order (empty when absent)
 * @param absent why there is no partial correlation, or {@code null}
 * @param leftOut metrics left out of the partial correlation, with the reason
 */
public record LoadControlled(String load, boolean logLoad, List<String> metrics, Map<String, Double> loadR2,
                             List<List<Double>> partial, String absent, Map<String, String> leftOut) {
    /** The fewest runs a partial correlation with one control needs. */
    public static final int MIN_RUNS = 4;
    // 1 - R² at or below this: the metric is a linear function of the load
    private static final double EXACT_FIT = 1e-10;

    /**
     * Correlates the metrics beyond the load.
     *
     * @param load the load's name
     * @param loads each run's load
     * @param metrics the metrics' names
     * @param data one row per run, one column per metric (finite values)
     * @return the result, absent with the reason when there are too few runs
     */
    public static LoadControlled of(String load, double[] loads, List<String> metrics, double[][] data) {
        notNull(load, "load");
        notNull(loads, "loads");
        notNull(metrics, "metrics");
        notNull(data, "data");
        int n = loads.length;
        if (data.length != n) throw new IllegalArgumentException("data must hold one row per load: " + data.length + " rows, " + n + " loads");
        boolean log = n > 0 && Arrays.stream(loads).allMatch(l -> l > 0)
                && Arrays.stream(loads).max().orElseThrow() >= 8 * Arrays.stream(loads).min().orElseThrow();
        double[] x = Arrays.stream(loads).map(l -> log ? Math.log(l) / Math.log(2) : l).toArray();
        Map<String, Double> r2 = new LinkedHashMap<>();
        Map<String, String> leftOut = new LinkedHashMap<>();
        List<String> kept = new ArrayList<>();
        List<double[]> residuals = new ArrayList<>();
        boolean loadVaries = n > 0 && Arrays.stream(x).max().orElseThrow() > Arrays.stream(x).min().orElseThrow();
        for (int j = 0; j < metrics.size(); j++) {
            double[] y = new double[n];
            for (int i = 0; i < n; i++) y[i] = data[i][j];
            if (!loadVaries || n < 3) continue;
            double[] res = residuals(x, y);
            double ssTot = sumSquares(y, mean(y)), ssRes = sumSquares(res, 0);
            double share = ssTot == 0 ? Double.NaN : 1 - ssRes / ssTot;
            r2.put(metrics.get(j), share);
            if (ssTot == 0) {
                leftOut.put(metrics.get(j), "constant across the runs");
            } else if (ssRes <= EXACT_FIT * ssTot) {
                leftOut.put(metrics.get(j), "a straight line in the load: nothing is left once the load is accounted for");
            } else {
                kept.add(metrics.get(j));
                residuals.add(res);
            }
        }
        if (!loadVaries) return absent(load, log, metrics, r2, leftOut, "the load does not vary across the runs");
        if (n < MIN_RUNS) {
            return absent(load, log, metrics, r2, leftOut, String.format(Locale.ROOT,
                    "a partial correlation controlling for the load needs at least %d runs, got %d", MIN_RUNS, n));
        }
        if (kept.size() < 2) return absent(load, log, kept, r2, leftOut, "fewer than 2 metrics vary beyond the load");
        double[][] cols = new double[n][kept.size()];
        for (int j = 0; j < kept.size(); j++) for (int i = 0; i < n; i++) cols[i][j] = residuals.get(j)[i];
        double[][] r = new PearsonsCorrelation(cols).getCorrelationMatrix().getData();
        List<List<Double>> rows = new ArrayList<>();
        for (double[] row : r) rows.add(Arrays.stream(row).boxed().toList());
        return new LoadControlled(load, log, List.copyOf(kept), r2, rows, null, leftOut);
    }

    private static LoadControlled absent(String load, boolean log, List<String> metrics, Map<String, Double> r2,
                                         Map<String, String> leftOut, String why) {
        return new LoadControlled(load, log, List.copyOf(metrics), r2, List.of(), why, leftOut);
    }

    /** The partial correlation of two kept metrics, NaN when either is not kept or there is none. */
    public double partial(String a, String b) {
        int i = metrics.indexOf(a), j = metrics.indexOf(b);
        if (partial.isEmpty() || i < 0 || j < 0) return Double.NaN;
        return partial.get(i).get(j);
    }

    /** The load as the fit used it, e.g. {@code log2 max-concurrent}. */
    public String loadTerm() {
        return (logLoad ? "log2 " : "") + load;
    }

    private static double[] residuals(double[] x, double[] y) {
        double mx = mean(x), my = mean(y), sxy = 0, sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        double slope = sxy / sxx;
        double[] res = new double[x.length];
        for (int i = 0; i < x.length; i++) res[i] = y[i] - (my + slope * (x[i] - mx));
        return res;
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    private static double sumSquares(double[] v, double around) {
        double s = 0;
        for (double d : v) s += (d - around) * (d - around);
        return s;
    }
}
