package io.benchsuite.examples.gate;

import static io.benchsuite.test.BenchsuiteAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Percentage.withPercentage;

import io.benchsuite.core.run.RunResult;
import io.benchsuite.test.Baseline;
import io.benchsuite.test.Baselines;
import io.benchsuite.test.junit.BenchmarkRunner;
import io.benchsuite.test.junit.BenchsuiteTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A JUnit performance gate against the simulator: SLO-style limits, then a comparison with a
 * baseline. Latencies are simulated H100 latencies at time-scale 0.25 (4x faster than real).
 */
@BenchsuiteTest
class SimPerformanceGateTest {
    private static final Duration RUN = Duration.ofSeconds(2);

    @Test
    void h100MeetsItsSlosAndDoesNotRegress(BenchmarkRunner runner) {
        RunResult result = SimGateExample.benchmark(runner.name(), "h100", RUN).outputDir(runner.reportDir()).overwrite(true).run();

        assertThat(result).hasSucceededAtLeast(15).hasNoErrors();
        assertThat(result).ttft().percentile(99).isLessThan(Duration.ofMillis(100));
        assertThat(result).tpot().percentile(99).isLessThan(Duration.ofMillis(5));
        assertThat(result).goodput().fraction().isGreaterThan(0.9);
        assertThat(result).outputTokensPerSecond().isGreaterThan(500);

        // In CI the baseline is a file from an accepted build; here the same configuration (same name, so the
        // same seeded arrivals) recorded just now.
        Baseline baseline = Baselines.save(SimGateExample.benchmark(runner.name(), "h100", RUN).run(),
                runner.reportDir().resolve("baseline.json"));
        // The median E2E spans ~64 decode steps, so scheduling jitter on a busy machine averages out;
        // a p99 of a few milliseconds would compare noise.
        assertThat(result).comparedTo(Baselines.load(baseline.location())).p50E2e().hasNotRegressedBy(withPercentage(50));
        assertThat(result).comparedTo(baseline).outputTokensPerSecond().hasNotRegressedBy(withPercentage(20));
    }

    @Test
    void aSlowerDeviceIsCaughtAsARegression(BenchmarkRunner runner) {
        RunResult h100 = SimGateExample.benchmark(runner.name(), "h100", RUN).run();
        RunResult l4 = SimGateExample.benchmark(runner.name(), "l4", RUN).outputDir(runner.reportDir()).overwrite(true).run();
        assertThatThrownBy(() -> assertThat(l4).comparedTo(h100).p99Tpot().hasNotRegressedBy(withPercentage(50)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("TPOT p99 of run '" + runner.name() + "' against baseline")
                .hasMessageContaining("(lower is better)")
                .hasMessageContaining("report: " + runner.reportDir().resolve("report.json"));
    }
}
