package io.benchsuite.core.report.html.internal;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/** Chart data from a latency histogram in nanoseconds: CDF points and log-spaced bins, in milliseconds. */
public final class Distributions {
    private Distributions() {}

    /** Percentiles at which the CDF is drawn: dense in the tail, where latency matters. */
    private static final double[] PERCENTILES;

    static {
        double[] tail = {99.5, 99.9, 99.95, 99.99, 100};
        PERCENTILES = new double[100 + tail.length];
        for (int i = 0; i < 100; i++) PERCENTILES[i] = i;
        System.arraycopy(tail, 0, PERCENTILES, 100, tail.length);
    }

    /** CDF points: {@code [0]} latency in ms, {@code [1]} percentile 0..100; empty arrays without samples. */
    public static double[][] cdf(Histogram h) {
        if (h.getTotalCount() == 0) return new double[][] {new double[0], new double[0]};
        double[] xs = new double[PERCENTILES.length];
        double[] ys = new double[PERCENTILES.length];
        for (int i = 0; i < PERCENTILES.length; i++) {
            double p = PERCENTILES[i];
            long v = p == 0 ? h.getMinValue() : p == 100 ? h.getMaxValue() : h.getValueAtPercentile(p);
            xs[i] = v / 1e6;
            ys[i] = p;
        }
        return new double[][] {xs, ys};
    }

    /** Log-spaced bins from the smallest to the largest sample. */
    public record Bins(double[] edgesMs, long[] counts) {}

    /** The samples of {@code h} in {@code n} log-spaced bins (every sample lands in exactly one bin). */
    public static Bins bins(Histogram h, int n) {
        if (h.getTotalCount() == 0) return new Bins(new double[] {1, 10}, new long[1]);
        double lo = Math.max(h.getMinValue(), 1) / 1e6;
        double hi = Math.max(h.getMaxValue(), 1) / 1e6;
        if (hi <= lo * 1.0001) {
            lo = lo * 0.9;
            hi = hi * 1.1;
        }
        double[] edges = new double[n + 1];
        double logLo = Math.log10(lo), step = (Math.log10(hi) - logLo) / n;
        for (int i = 0; i <= n; i++) edges[i] = Math.pow(10, logLo + i * step);
        long[] counts = new long[n];
        for (HistogramIterationValue v : h.recordedValues()) {
            double ms = Math.max(h.medianEquivalentValue(v.getValueIteratedTo()), 1) / 1e6;
            int bin = (int) Math.floor((Math.log10(ms) - logLo) / step);
            counts[Math.max(0, Math.min(n - 1, bin))] += v.getCountAtValueIteratedTo();
        }
        return new Bins(edges, counts);
    }
}
