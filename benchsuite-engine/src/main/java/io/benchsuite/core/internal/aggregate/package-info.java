/**
 * Folding finished requests into what a run reports, as they finish:
 * {@link io.benchsuite.core.internal.aggregate.RunAggregator} keeps lossless histograms, counters
 * for the summary and errors, and a per-second series whose percentiles are recorded in interval
 * histograms that close a few seconds behind the newest sample. A record is dropped once folded, so
 * memory grows with the run's length in seconds only, not with its number of requests. Not API.
 */
package io.benchsuite.core.internal.aggregate;
