package io.benchsuite.core.report.model;

import io.benchsuite.api.result.RunSummary;

/**
 * The report's {@code requests} block: {@link RunSummary.Counts} plus the error rate.
 *
 * @param scheduled all requests scheduled (every phase)
 * @param warmup requests in the warm-up window
 * @param cooldown requests in the cool-down window
 * @param measured requests in the measured window
 * @param succeeded measured requests that succeeded
 * @param failed measured requests that failed
 * @param cancelled measured requests cancelled when the run stopped
 * @param waitedForSlot measured requests that had to wait for a concurrency slot
 * @param connectionRetries measured requests re-sent once on a fresh connection
 * @param errorRate failed / measured
 */
public record RequestCounts(long scheduled, long warmup, long cooldown, long measured, long succeeded, long failed,
                            long cancelled, long waitedForSlot, long connectionRetries, double errorRate) {
    static final RequestCounts NONE = of(new RunSummary.Counts(0, 0, 0, 0, 0, 0, 0, 0, 0));

    /** The block of a run's counts. */
    public static RequestCounts of(RunSummary.Counts c) {
        return new RequestCounts(c.scheduled(), c.warmup(), c.cooldown(), c.measured(), c.succeeded(), c.failed(),
                c.cancelled(), c.waitedForSlot(), c.connectionRetries(), c.errorRate());
    }

    /** The counts as the API type. */
    public RunSummary.Counts toCounts() {
        return new RunSummary.Counts(scheduled, warmup, cooldown, measured, succeeded, failed, cancelled, waitedForSlot,
                connectionRetries);
    }
}
