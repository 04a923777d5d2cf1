package io.benchsuite.examples.llama;

import static io.benchsuite.test.BenchsuiteAssertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.benchsuite.core.run.RunResult;
import io.benchsuite.test.junit.BenchmarkRunner;
import io.benchsuite.test.junit.BenchsuiteTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Benchmarks a real model in-process: java-llama.cpp serving the tiny random-weight Llama from
 * {@code <repo root>/../shared/models}. Skipped when the model is not there.
 */
@BenchsuiteTest
class LlamaInProcessBenchmarkTest {
    static Path model() {
        Path dir = Path.of("").toAbsolutePath();
        // Maven runs tests in the module directory; the repository root is the first parent with the modules.
        while (dir != null && !Files.isDirectory(dir.resolve("benchsuite-examples"))) dir = dir.getParent();
        return dir == null ? null : dir.resolveSibling("shared").resolve("models").resolve("llama-2-tiny-random.gguf");
    }

    @Test
    void realPrefillAndDecodeColdStartAndSteadyState(BenchmarkRunner runner) {
        Path model = model();
        assumeTrue(model != null && Files.isRegularFile(model), "test model not found at " + model);

        LlamaExample.Figures f = LlamaExample.run(model, 2, 40, runner.reportDir());
        RunResult r = f.result();
        System.out.println(LlamaExample.describe(f));

        assertThat(r).hasSucceededAtLeast(40).hasNoErrors();
        assertThat(r).outputTokensPerSecond().isGreaterThan(10);
        assertThat(r).tpot().percentile(50).isGreaterThan(Duration.ZERO).isLessThan(Duration.ofSeconds(1));
        org.assertj.core.api.Assertions.assertThat(f.loadTime()).isPositive().isLessThan(Duration.ofSeconds(60));
        org.assertj.core.api.Assertions.assertThat(r.summary().tokens().serverReportedRequests()).isEqualTo(40);
        org.assertj.core.api.Assertions.assertThat(r.summary().tokens().output()).isEqualTo(40L * 32);
        org.assertj.core.api.Assertions.assertThat(f.phases().coldStart().requests()).isEqualTo(5);
        org.assertj.core.api.Assertions.assertThat(f.phases().steady().requests()).isEqualTo(35);
        org.assertj.core.api.Assertions.assertThat(r.sections()).containsKey("phases");
        org.assertj.core.api.Assertions.assertThat(r.requests()).allSatisfy(rec ->
                org.assertj.core.api.Assertions.assertThat(rec.streamedTokens()).isEqualTo(32));
    }
}
