/**
 * Pareto fronts over configurations (SPEC §4.4): which runs are not beaten on energy, latency and
 * accuracy at once. {@link io.benchsuite.core.analysis.pareto.ParetoFront} takes
 * {@link io.benchsuite.core.analysis.pareto.ParetoCandidate}s and any set of
 * {@link io.benchsuite.core.analysis.pareto.Objective}s. Accuracy comes from the scorers of
 * {@code io.benchsuite.api.accuracy}; energy per token from GPU telemetry, RAPL or the simulator's power model.
 */
package io.benchsuite.core.analysis.pareto;
