package io.benchsuite.junit;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.junit.internal.AssertionNumbers;
import org.assertj.core.description.Description;

/**
 * Picks a figure of one latency metric. Percentiles come from the run's lossless histograms, so any
 * percentile can be asked for, not just those in the summary.
 */
public final class LatencyAssert {
    private final Subject subject;
    private final LatencyMetric metric;
    private final Description description;

    LatencyAssert(Subject subject, LatencyMetric metric, Description description) {
        this.subject = subject;
        this.metric = metric;
        this.description = description;
    }

    /**
     * The {@code p}-th percentile, e.g. {@code percentile(99)} or {@code percentile(99.9)}.
     *
     * @throws IllegalArgumentException when {@code p} is not within [0, 100]
     */
    public LatencyValueAssert percentile(double p) {
        if (!(p >= 0 && p <= 100)) throw new IllegalArgumentException("percentile must be within [0, 100], got " + p);
        return value(AssertionNumbers.percentile(p), subject.histograms().percentileMillis(metric, p));
    }

    /** The median. */
    public LatencyValueAssert p50() {
        return percentile(50);
    }

    /** The 90th percentile. */
    public LatencyValueAssert p90() {
        return percentile(90);
    }

    /** The 99th percentile. */
    public LatencyValueAssert p99() {
        return percentile(99);
    }

    /** The 99.9th percentile. */
    public LatencyValueAssert p999() {
        return percentile(99.9);
    }

    /** The arithmetic mean. */
    public LatencyValueAssert mean() {
        return value("mean", stats().mean());
    }

    /** The largest sample. */
    public LatencyValueAssert max() {
        return value("max", stats().max());
    }

    private LatencyStats stats() {
        return subject.histograms().stats(metric);
    }

    private LatencyValueAssert value(String statistic, double millis) {
        LatencyValueAssert a = new LatencyValueAssert(millis,
                metric.displayName() + " " + statistic + " of run '" + subject.name() + "'",
                Samples.latency(subject, metric), subject.reportLine());
        return Descriptions.apply(a, description);
    }
}
