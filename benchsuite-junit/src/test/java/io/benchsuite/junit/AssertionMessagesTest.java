package io.benchsuite.junit;

import static io.benchsuite.junit.BenchsuiteAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.Slo;
import io.benchsuite.core.run.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The SLO-style assertions pass and fail on the right side of the limit, with messages that say why. */
class AssertionMessagesTest {
    private final RunResult run = TestResults.oneToHundred("gate");

    @Test
    void latencyPercentilesComeFromTheHistogramsAtAnyPercentile() {
        assertThat(run).ttft().percentile(99).isLessThan(Duration.ofMillis(100))
                .isGreaterThanOrEqualTo(Duration.ofMillis(99));
        // HdrHistogram reports the highest value equivalent to a sample: within 0.1% above it.
        assertThat(run).e2e().percentile(50).isLessThanOrEqualTo(Duration.ofMillis(50).plusNanos(50_000));
        assertThat(run).itl().percentile(99.9).isGreaterThan(Duration.ofMillis(99));
        assertThat(run).tpot().p90().isLessThanOrEqualTo(Duration.ofMillis(90).plusNanos(90_000));
        assertThat(run).ttft().mean().isLessThan(Duration.ofMillis(51)).isGreaterThan(Duration.ofMillis(50));
        Assertions.assertThat(run.histograms().percentileMillis(LatencyMetric.TTFT, 97.5)).isBetween(97.0, 98.1);
        assertThat(run).ttft().percentile(97.5).isLessThan(Duration.ofMillis(99));
    }

    @Test
    void latencyFailureShowsValueLimitSampleAndNoReportLineWithoutReport() {
        assertThatThrownBy(() -> assertThat(run).ttft().percentile(99).isLessThan(Duration.ofMillis(50)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("TTFT p99 of run 'gate': expected < 50.000 ms but was 99.025 ms\n"
                        + "  sample: 100 TTFT values from 100 successful of 100 measured requests");
    }

    @Test
    void timeToFirstAnswerTokenGatesAReasoningModel() {
        // every metric of this result holds 1..100 ms, the time to first answer token too
        assertThat(run).timeToFirstAnswerToken().p99().isLessThan(Duration.ofMillis(100));
        assertThat(run).answerTpot().p50().isLessThanOrEqualTo(Duration.ofMillis(50).plusNanos(50_000));
        assertThat(run).timeToFirstReasoningToken().p99().isGreaterThan(Duration.ofMillis(98));
        assertThatThrownBy(() -> assertThat(run).timeToFirstAnswerToken().percentile(99).isLessThan(Duration.ofMillis(50)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("TTFAT p99 of run 'gate': expected < 50.000 ms but was 99.025 ms\n"
                        + "  sample: 100 TTFAT values from 100 successful of 100 measured requests");
        assertThatThrownBy(() -> assertThat(run).answerItl().p99().isLessThan(Duration.ofMillis(1)))
                .hasMessageStartingWith("answer ITL p99 of run 'gate': expected < 1.000 ms");
    }

    @Test
    void failureNamesTheReportWhenTheRunWroteOne() {
        RunResult withReport = run.withReportDir(Path.of("target", "benchsuite-reports", "X", "y"));
        assertThatThrownBy(() -> assertThat(withReport).e2e().percentile(99.9).isLessThan(Duration.ofMillis(10)))
                .hasMessageContaining("E2E p99.9 of run 'gate': expected < 10.000 ms but was 100.008 ms")
                .hasMessageEndingWith("\n  report: " + Path.of("target", "benchsuite-reports", "X", "y", "report.json"));
    }

    @Test
    void userDescriptionIsKept() {
        assertThatThrownBy(() -> assertThat(run).as("chat gate").tpot().p99().isLessThan(Duration.ofMillis(1)))
                .hasMessageStartingWith("[chat gate] TPOT p99 of run 'gate': expected < 1.000 ms");
    }

    @Test
    void errorRateThroughputAndRequestRate() {
        RunResult failing = TestResults.of("err", TestResults.range(1, 98), 2, 1500.5, Slo.none(), 0);
        assertThat(failing).errorRate().isLessThan(0.05);
        assertThat(failing).outputTokensPerSecond().isGreaterThan(1500);
        assertThat(failing).requestsPerSecond().isGreaterThan(9.7).isLessThan(9.9);
        assertThatThrownBy(() -> assertThat(failing).errorRate().isLessThan(0.01))
                .hasMessage("error rate of run 'err': expected < 0.010 (1.00%) but was 0.020 (2.00%)\n"
                        + "  sample: 100 measured requests (98 succeeded, 2 failed) over 10 s; errors by kind: {http_5xx=2}");
        assertThatThrownBy(() -> assertThat(failing).hasNoErrors()).hasMessageContaining("{http_5xx=2}");
        assertThatThrownBy(() -> assertThat(failing).outputTokensPerSecond().isGreaterThan(2000))
                .hasMessage("output tokens/s of run 'err': expected > 2000 tokens/s but was 1500.500 tokens/s\n"
                        + "  sample: 15005 output tokens of 100 measured requests (98 succeeded, 2 failed) over 10 s");
        assertThatThrownBy(() -> assertThat(failing).hasSucceededAtLeast(99))
                .hasMessageContaining("successful measured requests of run 'err': expected >= 99 but was 98");
    }

    @Test
    void goodputNeedsSlosAndReportsTheFraction() {
        RunResult slo = TestResults.of("g", TestResults.range(1, 100), 0, 100, Slo.parse("ttft=95ms"), 95);
        assertThat(slo).goodput().fraction().isGreaterThan(0.9).isLessThanOrEqualTo(0.95);
        assertThatThrownBy(() -> assertThat(slo).goodput().fraction().isGreaterThan(0.99))
                .hasMessage("goodput fraction of run 'g' (SLO ttft=95ms): expected > 0.990 (99.00%) but was 0.950 (95.00%)\n"
                        + "  sample: 95 of 100 measured requests (100 succeeded, 0 failed) over 10 s met the SLO");
        assertThatThrownBy(() -> assertThat(run).goodput().fraction().isGreaterThan(0.5))
                .hasMessageStartingWith("goodput fraction of run 'gate' (no SLO set: call slo(...) on the benchmark) "
                        + "could not be measured (no samples), expected > 0.500 (50.00%)");
    }

    @Test
    void noSamplesFailsEveryComparison() {
        RunResult empty = TestResults.of("empty", new long[0], 3, 0, Slo.none(), 0);
        assertThatThrownBy(() -> assertThat(empty).ttft().p99().isLessThan(Duration.ofSeconds(1)))
                .hasMessage("TTFT p99 of run 'empty' could not be measured (no samples), expected < 1000.000 ms\n"
                        + "  sample: 0 TTFT values from 0 successful of 3 measured requests");
    }

    @Test
    void badArgumentsAreNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> assertThat(run).ttft().percentile(101))
                .withMessage("percentile must be within [0, 100], got 101.0");
        assertThatIllegalArgumentException().isThrownBy(() -> assertThat(run).latency("noSuchMetric"))
                .withMessageStartingWith("unknown latency metric 'noSuchMetric'; known: [ttft,");
        assertThatThrownBy(() -> assertThat(run).ttft().p99().isLessThan(null))
                .hasMessageContaining("limit");
    }
}
