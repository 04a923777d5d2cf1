/**
 * Sweeps: one scenario run at a series of loads (concurrency or request rate), each run a
 * {@link io.benchsuite.core.analysis.sweep.SweepPoint}.
 *
 * <ul>
 *   <li>{@link io.benchsuite.core.analysis.sweep.Kneedle}: the knee of any curve, by the Kneedle
 *       algorithm, the method stated exactly in its comment;</li>
 *   <li>{@link io.benchsuite.core.analysis.sweep.TpsFtlCalibration}: throughput against first-token latency
 *       over the sweep: the throughput knee, the latency knee, the balance point (the highest load before
 *       latency grows faster than throughput) and scaling efficiency;</li>
 *   <li>{@link io.benchsuite.core.analysis.sweep.SloSearch}: runs the grid through a callback, stops early at
 *       a saturated point ({@link io.benchsuite.core.analysis.sweep.StopRule}) and refines, halving the bracket, to the highest load
 *       meeting the {@link io.benchsuite.core.analysis.sweep.SweepSlo};</li>
 *   <li>{@link io.benchsuite.core.analysis.sweep.ScalingEfficiency}: throughput at n ÷ (n × throughput at 1).</li>
 * </ul>
 */
package io.benchsuite.core.analysis.sweep;
