/**
 * Side-by-side comparison of finished runs ({@code benchsuite compare}): each run's report model
 * and prompt hashes ({@link io.benchsuite.core.report.compare.ComparedRun}), the compared metrics
 * with deltas against a baseline and the reasons the comparison is unfair
 * ({@link io.benchsuite.core.report.compare.Comparison}), written as {@code comparison.json}
 * ({@link io.benchsuite.core.report.compare.ComparisonDocument}) and {@code comparison.html}.
 */
package io.benchsuite.core.report.compare;
