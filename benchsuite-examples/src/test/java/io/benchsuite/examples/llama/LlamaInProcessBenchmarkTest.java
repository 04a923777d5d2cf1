package io.benchsuite.examples.llama;

import static io.benchsuite.junit.BenchsuiteAssertions.assertThat;

import io.benchsuite.core.run.RunResult;
import io.benchsuite.junit.extension.BenchmarkRunner;
import io.benchsuite.junit.extension.BenchsuiteTest;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Benchmarks a real model in-process: java-llama.cpp serving the tiny random-weight Llama shipped in
 * this module's test resources ({@code models/llama-2-tiny-random.gguf}, 1.7 MB, MIT; see the README beside it).
 */
@BenchsuiteTest
class LlamaInProcessBenchmarkTest {
    static Path model() {
        try {
            return Path.of(LlamaInProcessBenchmarkTest.class.getResource("/models/llama-2-tiny-random.gguf").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void realPrefillAndDecodeColdStartAndSteadyState(BenchmarkRunner runner) {
        Path model = model();
        Assertions.assertThat(model).as("the shipped test model").isRegularFile();

        LlamaExample.Figures f = LlamaExample.run(model, 2, 40, runner.reportDir());
        RunResult r = f.result();
        System.out.println(LlamaExample.describe(f));

        assertThat(r).hasSucceededAtLeast(40).hasNoErrors();
        assertThat(r).outputTokensPerSecond().isGreaterThan(10);
        assertThat(r).tpot().percentile(50).isGreaterThan(Duration.ZERO).isLessThan(Duration.ofSeconds(1));
        Assertions.assertThat(f.loadTime()).isPositive().isLessThan(Duration.ofSeconds(60));
        Assertions.assertThat(r.summary().tokens().serverReportedRequests()).isEqualTo(40);
        Assertions.assertThat(r.summary().tokens().output()).isEqualTo(40L * 32);
        Assertions.assertThat(f.coldStart().coldStart().requests()).isEqualTo(5);
        Assertions.assertThat(f.coldStart().steady().requests()).isEqualTo(35);
        Assertions.assertThat(r.sections()).containsKey("coldStart");
        Assertions.assertThat(r.requests()).allSatisfy(rec ->
                Assertions.assertThat(rec.streamedTokens()).isEqualTo(32));
    }
}
