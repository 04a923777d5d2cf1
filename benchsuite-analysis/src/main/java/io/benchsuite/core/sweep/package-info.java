/**
 * Sweeps (SPEC §4.1): one scenario run over a grid of one or two parameters, each point a normal run
 * with its own output directory, then analysed together into {@code sweep.json} and {@code sweep.html}
 * (TPS–FTL curve and knees, the highest load meeting the SLOs with refinement points, scaling efficiency,
 * orthogonality and Pareto over the points). Start with {@link io.benchsuite.core.sweep.Sweep}.
 */
package io.benchsuite.core.sweep;
