package io.benchsuite.core.report.model;

import io.benchsuite.api.result.RunSummary;

/**
 * The report's {@code requests} block: {@link RunSummary.Counts} plus the error and failure rates.
 *
 * @param scheduled all requests scheduled (every window)
 * @param warmup requests in the warm-up window
 * @param cooldown requests in the cool-down window
 * @param measured requests in the measured window
 * @param succeeded measured requests that succeeded
 * @param failed measured requests that failed (cancelled ones not included)
 * @param cancelled measured requests cancelled when the run stopped or its drain timeout expired
 * @param waitedForSlot measured requests that had to wait for a concurrency slot
 * @param connectionRetries measured requests re-sent once on a fresh connection
 * @param errorRate (failed + cancelled) / measured: the share that did not succeed
 * @param failureRate failed / measured: cancelled requests left out ({@code NaN} in reports written before it existed)
 * @param notSent open-loop arrivals never sent because the line waiting for a concurrency slot was full (every window)
 * @param cancelledByDesign measured requests the workload cancelled on purpose ({@code --cancel-rate}): in
 *     {@code measured}, not in {@code failed} nor {@code cancelled}, left out of both rates
 */
public record RequestCounts(long scheduled, long warmup, long cooldown, long measured, long succeeded, long failed,
                            long cancelled, long waitedForSlot, long connectionRetries, double errorRate,
                            double failureRate, long notSent, long cancelledByDesign) {
    static final RequestCounts NONE = of(new RunSummary.Counts(0, 0, 0, 0, 0, 0, 0, 0, 0));

    /** A block without the failure rate and unsent arrivals (as reports before them). */
    public RequestCounts(long scheduled, long warmup, long cooldown, long measured, long succeeded, long failed,
                         long cancelled, long waitedForSlot, long connectionRetries, double errorRate) {
        this(scheduled, warmup, cooldown, measured, succeeded, failed, cancelled, waitedForSlot, connectionRetries,
                errorRate, Double.NaN, 0);
    }

    /** A block without requests cancelled by design (as reports before them). */
    public RequestCounts(long scheduled, long warmup, long cooldown, long measured, long succeeded, long failed,
                         long cancelled, long waitedForSlot, long connectionRetries, double errorRate,
                         double failureRate, long notSent) {
        this(scheduled, warmup, cooldown, measured, succeeded, failed, cancelled, waitedForSlot, connectionRetries,
                errorRate, failureRate, notSent, 0);
    }

    /** The block of a run's counts. */
    public static RequestCounts of(RunSummary.Counts c) {
        return new RequestCounts(c.scheduled(), c.warmup(), c.cooldown(), c.measured(), c.succeeded(), c.failed(),
                c.cancelled(), c.waitedForSlot(), c.connectionRetries(), c.errorRate(), c.failureRate(), c.notSent(),
                c.cancelledByDesign());
    }

    /** The counts as the API type. */
    public RunSummary.Counts toCounts() {
        return new RunSummary.Counts(scheduled, warmup, cooldown, measured, succeeded, failed, cancelled, waitedForSlot,
                connectionRetries, notSent, cancelledByDesign);
    }
}
