package io.benchsuite.junit;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.junit.internal.AssertionNumbers;
import java.time.Duration;

/**
 * One latency figure (a percentile or the mean) of a run, in milliseconds, compared to a
 * {@link Duration} limit: {@code assertThat(result).ttft().percentile(99).isLessThan(Duration.ofMillis(300))}.
 */
public final class LatencyValueAssert extends ValueAssert<LatencyValueAssert> {

    LatencyValueAssert(double millis, String label, String sample, String report) {
        super(millis, LatencyValueAssert.class, label, AssertionNumbers::millis, sample, report);
    }

    /** Passes when the figure is strictly below {@code limit}. */
    public LatencyValueAssert isLessThan(Duration limit) {
        double l = millis(limit, "limit");
        return check(actual < l, "<", l);
    }

    /** Passes when the figure is at most {@code limit}. */
    public LatencyValueAssert isLessThanOrEqualTo(Duration limit) {
        double l = millis(limit, "limit");
        return check(actual <= l, "<=", l);
    }

    /** Passes when the figure is strictly above {@code limit} (e.g. a floor that proves the load was real). */
    public LatencyValueAssert isGreaterThan(Duration limit) {
        double l = millis(limit, "limit");
        return check(actual > l, ">", l);
    }

    /** Passes when the figure is at least {@code limit}. */
    public LatencyValueAssert isGreaterThanOrEqualTo(Duration limit) {
        double l = millis(limit, "limit");
        return check(actual >= l, ">=", l);
    }

    private static double millis(Duration d, String name) {
        return notNull(d, name).toNanos() / 1e6;
    }
}
