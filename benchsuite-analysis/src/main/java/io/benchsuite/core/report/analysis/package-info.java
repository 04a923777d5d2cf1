/**
 * The analysis blocks that several pages share, as they are stored in {@code sweep.json} and
 * {@code comparison.json} and drawn in HTML: the orthogonality check of the headline metrics
 * ({@link io.benchsuite.core.report.analysis.OrthogonalityBlock}) and the Pareto front
 * ({@link io.benchsuite.core.report.analysis.ParetoBlock}), both rendered by
 * {@link io.benchsuite.core.report.analysis.AnalysisSections}.
 */
package io.benchsuite.core.report.analysis;
