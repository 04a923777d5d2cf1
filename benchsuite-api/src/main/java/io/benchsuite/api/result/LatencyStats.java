package io.benchsuite.api.result;

/**
 * A percentile set of one latency, in milliseconds. With no samples every value is {@code NaN}.
 *
 * @param count samples
 * @param mean arithmetic mean
 * @param p50 median
 * @param p90 90th percentile
 * @param p95 95th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param min smallest sample
 * @param max largest sample
 * @param stddev standard deviation
 */
public record LatencyStats(long count, double mean, double p50, double p90, double p95, double p99, double p999,
                           double min, double max, double stddev) {

    /**
     * The set for no samples.
     *
     * @return the set for no samples
     */
    public static LatencyStats empty() {
        return new LatencyStats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN);
    }
}
