/**
 * JMH microbenchmarks of the client's CPU per streamed token event: the parse path
 * ({@link io.benchsuite.benchmarks.jmh.StreamParseBenchmark}), the whole path after the socket
 * ({@link io.benchsuite.benchmarks.jmh.ResponsePathBenchmark}), and the same paths measured in thread
 * CPU time by {@link io.benchsuite.benchmarks.jmh.HotPathCpu} so the figure holds on a busy machine.
 */
package io.benchsuite.benchmarks.jmh;
