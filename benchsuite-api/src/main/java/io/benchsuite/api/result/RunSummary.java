package io.benchsuite.api.result;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Map;

/**
 * The statistics of one run, over its measured window (warm-up and cool-down excluded).
 *
 * @param counts how many requests, by phase and outcome
 * @param measuredSeconds length of the measured window: first measured scheduled instant to the last measured end
 * @param targetRate mean requested rate over the measured window in requests/s ({@code NaN} for closed loop)
 * @param scheduledRate measured requests the schedule actually drew per second (differs from the target by the
 *        arrival process's randomness; the gap between this and {@code achievedRate} is the client's own lag)
 * @param achievedRate measured requests actually sent per second of the measured window
 * @param throughput request and token throughput
 * @param ttft time to first token from the scheduled instant
 * @param ttftFromSend time to first token from the actual send
 * @param itl every inter-token gap
 * @param tpot time per output token after the first
 * @param e2e end-to-end latency from the scheduled instant
 * @param scheduleLag actual send minus scheduled instant
 * @param dispatchLag dispatcher pick-up minus scheduled instant (client timer lateness)
 * @param slotWait time waiting for a concurrency slot
 * @param goodput requests meeting the SLOs
 * @param errorsByKind failed measured requests by error label
 * @param tokens token totals and their sources
 */
public record RunSummary(Counts counts, double measuredSeconds, double targetRate, double scheduledRate, double achievedRate,
                         Throughput throughput, LatencyStats ttft, LatencyStats ttftFromSend, LatencyStats itl,
                         LatencyStats tpot, LatencyStats e2e, LatencyStats scheduleLag, LatencyStats dispatchLag,
                         LatencyStats slotWait, Goodput goodput, Map<String, Long> errorsByKind, Tokens tokens) {

    /**

     * Checks the components are present and copies the error counts.

     *

     * @param counts how many requests, by phase and outcome

     * @param measuredSeconds length of the measured window: first measured scheduled instant to the last measured end

     * @param targetRate mean requested rate over the measured window in requests/s ({@code NaN} for closed loop)

     * @param scheduledRate measured requests the schedule actually drew per second

     * @param achievedRate measured requests actually sent per second of the measured window

     * @param throughput request and token throughput

     * @param ttft time to first token from the scheduled instant

     * @param ttftFromSend time to first token from the actual send

     * @param itl every inter-token gap

     * @param tpot time per output token after the first

     * @param e2e end-to-end latency from the scheduled instant

     * @param scheduleLag actual send minus scheduled instant

     * @param dispatchLag dispatcher pick-up minus scheduled instant (client timer lateness)

     * @param slotWait time waiting for a concurrency slot

     * @param goodput requests meeting the SLOs

     * @param errorsByKind failed measured requests by error label

     * @param tokens token totals and their sources

     */
    public RunSummary {
        notNull(counts, "counts");
        notNull(throughput, "throughput");
        notNull(goodput, "goodput");
        errorsByKind = Map.copyOf(notNull(errorsByKind, "errorsByKind"));
        notNull(tokens, "tokens");
    }

    /**
     * Request counts.
     *
     * @param scheduled all requests scheduled (every phase)
     * @param warmup requests in the warm-up window
     * @param cooldown requests in the cool-down window
     * @param measured requests in the measured window
     * @param succeeded measured requests that succeeded
     * @param failed measured requests that failed
     * @param cancelled measured requests cancelled when the run stopped
     * @param waitedForSlot measured requests that had to wait for a concurrency slot
     * @param connectionRetries measured requests re-sent once on a fresh connection because their
     *     reused connection closed before any response byte
     */
    public record Counts(long scheduled, long warmup, long cooldown, long measured, long succeeded, long failed,
                         long cancelled, long waitedForSlot, long connectionRetries) {
        /**
         * Failed / measured, 0 with no measured requests.
         *
         * @return failed / measured, 0 with no measured requests
         */
        public double errorRate() {
            return measured == 0 ? 0 : (double) failed / measured;
        }
    }

    /**
     * Throughput over the measured window.
     *
     * @param requestsPerSecond successful requests per second
     * @param outputTokensPerSecond output tokens of successful requests per second
     * @param totalTokensPerSecond input plus output tokens of successful requests per second
     */
    public record Throughput(double requestsPerSecond, double outputTokensPerSecond, double totalTokensPerSecond) {}

    /**
     * Requests meeting every SLO.
     *
     * @param slo the objectives ({@link Slo#none()} when none was set)
     * @param met measured requests meeting them
     * @param requestsPerSecond met requests per second of the measured window ({@code NaN} without SLOs)
     * @param fraction met / measured ({@code NaN} without SLOs)
     */
    public record Goodput(Slo slo, long met, double requestsPerSecond, double fraction) {
        /**
         * Checks that the SLO is present ({@link Slo#none()} when none was set).
         *
         * @param slo the objectives ({@link Slo#none()} when none was set)
         * @param met measured requests meeting them
         * @param requestsPerSecond met requests per second of the measured window ({@code NaN} without SLOs)
         * @param fraction met / measured ({@code NaN} without SLOs)
         */
        public Goodput {
            notNull(slo, "slo");
        }
    }

    /**
     * Token totals over successful measured requests.
     *
     * @param input prompt tokens (run tokenizer)
     * @param output output tokens (headline: server count where reported)
     * @param serverReportedRequests requests whose output count came from the server
     * @param streamedOutput output tokens counted by the client from the stream
     * @param serverOutput output tokens the server reported (over requests that reported)
     */
    public record Tokens(long input, long output, long serverReportedRequests, long streamedOutput, long serverOutput) {}
}
