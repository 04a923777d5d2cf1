package io.benchsuite.junit;

import io.benchsuite.core.run.RunResult;

/**
 * Entry point of benchsuite's AssertJ assertions. Import statically beside AssertJ's own:
 *
 * <pre>{@code
 * import static io.benchsuite.junit.BenchsuiteAssertions.assertThat;
 *
 * assertThat(result).ttft().percentile(99).isLessThan(Duration.ofMillis(300));
 * assertThat(result).goodput().fraction().isGreaterThan(0.95);
 * }</pre>
 */
public final class BenchsuiteAssertions {
    private BenchsuiteAssertions() {}

    /** Assertions on a finished run. */
    public static RunResultAssert assertThat(RunResult result) {
        return new RunResultAssert(result);
    }
}
