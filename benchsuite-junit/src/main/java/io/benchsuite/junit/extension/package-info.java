/**
 * JUnit 5 support for performance gates: annotate a test with
 * {@link io.benchsuite.test.junit.BenchsuiteTest} and take a {@link io.benchsuite.test.junit.BenchmarkRunner}
 * parameter, a benchmark pre-named, pre-seeded and writing to the test's own report directory, whose
 * report path is published as a test report entry.
 */
package io.benchsuite.test.junit;
