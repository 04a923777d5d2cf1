package io.benchsuite.core.workload;

/**
 * One request of a trace as its format gives it.
 *
 * @param timeNanos its timestamp in nanoseconds on the trace's own clock
 * @param inputTokens prompt length (may be 0 in a trace: such records are skipped)
 * @param outputTokens output length (0 marks a failed request in some traces: skipped)
 * @param hashIds the prompt's block ids (Mooncake), or an empty array
 */
record TraceRecord(long timeNanos, int inputTokens, int outputTokens, long[] hashIds) {}
