/**
 * Accuracy in a run's report: when a run is given an {@link io.benchsuite.api.accuracy.AccuracyScorer},
 * the engine grades each measured answer against its plan's reference answer and the report carries the
 * tally as its {@code accuracy} section ({@link io.benchsuite.core.report.model.AccuracySection}), which the
 * Pareto front of sweeps and comparisons reads.
 */
package io.benchsuite.core.accuracy;
