/**
 * Timing truth of a benchmark client, benchsuite or another: {@link
 * io.benchsuite.benchmarks.timing.ClientTimingRun} runs the client against the scripted server and
 * compares what it reports with what the server logged, and {@link
 * io.benchsuite.benchmarks.timing.JfrHotspots} says from a JFR recording which library the client's
 * CPU went to.
 */
package io.benchsuite.benchmarks.timing;
