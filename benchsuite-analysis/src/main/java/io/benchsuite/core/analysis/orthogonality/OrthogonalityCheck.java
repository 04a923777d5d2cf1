package io.benchsuite.core.analysis.orthogonality;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * Whether the headline metrics measure different things across a set of runs (SPEC §4, seed §3.1): the
 * Pearson correlation matrix and each metric's variance inflation factor, computed with commons-math3.
 *
 * <h2>Method</h2>
 * <ol>
 *   <li><b>Metrics kept.</b> A metric enters the analysis only when it was measured in every run and varies
 *       across them. Otherwise it is dropped with the reason: absent in every run; missing in k of n runs
 *       (correlation needs complete cases, and dropping the metric keeps every run, where dropping runs would
 *       let one run without GPU telemetry remove the whole comparison); constant across runs (its correlation
 *       is undefined: zero variance). Constant means max − min ≤ 10<sup>−12</sup> × max |value|.</li>
 *   <li><b>Correlation</b> (needs n ≥ 3 runs; two points always correlate ±1): r<sub>ab</sub> =
 *       cov(a, b) ÷ (s<sub>a</sub> s<sub>b</sub>), {@link PearsonsCorrelation}.</li>
 *   <li><b>VIF</b> of metric j: regress j on the other p − 1 kept metrics with an intercept by ordinary least
 *       squares ({@link OLSMultipleLinearRegression}, on z-scores, which leaves R² unchanged and makes the
 *       rank test scale-free); VIF<sub>j</sub> = 1 ÷ (1 − R<sup>2</sup><sub>j</sub>). Defined only when
 *       n ≥ p + 1: with n ≤ p the regression has no residual degrees of freedom, fits exactly and says
 *       nothing, so every VIF is reported absent with that reason. Regressors that are linear combinations of
 *       earlier ones (numerical rank by {@link SingularValueDecomposition}, singular values below 10<sup>−10</sup>
 *       of the largest) are left out, which does not change R². A metric that is itself an exact linear
 *       function of the others (1 − R² ≤ 10<sup>−10</sup>) gets VIF = +∞. With a single kept metric its VIF is 1.</li>
 *   <li><b>Flags.</b> VIF &gt; {@link #VIF_LIMIT} is flagged. Flagged metrics whose pairwise |r| is at least
 *       {@link #GROUP_CORRELATION} are joined (transitively) into one redundant group; a flagged metric joined
 *       to none is collinear with a combination of several others, which the notes say.</li>
 * </ol>
 */
public final class OrthogonalityCheck {
    /** The VIF above which a metric is flagged as redundant (the seed's and common practice's 5). */
    public static final double VIF_LIMIT = 5.0;
    /** The |r| at or above which two flagged metrics are put in one group. */
    public static final double GROUP_CORRELATION = 0.8;
    // a singular value below this share of the largest means a linear dependence among z-scored columns
    private static final double SINGULARITY = 1e-10;
    // 1 - R² at or below this is an exact fit: the metric is a linear function of the others
    private static final double EXACT_FIT = 1e-10;

    private OrthogonalityCheck() {}

    /**
     * Checks all twelve headline metrics.
     *
     * @param runs the runs, at least one
     */
    public static OrthogonalityReport check(List<RunFigures> runs) {
        return check(runs, EnumSet.allOf(HeadlineMetric.class));
    }

    /**
     * Checks the chosen metrics.
     *
     * @param runs the runs, at least one
     * @param metrics which headline metrics to consider
     */
    public static OrthogonalityReport check(List<RunFigures> runs, Set<HeadlineMetric> metrics) {
        notNull(runs, "runs");
        notNull(metrics, "metrics");
        if (runs.isEmpty()) throw new IllegalArgumentException("runs must hold at least one run");
        int n = runs.size();
        List<HeadlineMetric> kept = new ArrayList<>();
        Map<HeadlineMetric, String> dropped = new LinkedHashMap<>();
        for (HeadlineMetric m : EnumSet.copyOf(nonEmpty(metrics))) {
            List<String> missing = runs.stream().filter(r -> r.get(m).isEmpty()).map(RunFigures::label).toList();
            if (missing.size() == n) {
                dropped.put(m, "absent in every run");
            } else if (!missing.isEmpty()) {
                dropped.put(m, String.format(Locale.ROOT, "missing in %d of %d runs (%s)", missing.size(), n, String.join(", ", missing)));
            } else {
                double[] v = column(runs, m);
                double max = Arrays.stream(v).max().orElseThrow(), min = Arrays.stream(v).min().orElseThrow();
                if (max - min <= 1e-12 * Math.max(Math.abs(max), Math.abs(min))) {
                    dropped.put(m, "constant across runs (" + v[0] + "): its correlation is undefined");
                } else {
                    kept.add(m);
                }
            }
        }
        int p = kept.size();
        List<String> notes = new ArrayList<>();
        if (p == 0) {
            return new OrthogonalityReport(n, kept, dropped, List.of(), Optional.of("no metric was measured and varied in every run"),
                    Map.of(), Optional.of("no metric was measured and varied in every run"), VIF_LIMIT, List.of(), List.of(), notes);
        }
        double[][] data = new double[n][p];
        for (int j = 0; j < p; j++) {
            double[] v = column(runs, kept.get(j));
            for (int i = 0; i < n; i++) data[i][j] = v[i];
        }
        List<List<Double>> correlation = List.of();
        Optional<String> correlationAbsent = Optional.empty();
        if (n < 3) {
            correlationAbsent = Optional.of("correlation needs at least 3 runs, got " + n + " (two points always correlate +1 or -1)");
        } else {
            RealMatrix r = new PearsonsCorrelation(data).getCorrelationMatrix();
            List<List<Double>> rows = new ArrayList<>();
            for (int i = 0; i < p; i++) rows.add(Arrays.stream(r.getRow(i)).boxed().toList());
            correlation = rows;
        }
        Map<HeadlineMetric, Double> vif = new LinkedHashMap<>();
        Optional<String> vifAbsent = Optional.empty();
        if (n <= p) {
            vifAbsent = Optional.of(String.format(Locale.ROOT, "VIF needs more runs than metrics: %d runs, %d metrics (regressing one "
                    + "metric on the other %d with an intercept leaves no residual degrees of freedom)", n, p, p - 1));
        } else {
            double[][] z = zScores(data);
            for (int j = 0; j < p; j++) vif.put(kept.get(j), vif(z, j));
        }
        List<HeadlineMetric> flagged = vif.entrySet().stream().filter(e -> e.getValue() > VIF_LIMIT).map(Map.Entry::getKey).toList();
        List<List<HeadlineMetric>> groups = groups(flagged, kept, correlation);
        for (List<HeadlineMetric> g : groups) {
            if (g.size() == 1) {
                HeadlineMetric m = g.get(0);
                notes.add(String.format(Locale.ROOT, "%s has VIF %.1f but no other flagged metric correlates with it at |r| >= %.1f: "
                        + "it is collinear with a combination of several others", m.key(), vif.get(m), GROUP_CORRELATION));
            }
        }
        return new OrthogonalityReport(n, kept, dropped, correlation, correlationAbsent, vif, vifAbsent, VIF_LIMIT, flagged, groups, notes);
    }

    private static Set<HeadlineMetric> nonEmpty(Set<HeadlineMetric> metrics) {
        if (metrics.isEmpty()) throw new IllegalArgumentException("metrics must name at least one headline metric");
        return metrics;
    }

    private static double[] column(List<RunFigures> runs, HeadlineMetric m) {
        return runs.stream().mapToDouble(r -> r.get(m).orElse(Double.NaN)).toArray();
    }

    private static double[][] zScores(double[][] data) {
        int n = data.length, p = data[0].length;
        double[][] z = new double[n][p];
        for (int j = 0; j < p; j++) {
            double[] col = new double[n];
            for (int i = 0; i < n; i++) col[i] = data[i][j];
            double mean = new Mean().evaluate(col), sd = new StandardDeviation().evaluate(col);
            for (int i = 0; i < n; i++) z[i][j] = (col[i] - mean) / sd;
        }
        return z;
    }

    private static double vif(double[][] z, int j) {
        int n = z.length, p = z[0].length;
        double[] y = new double[n];
        for (int i = 0; i < n; i++) y[i] = z[i][j];
        // Regressors: a maximal linearly independent subset of the other metrics, taken greedily in metric
        // order. Its column space is that of all the others, so R² is the same, and a dependence among the
        // regressors (say E2E = 3 TTFT + 900 while j is CPU) no longer makes the design singular.
        List<Integer> regressors = new ArrayList<>();
        for (int k = 0; k < p; k++) {
            if (k == j) continue;
            regressors.add(k);
            if (rank(z, regressors) < regressors.size() + 1) regressors.remove(regressors.size() - 1);
        }
        if (regressors.isEmpty()) return 1.0;
        double[][] x = new double[n][regressors.size()];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < regressors.size(); c++) x[i][c] = z[i][regressors.get(c)];
        }
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.newSampleData(y, x);
        double r2 = ols.calculateRSquared();
        // j itself in the span of the others: R² is 1 up to rounding
        return 1 - r2 <= EXACT_FIT ? Double.POSITIVE_INFINITY : 1 / (1 - r2);
    }

    /** The numerical rank of [1, z[:, columns]]: singular values above 1e-10 of the largest count. */
    private static int rank(double[][] z, List<Integer> columns) {
        int n = z.length;
        double[][] a = new double[n][columns.size() + 1];
        for (int i = 0; i < n; i++) {
            a[i][0] = 1;
            for (int c = 0; c < columns.size(); c++) a[i][c + 1] = z[i][columns.get(c)];
        }
        double[] s = new SingularValueDecomposition(new Array2DRowRealMatrix(a, false)).getSingularValues();
        int rank = 0;
        for (double v : s) {
            if (v > SINGULARITY * s[0]) rank++;
        }
        return rank;
    }

    private static List<List<HeadlineMetric>> groups(List<HeadlineMetric> flagged, List<HeadlineMetric> kept, List<List<Double>> r) {
        int f = flagged.size();
        int[] parent = new int[f];
        for (int i = 0; i < f; i++) parent[i] = i;
        if (!r.isEmpty()) {
            for (int a = 0; a < f; a++) {
                for (int b = a + 1; b < f; b++) {
                    double rab = r.get(kept.indexOf(flagged.get(a))).get(kept.indexOf(flagged.get(b)));
                    if (Math.abs(rab) >= GROUP_CORRELATION) parent[find(parent, b)] = find(parent, a);
                }
            }
        }
        Map<Integer, List<HeadlineMetric>> byRoot = new LinkedHashMap<>();
        for (int i = 0; i < f; i++) byRoot.computeIfAbsent(find(parent, i), k -> new ArrayList<>()).add(flagged.get(i));
        return List.copyOf(byRoot.values());
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }
}
