package io.benchsuite.metrics.internal;

/**
 * Mean and peak of a series of samples, ignoring NaN (a sample whose source was unreadable).
 * Not thread-safe: each sampler owns its own.
 */
public final class MeanAndPeak {
    private double sum;
    private double max = Double.NaN;
    private long n;

    /** Adds a sample; NaN is skipped. */
    public void add(double v) {
        if (Double.isNaN(v)) return;
        sum += v;
        n++;
        max = Double.isNaN(max) ? v : Math.max(max, v);
    }

    /** Number of real samples. */
    public long count() {
        return n;
    }

    /** Mean, or NaN without samples. */
    public double mean() {
        return n == 0 ? Double.NaN : sum / n;
    }

    /** Largest sample, or NaN without samples. */
    public double max() {
        return max;
    }
}
