/**
 * Harnesses of trace replay: the heap stays flat however large the trace
 * ({@link io.benchsuite.benchmarks.workload.TraceReplayMemoryHarness}), and requests reach the server
 * when the trace says ({@link io.benchsuite.benchmarks.workload.TraceReplayTimingHarness}, read from
 * the request log of {@code benchsuite serve-sim}).
 */
package io.benchsuite.benchmarks.workload;
