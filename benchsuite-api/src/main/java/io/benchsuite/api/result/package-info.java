/**
 * What a run measures, as immutable values: one {@link io.benchsuite.api.result.RequestRecord} per
 * request (offsets from the run start, latencies from the scheduled instant), the
 * {@link io.benchsuite.api.result.LatencyMetric}s with every name they go by, and the
 * {@link io.benchsuite.api.result.RunSummary} of the measured window with its
 * {@link io.benchsuite.api.result.LatencyStats} and goodput against an
 * {@link io.benchsuite.api.result.Slo}.
 */
package io.benchsuite.api.result;
