package io.benchsuite.api.run;

/**
 * A snapshot of a run in progress, for progress displays and live metrics. Counts include every
 * window (warm-up, measured, cool-down); rates are over the last few seconds.
 *
 * @param elapsedSeconds since the run started
 * @param scheduled requests whose scheduled instant has passed
 * @param completed requests that succeeded
 * @param failed requests that failed (cancelled ones are counted apart, as in the summary)
 * @param active requests in flight (sent, not finished)
 * @param waitingForSlot requests due but waiting for a concurrency slot
 * @param outputTokens output tokens of finished requests
 * @param requestsPerSecond completions per second, recent window
 * @param outputTokensPerSecond output tokens per second, recent window
 * @param ttftP99Millis p99 time to first token of successful requests so far ({@code NaN} before the first)
 * @param cancelled requests cancelled (the run stopping, the drain timeout)
 * @param notSent open-loop arrivals not sent because the line waiting for a concurrency slot was full
 */
public record LiveStats(double elapsedSeconds, long scheduled, long completed, long failed, int active,
                        int waitingForSlot, long outputTokens, double requestsPerSecond,
                        double outputTokensPerSecond, double ttftP99Millis, long cancelled, long notSent) {
    /**
     * A snapshot without cancelled requests or unsent arrivals.
     *
     * @param elapsedSeconds since the run started
     * @param scheduled requests whose scheduled instant has passed
     * @param completed requests that succeeded
     * @param failed requests that failed
     * @param active requests in flight
     * @param waitingForSlot requests due but waiting for a concurrency slot
     * @param outputTokens output tokens of finished requests
     * @param requestsPerSecond completions per second, recent window
     * @param outputTokensPerSecond output tokens per second, recent window
     * @param ttftP99Millis p99 time to first token so far ({@code NaN} before the first)
     */
    public LiveStats(double elapsedSeconds, long scheduled, long completed, long failed, int active,
                     int waitingForSlot, long outputTokens, double requestsPerSecond,
                     double outputTokensPerSecond, double ttftP99Millis) {
        this(elapsedSeconds, scheduled, completed, failed, active, waitingForSlot, outputTokens, requestsPerSecond,
                outputTokensPerSecond, ttftP99Millis, 0, 0);
    }
}
