/**
 * The analysis that turns a set of runs into a decision (SPEC §4). Each sub-package is a pure
 * computation over plain records, so the sweep command, the comparison and the report fill the inputs
 * from whatever they hold:
 * <ul>
 *   <li>{@link io.benchsuite.core.analysis.sweep}: the TPS–FTL curve of a sweep, its knee (Kneedle), the
 *       highest load meeting the SLOs (grid plus refinement points, stopping early at saturation) and scaling
 *       efficiency;</li>
 *   <li>{@link io.benchsuite.core.analysis.orthogonality}: the twelve headline metrics, their Pearson
 *       correlation matrix across runs and each one's variance inflation factor;</li>
 *   <li>{@link io.benchsuite.core.analysis.pareto}: the non-dominated configurations over energy, latency
 *       and accuracy;</li>
 *   <li>{@link io.benchsuite.core.analysis.projection}: latency measured on one device projected onto
 *       another (prefill by FLOP/s, decode by memory bandwidth, both by the quantization penalty);</li>
 *   <li>{@link io.benchsuite.core.analysis.decomposition}: queueing, prefill and decode shares of
 *       end-to-end latency from the client's timings and a server's stage histograms, and the memory indices
 *       NMI and SLE.</li>
 * </ul>
 * Every formula, with its assumptions and limits, is in {@code docs/analysis.md}.
 */
package io.benchsuite.core.analysis;
