/**
 * JUnit 5 support for performance gates: annotate a test with
 * {@link io.benchsuite.junit.extension.BenchsuiteTest} and take a {@link io.benchsuite.junit.extension.BenchmarkRunner}
 * parameter, a benchmark pre-named, pre-seeded and writing to the test's own report directory, whose
 * report path is published as a test report entry.
 */
package io.benchsuite.junit.extension;
