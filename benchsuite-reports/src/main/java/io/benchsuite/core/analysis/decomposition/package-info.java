/**
 * Where the time goes (SPEC §4, seed §2.3 and §2.4): {@link io.benchsuite.core.analysis.decomposition.LatencyDecomposition}
 * splits end-to-end latency into queueing, prefill and decode shares
 * ({@link io.benchsuite.core.analysis.decomposition.StageShares}) from per-request timings, from a server's
 * stage histograms ({@link io.benchsuite.core.analysis.decomposition.ServerStageTimes}) or both;
 * {@link io.benchsuite.core.analysis.decomposition.MemoryIndices} computes the seed's NMI and SLE where their
 * inputs exist and says why not where they do not. Cold start against steady state, and the JIT compile time,
 * are the run's {@code coldStart} section ({@code io.benchsuite.core.inprocess.ColdStartListener}), which folds requests
 * as they finish.
 */
package io.benchsuite.core.analysis.decomposition;
