package io.benchsuite.core.report.text;

import io.benchsuite.core.report.model.ReportNumbers;
import java.util.Locale;

/** Rows of {@code summary.csv}: {@code metric,statistic,value,unit}, numbers with {@code .} whatever the locale. */
public final class SummaryRows {
    private SummaryRows() {}

    /**
     * Appends one row; a value that is not finite is written empty (unmeasurable, not zero).
     *
     * @param b where the row goes
     * @param metric the metric, e.g. {@code ttft}
     * @param statistic the statistic, e.g. {@code p99}
     * @param value the value
     * @param unit its unit, e.g. {@code ms}
     */
    public static void row(StringBuilder b, String metric, String statistic, double value, String unit) {
        String v = Double.isFinite(value)
                ? String.format(Locale.ROOT, "%.6f", ReportNumbers.round(value)).replaceAll("\\.?0+$", "") : "";
        b.append(metric).append(',').append(statistic).append(',').append(v).append(',').append(unit).append('\n');
    }
}
