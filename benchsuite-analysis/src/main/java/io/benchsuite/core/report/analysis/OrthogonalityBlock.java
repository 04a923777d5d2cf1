package io.benchsuite.core.report.analysis;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.core.analysis.orthogonality.HeadlineMetric;
import io.benchsuite.core.analysis.orthogonality.OrthogonalityCheck;
import io.benchsuite.core.analysis.orthogonality.OrthogonalityReport;
import io.benchsuite.core.analysis.orthogonality.RunFigures;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The orthogonality check of the headline metrics across a set of runs (a sweep's points, the runs given to
 * {@code compare}) as {@code sweep.json} and {@code comparison.json} hold it: the inputs, the Pearson matrix,
 * each metric's VIF, the flags and the redundant groups ({@link OrthogonalityCheck}; {@code docs/analysis.md} §2).
 * Metric names are {@link HeadlineMetric#key()}s; a VIF that is +∞ (an exact linear function of the others) is
 * listed in {@code infiniteVif} and written as {@code null} in {@code vif}.
 *
 * @param runs how many runs were compared
 * @param inputs each run's headline figures, by metric key (absent figures left out)
 * @param metrics the metrics analysed, in {@link HeadlineMetric} order
 * @param dropped metrics left out, each with the reason
 * @param correlation the Pearson matrix, rows and columns in {@code metrics} order (empty when absent)
 * @param correlationAbsent why there is no matrix, or {@code null}
 * @param vif each analysed metric's VIF ({@code null} for +∞)
 * @param infiniteVif the metrics whose VIF is +∞
 * @param vifAbsent why there are no VIFs, or {@code null}
 * @param vifLimit the VIF above which a metric is flagged (5)
 * @param flagged metrics with VIF above the limit
 * @param redundantGroups flagged metrics grouped by |r| ≥ 0.8: each group measures one thing
 * @param notes what else the reader must know
 */
public record OrthogonalityBlock(int runs, List<Input> inputs, List<String> metrics, Map<String, String> dropped,
                                 List<List<Double>> correlation, String correlationAbsent, Map<String, Double> vif,
                                 List<String> infiniteVif, String vifAbsent, double vifLimit, List<String> flagged,
                                 List<List<String>> redundantGroups, List<String> notes) {

    /**
     * One run's figures.
     *
     * @param label the run's label
     * @param values figures by metric key
     */
    public record Input(String label, Map<String, Double> values) {}

    /**
     * Checks the runs over every headline metric but those excluded.
     *
     * @param runs the runs' figures (at least one)
     * @param excluded metrics left out on purpose, each with the reason (shown among the dropped)
     * @return the block
     */
    public static OrthogonalityBlock of(List<RunFigures> runs, Map<HeadlineMetric, String> excluded) {
        notNull(runs, "runs");
        notNull(excluded, "excluded");
        Set<HeadlineMetric> considered = EnumSet.allOf(HeadlineMetric.class);
        considered.removeAll(excluded.keySet());
        OrthogonalityReport r = considered.isEmpty() ? null : OrthogonalityCheck.check(runs, considered);
        List<Input> inputs = new ArrayList<>();
        for (RunFigures f : runs) {
            Map<String, Double> v = new LinkedHashMap<>();
            f.values().forEach((m, x) -> v.put(m.key(), x));
            inputs.add(new Input(f.label(), v));
        }
        Map<String, String> dropped = new LinkedHashMap<>();
        excluded.forEach((m, why) -> dropped.put(m.key(), why));
        if (r == null) {
            return new OrthogonalityBlock(runs.size(), inputs, List.of(), dropped, List.of(), "every metric was excluded", Map.of(),
                    List.of(), "every metric was excluded", OrthogonalityCheck.VIF_LIMIT, List.of(), List.of(), List.of());
        }
        r.dropped().forEach((m, why) -> dropped.put(m.key(), why));
        Map<String, Double> vif = new LinkedHashMap<>();
        List<String> infinite = new ArrayList<>();
        r.vif().forEach((m, v) -> {
            vif.put(m.key(), Double.isInfinite(v) ? null : v);
            if (Double.isInfinite(v)) infinite.add(m.key());
        });
        return new OrthogonalityBlock(r.runs(), inputs, keys(r.metrics()), dropped, r.correlation(), r.correlationAbsent().orElse(null),
                vif, infinite, r.vifAbsent().orElse(null), r.vifLimit(), keys(r.flagged()),
                r.redundantGroups().stream().map(OrthogonalityBlock::keys).toList(), r.notes());
    }

    private static List<String> keys(List<HeadlineMetric> ms) {
        return ms.stream().map(HeadlineMetric::key).toList();
    }

    /** The VIF of an analysed metric: +∞ for one in {@code infiniteVif}, NaN when absent. */
    public double vifOf(String metric) {
        if (infiniteVif.contains(metric)) return Double.POSITIVE_INFINITY;
        Double v = vif.get(metric);
        return v == null ? Double.NaN : v;
    }

    /** The label of a metric key, e.g. {@code energy per token}; the key itself when unknown. */
    public static String label(String key) {
        for (HeadlineMetric m : HeadlineMetric.values()) if (m.key().equals(key)) return m.label();
        return key;
    }
}
