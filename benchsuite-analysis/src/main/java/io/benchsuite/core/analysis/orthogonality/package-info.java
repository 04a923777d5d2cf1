/**
 * The orthogonality check of the twelve headline metrics (SPEC §4): whether, across a sweep or a set of
 * compared runs, the metrics measure different things.
 *
 * <p>{@link io.benchsuite.core.analysis.orthogonality.RunFigures} holds one run's
 * {@link io.benchsuite.core.analysis.orthogonality.HeadlineMetric}s (absent where not measured);
 * {@link io.benchsuite.core.analysis.orthogonality.OrthogonalityCheck} computes the Pearson correlation
 * matrix and each metric's variance inflation factor, flags VIF &gt; 5 and names the groups of metrics
 * that measure the same thing, in an {@link io.benchsuite.core.analysis.orthogonality.OrthogonalityReport}.
 */
package io.benchsuite.core.analysis.orthogonality;
