package io.benchsuite.examples.gate;

import static io.benchsuite.junit.BenchsuiteAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Percentage.withPercentage;

import io.benchsuite.core.run.RunResult;
import io.benchsuite.junit.Baseline;
import io.benchsuite.junit.Baselines;
import io.benchsuite.junit.extension.BenchmarkRunner;
import io.benchsuite.junit.extension.BenchsuiteTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A JUnit performance gate against the simulator: SLO-style limits, then a comparison with a
 * baseline. Latencies are simulated H100 latencies on the simulator's virtual clock: the figures do not
 * depend on how busy the machine running the test is.
 */
@BenchsuiteTest
class SimPerformanceGateTest {
    private static final Duration RUN = Duration.ofSeconds(10);

    @Test
    void h100MeetsItsSlosAndDoesNotRegress(BenchmarkRunner runner) {
        RunResult result = SimGateExample.benchmark(runner.name(), "h100", RUN).outputDir(runner.reportDir()).overwrite(true).run();

        // the simulated H100 at 16 req/s gives TTFT p99 ~59 ms, TPOT p99 ~11.3 ms, ~970 output tok/s
        assertThat(result).hasSucceededAtLeast(100).hasNoErrors();
        assertThat(result).ttft().percentile(99).isLessThan(Duration.ofMillis(100));
        assertThat(result).tpot().percentile(99).isLessThan(Duration.ofMillis(15));
        assertThat(result).goodput().fraction().isGreaterThan(0.9);
        assertThat(result).outputTokensPerSecond().isGreaterThan(800);

        // In CI the baseline is a file from an accepted build; here the same configuration (same name, so the
        // same seeded arrivals) recorded just now.
        Baseline baseline = Baselines.save(SimGateExample.benchmark(runner.name(), "h100", RUN).run(),
                runner.reportDir().resolve("baseline.json"));
        // On the virtual clock the same seed gives the same run, so these hold exactly; against a real
        // server, compare medians and throughput, which jitter moves least.
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
