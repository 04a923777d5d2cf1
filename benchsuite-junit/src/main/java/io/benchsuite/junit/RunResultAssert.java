package io.benchsuite.junit;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.junit.internal.AssertionNumbers;
import java.util.TreeMap;
import java.util.function.DoubleFunction;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a finished run that read like SLOs:
 *
 * <pre>{@code
 * assertThat(result).ttft().percentile(99).isLessThan(Duration.ofMillis(300));
 * assertThat(result).errorRate().isLessThan(0.01);
 * assertThat(result).outputTokensPerSecond().isGreaterThan(1500);
 * assertThat(result).comparedTo(Baselines.load(path)).p99E2e().hasNotRegressedBy(withPercentage(10));
 * }</pre>
 *
 * Figures are those of the measured window (warm-up and cool-down excluded); latencies are of
 * successful requests and measured from each request's scheduled instant.
 */
public final class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {
    private final Subject subject;

    RunResultAssert(RunResult actual) {
        super(actual, RunResultAssert.class);
        isNotNull();
        this.subject = new Subject(actual);
    }

    /** Time to first token, from the scheduled instant. */
    public LatencyAssert ttft() {
        return latency(LatencyMetric.TTFT);
    }

    /** Time to first token from the actual send (the server's view, client waits excluded). */
    public LatencyAssert ttftFromSend() {
        return latency(LatencyMetric.TTFT_FROM_SEND);
    }

    /** Every inter-token gap. */
    public LatencyAssert itl() {
        return latency(LatencyMetric.ITL);
    }

    /** Time per output token after the first. */
    public LatencyAssert tpot() {
        return latency(LatencyMetric.TPOT);
    }

    /** End-to-end latency, from the scheduled instant. */
    public LatencyAssert e2e() {
        return latency(LatencyMetric.E2E);
    }

    /**
     * Time to first answer token (a reasoning model's first token that is not reasoning), from the
     * scheduled instant; TTFT for a model without reasoning.
     */
    public LatencyAssert timeToFirstAnswerToken() {
        return latency(LatencyMetric.TTFAT);
    }

    /** Time to first reasoning token, from the scheduled instant; no samples without reasoning. */
    public LatencyAssert timeToFirstReasoningToken() {
        return latency(LatencyMetric.TTFRT);
    }

    /** Time per answer token after the first answer token (the answer's TPOT). */
    public LatencyAssert answerTpot() {
        return latency(LatencyMetric.ANSWER_TPOT);
    }

    /** Every gap between consecutive answer tokens (the answer's ITL). */
    public LatencyAssert answerItl() {
        return latency(LatencyMetric.ANSWER_ITL);
    }

    /**
     * Any latency metric by its key, e.g. {@code latency("scheduleLag")} ({@link LatencyMetric#key()}).
     *
     * @throws IllegalArgumentException naming the known metrics when {@code metric} is not one
     */
    public LatencyAssert latency(String metric) {
        return latency(LatencyMetric.fromKey(metric));
    }

    /** Any latency metric. */
    public LatencyAssert latency(LatencyMetric metric) {
        return new LatencyAssert(subject, notNull(metric, "metric"), info.description());
    }

    /** Failed / measured requests, a number in [0, 1]. */
    public NumberValueAssert errorRate() {
        RunSummary.Counts c = actual.summary().counts();
        return number("error rate", c.errorRate(), v -> AssertionNumbers.number(v) + " (" + AssertionNumbers.percent(v) + ")",
                Samples.requests(subject) + errors());
    }

    /** Output tokens of successful requests per second of the measured window. */
    public NumberValueAssert outputTokensPerSecond() {
        return number("output tokens/s", actual.summary().throughput().outputTokensPerSecond(),
                v -> AssertionNumbers.number(v) + " tokens/s", actual.summary().tokens().output() + " output tokens of "
                        + Samples.requests(subject));
    }

    /** Successful requests per second of the measured window. */
    public NumberValueAssert requestsPerSecond() {
        return number("requests/s", actual.summary().throughput().requestsPerSecond(),
                v -> AssertionNumbers.number(v) + " requests/s", Samples.requests(subject));
    }

    /** Goodput: requests meeting every SLO given to the run. */
    public GoodputAssert goodput() {
        return new GoodputAssert(subject, info.description());
    }

    /** Passes when no measured request failed; the message lists the errors by kind. */
    public RunResultAssert hasNoErrors() {
        errorRate().isLessThanOrEqualTo(0);
        return this;
    }

    /** Passes when at least {@code n} measured requests succeeded, so a gate cannot pass on no data. */
    public RunResultAssert hasSucceededAtLeast(long n) {
        number("successful measured requests", actual.summary().counts().succeeded(), AssertionNumbers::number,
                Samples.requests(subject)).isGreaterThanOrEqualTo(n);
        return this;
    }

    /** Compares this run to a saved baseline; see {@link ComparisonAssert}. */
    public ComparisonAssert comparedTo(Baseline baseline) {
        return new ComparisonAssert(subject, notNull(baseline, "baseline"), info.description());
    }

    /** Compares this run to an earlier run. */
    public ComparisonAssert comparedTo(RunResult baseline) {
        return comparedTo(Baseline.of(notNull(baseline, "baseline")));
    }



    private NumberValueAssert number(String what, double value, DoubleFunction<String> format,
                                     String sample) {
        return Descriptions.apply(new NumberValueAssert(value, what + " of run '" + subject.name() + "'", format, sample,
                subject.reportLine()), info.description());
    }

    private String errors() {
        var byKind = actual.summary().errorsByKind();
        return byKind.isEmpty() ? "" : "; errors by kind: " + new TreeMap<>(byKind);
    }
}
