package io.benchsuite.core.analysis.orthogonality;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The outcome of an {@link OrthogonalityCheck}.
 *
 * @param runs how many runs were compared
 * @param metrics the metrics analysed (present and varying in every run), in {@link HeadlineMetric} order
 * @param dropped the metrics left out, each with the reason
 * @param correlation the Pearson correlation matrix, rows and columns in {@code metrics} order; empty when absent
 * @param correlationAbsent why there is no correlation matrix, or empty
 * @param vif each analysed metric's variance inflation factor ({@code +Infinity} when it is an exact linear
 *     function of the others); empty when absent
 * @param vifAbsent why there are no VIFs, or empty
 * @param vifLimit the VIF above which a metric is flagged
 * @param flagged the metrics whose VIF is above the limit
 * @param redundantGroups the flagged metrics grouped by strong pairwise correlation: each group measures
 *     one thing
 * @param notes anything else the reader must know (a flagged metric collinear with a combination of others)
 */
public record OrthogonalityReport(int runs, List<HeadlineMetric> metrics, Map<HeadlineMetric, String> dropped,
                                  List<List<Double>> correlation, Optional<String> correlationAbsent,
                                  Map<HeadlineMetric, Double> vif, Optional<String> vifAbsent, double vifLimit,
                                  List<HeadlineMetric> flagged, List<List<HeadlineMetric>> redundantGroups,
                                  List<String> notes) {

    /**
     * Copies the collections, keeping the order of the maps.
     *
     * @param runs how many runs were compared
     * @param metrics the metrics analysed
     * @param dropped the metrics left out and why
     * @param correlation the correlation matrix
     * @param correlationAbsent why there is no correlation matrix
     * @param vif the VIFs
     * @param vifAbsent why there are no VIFs
     * @param vifLimit the flagging limit
     * @param flagged the flagged metrics
     * @param redundantGroups groups of redundant metrics
     * @param notes notes
     */
    public OrthogonalityReport {
        metrics = List.copyOf(metrics);
        dropped = Collections.unmodifiableMap(new LinkedHashMap<>(notNull(dropped, "dropped")));
        correlation = correlation.stream().map(List::copyOf).toList();
        notNull(correlationAbsent, "correlationAbsent");
        vif = Collections.unmodifiableMap(new LinkedHashMap<>(notNull(vif, "vif")));
        notNull(vifAbsent, "vifAbsent");
        flagged = List.copyOf(flagged);
        redundantGroups = redundantGroups.stream().map(List::copyOf).toList();
        notes = List.copyOf(notes);
    }

    /**
     * The correlation of two analysed metrics.
     *
     * @param a one metric
     * @param b another
     * @return Pearson's r
     * @throws IllegalArgumentException when either was not analysed or there is no matrix
     */
    public double correlation(HeadlineMetric a, HeadlineMetric b) {
        if (correlation.isEmpty()) throw new IllegalArgumentException("no correlation matrix: " + correlationAbsent.orElse(""));
        return correlation.get(index(a)).get(index(b));
    }

    private int index(HeadlineMetric m) {
        int i = metrics.indexOf(m);
        if (i < 0) {
            throw new IllegalArgumentException(m.key() + " was not analysed"
                    + (dropped.containsKey(m) ? ": " + dropped.get(m) : ""));
        }
        return i;
    }
}
