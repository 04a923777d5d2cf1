/**
 * Accuracy: grading a model's responses against reference answers, so that a run's quality can be set
 * beside its speed and energy (the Pareto front of SPEC §4).
 *
 * <p>An {@link io.benchsuite.api.accuracy.AccuracyScorer} grades one response
 * ({@link io.benchsuite.api.accuracy.Grade}, a score in [0, 1] and a reason);
 * {@link io.benchsuite.api.accuracy.AccuracyScorers} holds the built-ins (exact match after normalising,
 * contains, numeric within tolerance) and finds user scorers by name or class;
 * {@link io.benchsuite.api.accuracy.AccuracyTally} adds up a run's grades into an
 * {@link io.benchsuite.api.accuracy.AccuracySummary}.
 */
package io.benchsuite.api.accuracy;
