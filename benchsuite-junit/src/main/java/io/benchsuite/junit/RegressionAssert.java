package io.benchsuite.junit;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.junit.internal.AssertionNumbers;
import java.util.Locale;
import java.util.function.DoubleFunction;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.data.Percentage;

/**
 * One figure of a run compared to the same figure of a baseline, knowing which direction is worse:
 * a latency regresses when it grows, a throughput when it shrinks.
 */
public final class RegressionAssert extends AbstractAssert<RegressionAssert, Double> {
    /** Which way a figure gets better. */
    enum Better { LOWER, HIGHER }

    private final double baseline;
    private final Better better;
    private final String label;
    private final DoubleFunction<String> format;
    private final String details;

    RegressionAssert(double now, double baseline, Better better, String label, DoubleFunction<String> format,
                     String details) {
        super(now, RegressionAssert.class);
        this.baseline = baseline;
        this.better = better;
        this.label = label;
        this.format = format;
        this.details = details;
    }

    /** The figure of the run under test. */
    public double now() {
        return actual;
    }

    /** The figure of the baseline. */
    public double baseline() {
        return baseline;
    }

    /**
     * The relative change in the worse direction: 0.25 means 25% worse, negative means better. Infinite
     * when the baseline is 0 and the run is worse; NaN when either side could not be measured.
     */
    public double regression() {
        double worse = better == Better.LOWER ? actual - baseline : baseline - actual;
        if (baseline == 0) return worse > 0 ? Double.POSITIVE_INFINITY : worse < 0 ? -1 : 0;
        return worse / Math.abs(baseline);
    }

    /** Passes unless the figure got worse than the baseline by more than {@code tolerance}. */
    public RegressionAssert hasNotRegressedBy(Percentage tolerance) {
        notNull(tolerance, "tolerance");
        double allowed = tolerance.value / 100.0;
        String direction = better == Better.LOWER ? "lower is better" : "higher is better";
        if (Double.isNaN(actual) || Double.isNaN(baseline)) {
            failWithMessage("%s", label + " cannot be compared: " + (Double.isNaN(actual) ? "the run" : "the baseline")
                    + " has no samples of it" + details());
        }
        double change = regression();
        if (change > allowed) {
            failWithMessage("%s", label + " regressed by " + percent(change) + ", more than the allowed "
                    + AssertionNumbers.number(tolerance.value) + "% (" + direction + ")" + details());
        }
        return this;
    }

    /** Passes unless the figure got worse than the baseline at all. */
    public RegressionAssert hasNotRegressed() {
        return hasNotRegressedBy(Percentage.withPercentage(0));
    }

    private String details() {
        return "\n  now:      " + format.apply(actual) + "\n  baseline: " + format.apply(baseline) + details;
    }

    private static String percent(double change) {
        return Double.isInfinite(change) ? "an unbounded amount (baseline was 0)"
                : String.format(Locale.ROOT, "%.2f%%", change * 100);
    }
}
