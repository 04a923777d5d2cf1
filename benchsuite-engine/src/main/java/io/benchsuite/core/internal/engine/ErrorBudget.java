package io.benchsuite.core.internal.engine;

import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import java.util.Locale;

/**
 * The run's limit on failing requests ({@code Benchmark.Builder.maxErrorRate}): once at least
 * {@link #MIN_REQUESTS} requests have ended (every window), a share of failed ones above the maximum
 * stops the run. Cancelled requests are neither failures nor counted: they are the client's doing and
 * only come when the run is stopping. Thread-safe: requests end on backend threads.
 */
final class ErrorBudget {
    /** Requests that must have ended before the rate is judged: one early failure is not a trend. */
    static final int MIN_REQUESTS = 20;

    private final double max;
    private long ended;
    private long failed;
    private boolean exceeded;

    /** @param max the highest acceptable share of failed requests, 0 to 1; {@code NaN}: no limit */
    ErrorBudget(double max) {
        this.max = max;
    }

    /**
     * Counts a finished request.
     *
     * @return why the run must stop, the first time the rate is above the maximum; else null
     */
    synchronized String count(RequestRecord r) {
        if (Double.isNaN(max) || r.outcome() == Outcome.CANCELLED) return null;
        ended++;
        if (r.outcome() == Outcome.FAILED) failed++;
        if (exceeded || ended < MIN_REQUESTS) return null;
        double rate = (double) failed / ended;
        if (rate <= max) return null;
        exceeded = true;
        return String.format(Locale.ROOT, "error rate %.1f %% (%d of %d ended requests failed) exceeded the maximum of %s %%",
                rate * 100, failed, ended, percent(max));
    }

    private static String percent(double fraction) {
        String s = String.format(Locale.ROOT, "%.2f", fraction * 100);
        return s.replaceAll("\\.?0+$", "");
    }
}
