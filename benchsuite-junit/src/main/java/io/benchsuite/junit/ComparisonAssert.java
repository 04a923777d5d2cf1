package io.benchsuite.junit;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.junit.internal.AssertionNumbers;
import java.util.function.DoubleFunction;
import org.assertj.core.description.Description;

/**
 * A run compared to a baseline, figure by figure:
 * {@code assertThat(result).comparedTo(baseline).p99E2e().hasNotRegressedBy(withPercentage(10))}.
 * Latency percentiles come from both sides' lossless histograms.
 */
public final class ComparisonAssert {
    private final Subject subject;
    private final Measured baseline;
    private final Description description;

    ComparisonAssert(Subject subject, Measured baseline, Description description) {
        this.subject = subject;
        this.baseline = baseline;
        this.description = description;
    }

    /** p99 end-to-end latency (lower is better). */
    public RegressionAssert p99E2e() {
        return percentile(LatencyMetric.E2E, 99);
    }

    /** p99 time to first token (lower is better). */
    public RegressionAssert p99Ttft() {
        return percentile(LatencyMetric.TTFT, 99);
    }

    /** p99 time per output token (lower is better). */
    public RegressionAssert p99Tpot() {
        return percentile(LatencyMetric.TPOT, 99);
    }

    /** p99 inter-token latency (lower is better). */
    public RegressionAssert p99Itl() {
        return percentile(LatencyMetric.ITL, 99);
    }

    /** The 99th percentile of time to first answer token (TTFT's for models without reasoning). */
    public RegressionAssert p99TimeToFirstAnswerToken() {
        return percentile(LatencyMetric.TTFAT, 99);
    }

    /** p50 end-to-end latency (lower is better). */
    public RegressionAssert p50E2e() {
        return percentile(LatencyMetric.E2E, 50);
    }

    /**
     * Any percentile of a latency metric named by its key, e.g. {@code percentile("ttftFromSend", 99)} (lower is better).
     *
     * @throws IllegalArgumentException for an unknown metric (naming the known ones) or a percentile outside [0, 100]
     */
    public RegressionAssert percentile(String metric, double p) {
        return percentile(LatencyMetric.fromKey(metric), p);
    }

    /**
     * Any percentile of any latency metric (lower is better).
     *
     * @throws IllegalArgumentException for a percentile outside [0, 100]
     */
    public RegressionAssert percentile(LatencyMetric metric, double p) {
        notNull(metric, "metric");
        if (!(p >= 0 && p <= 100)) throw new IllegalArgumentException("percentile must be within [0, 100], got " + p);
        double now = subject.histograms().percentileMillis(metric, p);
        double base = baseline.histograms().percentileMillis(metric, p);
        String details = "\n  sample now: " + Samples.latency(subject, metric)
                + "\n  sample baseline: " + Samples.latency(baseline, metric) + locations();
        return make(now, base, RegressionAssert.Better.LOWER,
                metric.displayName() + " " + AssertionNumbers.percentile(p), AssertionNumbers::millis, details);
    }

    /** Output tokens per second (higher is better). */
    public RegressionAssert outputTokensPerSecond() {
        return make(subject.throughput().outputTokensPerSecond(), baseline.throughput().outputTokensPerSecond(),
                RegressionAssert.Better.HIGHER, "output tokens/s", v -> AssertionNumbers.number(v) + " tokens/s", requestSamples());
    }

    /** Successful requests per second (higher is better). */
    public RegressionAssert requestsPerSecond() {
        return make(subject.throughput().requestsPerSecond(), baseline.throughput().requestsPerSecond(),
                RegressionAssert.Better.HIGHER, "requests/s", v -> AssertionNumbers.number(v) + " requests/s", requestSamples());
    }

    private String requestSamples() {
        return "\n  sample now: " + Samples.requests(subject) + "\n  sample baseline: " + Samples.requests(baseline)
                + locations();
    }

    private String locations() {
        return subject.reportLine() + (baseline.location() == null ? "" : "\n  baseline file: " + baseline.location());
    }

    private RegressionAssert make(double now, double base, RegressionAssert.Better better, String figure,
                                  DoubleFunction<String> format, String details) {
        String label = figure + " of run '" + subject.name() + "' against baseline '" + baseline.name() + "'";
        return Descriptions.apply(new RegressionAssert(now, base, better, label, format, details), description);
    }
}
