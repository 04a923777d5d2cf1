/**
 * The typed, immutable specification of one run ({@link io.benchsuite.core.spec.RunSpec}): what the
 * {@link io.benchsuite.core.Benchmark} builder, the command line, scenario files and sweeps all produce and consume,
 * so that no surface carries a run's settings as text.
 */
package io.benchsuite.core.spec;
