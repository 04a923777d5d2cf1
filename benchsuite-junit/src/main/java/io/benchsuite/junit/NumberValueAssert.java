package io.benchsuite.junit;

import java.util.function.DoubleFunction;

/**
 * A plain figure of a run (a rate, a fraction, a throughput) compared to a number:
 * {@code assertThat(result).outputTokensPerSecond().isGreaterThan(1500)}.
 */
public final class NumberValueAssert extends ValueAssert<NumberValueAssert> {

    NumberValueAssert(double value, String label, DoubleFunction<String> format, String sample, String report) {
        super(value, NumberValueAssert.class, label, format, sample, report);
    }

    /** Passes when the figure is strictly below {@code limit}. */
    public NumberValueAssert isLessThan(double limit) {
        return check(actual < limit, "<", limit);
    }

    /** Passes when the figure is at most {@code limit}. */
    public NumberValueAssert isLessThanOrEqualTo(double limit) {
        return check(actual <= limit, "<=", limit);
    }

    /** Passes when the figure is strictly above {@code limit}. */
    public NumberValueAssert isGreaterThan(double limit) {
        return check(actual > limit, ">", limit);
    }

    /** Passes when the figure is at least {@code limit}. */
    public NumberValueAssert isGreaterThanOrEqualTo(double limit) {
        return check(actual >= limit, ">=", limit);
    }
}
