package io.benchsuite.examples.gate;

import static io.benchsuite.test.BenchsuiteAssertions.assertThat;

import io.benchsuite.backends.inprocess.InProcessBackend;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.test.junit.BenchmarkRunner;
import io.benchsuite.test.junit.BenchsuiteTest;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JUnit performance gate on in-process Java code (the fake serving stack), and the example's main. */
class FakeStackGateTest {

    @Test
    @BenchsuiteTest(seed = 42)
    void fakeStackMeetsItsSlos(BenchmarkRunner runner) {
        RunResult result;
        try (InProcessBackend backend = FakeStackGateExample.backend()) {
            result = runner.benchmark().backend(backend).workload(FakeStackGateExample.workload(Duration.ofSeconds(2)))
                    .slo(FakeStackGateExample.slo()).run();
        }
        assertThat(result).hasSucceededAtLeast(20).errorRate().isLessThan(0.01);
        // Lower bounds are the truth of the stack: 16 tokens x 2 ms each, plus prefill.
        assertThat(result).e2e().percentile(50).isGreaterThan(Duration.ofMillis(32)).isLessThan(Duration.ofMillis(500));
        assertThat(result).ttft().percentile(99).isLessThan(Duration.ofMillis(200));
        assertThat(result).goodput().fraction().isGreaterThan(0.9);
        assertThat(result).requestsPerSecond().isGreaterThan(10);
    }

    @Test
    void mainRunsAndWritesItsReport(@TempDir java.nio.file.Path tmp) {
        RunResult r = FakeStackGateExample.run(tmp, Duration.ofSeconds(1));
        org.assertj.core.api.Assertions.assertThat(r.summary().counts().succeeded()).isGreaterThan(5);
        org.assertj.core.api.Assertions.assertThat(Files.isRegularFile(tmp.resolve("report.json"))).isTrue();
    }
}
