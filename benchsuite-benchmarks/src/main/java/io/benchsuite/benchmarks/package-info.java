/**
 * Benchmarks of benchsuite itself: JMH microbenchmarks of the hot paths and capacity harnesses that
 * measure what one client process can drive. Speed goals live here, never in timed unit tests; the
 * figures and the commands that produce them are kept in {@code docs/performance.md}.
 */
package io.benchsuite.benchmarks;
