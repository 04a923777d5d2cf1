/**
 * AssertJ assertions for performance gates: start from
 * {@link io.benchsuite.junit.BenchsuiteAssertions#assertThat(io.benchsuite.core.run.RunResult)} and pick
 * a figure ({@code ttft().percentile(99)}, {@code goodput()}, {@code comparedTo(baseline)}); failure
 * messages give the figure, the limit, the sample it rests on and the report path. Reference runs are
 * saved and loaded as {@link io.benchsuite.junit.Baseline}s with {@link io.benchsuite.junit.Baselines}.
 */
package io.benchsuite.junit;
