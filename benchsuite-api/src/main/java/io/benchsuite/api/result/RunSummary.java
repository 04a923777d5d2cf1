package io.benchsuite.api.result;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The statistics of one run, over its measured window (warm-up and cool-down excluded).
 *
 * @param counts how many requests, by window (warm-up, measured, cool-down) and outcome
 * @param measuredSeconds length of the measured window: first measured scheduled instant to the last measured end
 * @param targetRate mean requested rate over the measured window in requests/s ({@code NaN} for closed loop)
 * @param scheduledRate measured requests the schedule actually drew per second, arrivals the client could not
 *        send ({@link Counts#notSent()}) included (differs from the target by the arrival process's randomness;
 *        the gap between this and {@code achievedRate} is the client's own lag and what it could not send)
 * @param achievedRate measured requests actually sent per second of the measured window
 * @param throughput request and token throughput
 * @param latencies the percentile set of every {@link LatencyMetric} (a metric without samples has
 *        {@link LatencyStats#empty()})
 * @param goodput requests meeting the SLOs
 * @param errorsByKind failed measured requests by error label
 * @param tokens token totals and their sources
 */
public record RunSummary(Counts counts, double measuredSeconds, double targetRate, double scheduledRate, double achievedRate,
                         Throughput throughput, Map<LatencyMetric, LatencyStats> latencies, Goodput goodput,
                         Map<String, Long> errorsByKind, Tokens tokens) {

    /**
     * Checks the components are present and copies the latencies (filling metrics without a set with
     * {@link LatencyStats#empty()}) and the error counts.
     *
     * @param counts how many requests, by window (warm-up, measured, cool-down) and outcome
     * @param measuredSeconds length of the measured window: first measured scheduled instant to the last measured end
     * @param targetRate mean requested rate over the measured window in requests/s ({@code NaN} for closed loop)
     * @param scheduledRate measured requests the schedule actually drew per second
     * @param achievedRate measured requests actually sent per second of the measured window
     * @param throughput request and token throughput
     * @param latencies the percentile set of every latency metric
     * @param goodput requests meeting the SLOs
     * @param errorsByKind failed measured requests by error label
     * @param tokens token totals and their sources
     */
    public RunSummary {
        notNull(counts, "counts");
        notNull(throughput, "throughput");
        notNull(latencies, "latencies");
        Map<LatencyMetric, LatencyStats> all = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric m : LatencyMetric.values()) all.put(m, latencies.getOrDefault(m, LatencyStats.empty()));
        latencies = Collections.unmodifiableMap(all);
        notNull(goodput, "goodput");
        errorsByKind = Map.copyOf(notNull(errorsByKind, "errorsByKind"));
        notNull(tokens, "tokens");
    }

    /**
     * The percentile set of one latency metric.
     *
     * @param metric the metric
     * @return its percentile set in milliseconds
     */
    public LatencyStats latency(LatencyMetric metric) {
        return latencies.get(notNull(metric, "metric"));
    }

    /**
     * Time to first token from the scheduled instant.
     *
     * @return the {@link LatencyMetric#TTFT} set
     */
    public LatencyStats ttft() {
        return latency(LatencyMetric.TTFT);
    }

    /**
     * Time to first token from the actual send.
     *
     * @return the {@link LatencyMetric#TTFT_FROM_SEND} set
     */
    public LatencyStats ttftFromSend() {
        return latency(LatencyMetric.TTFT_FROM_SEND);
    }

    /**
     * Every inter-token gap.
     *
     * @return the {@link LatencyMetric#ITL} set
     */
    public LatencyStats itl() {
        return latency(LatencyMetric.ITL);
    }

    /**
     * Time per output token after the first.
     *
     * @return the {@link LatencyMetric#TPOT} set
     */
    public LatencyStats tpot() {
        return latency(LatencyMetric.TPOT);
    }

    /**
     * End-to-end latency from the scheduled instant.
     *
     * @return the {@link LatencyMetric#E2E} set
     */
    public LatencyStats e2e() {
        return latency(LatencyMetric.E2E);
    }

    /**
     * Actual send minus scheduled instant.
     *
     * @return the {@link LatencyMetric#SCHEDULE_LAG} set
     */
    public LatencyStats scheduleLag() {
        return latency(LatencyMetric.SCHEDULE_LAG);
    }

    /**
     * Dispatcher pick-up minus scheduled instant (client timer lateness).
     *
     * @return the {@link LatencyMetric#DISPATCH_LAG} set
     */
    public LatencyStats dispatchLag() {
        return latency(LatencyMetric.DISPATCH_LAG);
    }

    /**
     * Time waiting for a concurrency slot.
     *
     * @return the {@link LatencyMetric#SLOT_WAIT} set
     */
    public LatencyStats slotWait() {
        return latency(LatencyMetric.SLOT_WAIT);
    }

    /**
     * Request counts.
     *
     * @param scheduled all requests scheduled (every window)
     * @param warmup requests in the warm-up window
     * @param cooldown requests in the cool-down window
     * @param measured requests in the measured window
     * @param succeeded measured requests that succeeded
     * @param failed measured requests that failed (cancelled ones are not counted here)
     * @param cancelled measured requests cancelled when the run stopped or its drain timeout expired
     * @param waitedForSlot measured requests that had to wait for a concurrency slot
     * @param connectionRetries measured requests re-sent once on a fresh connection because their
     *     reused connection closed before any response byte
     * @param notSent open-loop arrivals, every window, that were never sent because the client could
     *     not keep up: too many requests were already waiting for a concurrency slot. They have no
     *     index and no line in {@code requests.jsonl}
     * @param cancelledByDesign measured requests the workload cancelled on purpose (its cancellation
     *     rate); counted in {@code measured} but neither in {@code failed} nor in {@code cancelled}, and
     *     left out of the error and failure rates
     */
    public record Counts(long scheduled, long warmup, long cooldown, long measured, long succeeded, long failed,
                         long cancelled, long waitedForSlot, long connectionRetries, long notSent, long cancelledByDesign) {
        /**
         * Counts without requests cancelled by design.
         *
         * @param scheduled all requests scheduled (every window)
         * @param warmup requests in the warm-up window
         * @param cooldown requests in the cool-down window
         * @param measured requests in the measured window
         * @param succeeded measured requests that succeeded
         * @param failed measured requests that failed
         * @param cancelled measured requests cancelled
         * @param waitedForSlot measured requests that had to wait for a concurrency slot
         * @param connectionRetries measured requests re-sent once on a fresh connection
         * @param notSent open-loop arrivals never sent
         */
        public Counts(long scheduled, long warmup, long cooldown, long measured, long succeeded, long failed,
                      long cancelled, long waitedForSlot, long connectionRetries, long notSent) {
            this(scheduled, warmup, cooldown, measured, succeeded, failed, cancelled, waitedForSlot, connectionRetries, notSent, 0);
        }

        /**
         * Counts without arrivals left unsent.
         *
         * @param scheduled all requests scheduled (every window)
         * @param warmup requests in the warm-up window
         * @param cooldown requests in the cool-down window
         * @param measured requests in the measured window
         * @param succeeded measured requests that succeeded
         * @param failed measured requests that failed
         * @param cancelled measured requests cancelled
         * @param waitedForSlot measured requests that had to wait for a concurrency slot
         * @param connectionRetries measured requests re-sent once on a fresh connection
         */
        public Counts(long scheduled, long warmup, long cooldown, long measured, long succeeded, long failed,
                      long cancelled, long waitedForSlot, long connectionRetries) {
            this(scheduled, warmup, cooldown, measured, succeeded, failed, cancelled, waitedForSlot, connectionRetries, 0);
        }

        /**
         * The share of measured requests that did not succeed: (failed + cancelled) / measured, 0
         * with no measured requests. A run whose every request was cancelled (the server never
         * answered before the drain timeout) has an error rate of 1, not 0.
         *
         * Requests cancelled by design are left out of both sides.
         *
         * @return (failed + cancelled) / (measured - cancelledByDesign), 0 with no such requests
         */
        public double errorRate() {
            long judged = measured - cancelledByDesign;
            return judged <= 0 ? 0 : (double) (failed + cancelled) / judged;
        }

        /**
         * The share of measured requests that failed, cancelled ones left out: failed / measured, 0
         * with no measured requests. Cancellation is the client's doing (a stop, the drain
         * timeout), so this is the rate to read when a run was stopped on purpose.
         *
         * Requests cancelled by design are left out of both sides.
         *
         * @return failed / (measured - cancelledByDesign), 0 with no such requests
         */
        public double failureRate() {
            long judged = measured - cancelledByDesign;
            return judged <= 0 ? 0 : (double) failed / judged;
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
    public record Goodput(Slo slo, long met, double requestsPerSecond, double fraction, List<Attainment> attainment) {
        /**
         * Checks that the SLO is present ({@link Slo#none()} when none was set).
         *
         * @param slo the objectives ({@link Slo#none()} when none was set)
         * @param met measured requests meeting them
         * @param requestsPerSecond met requests per second of the measured window ({@code NaN} without SLOs)
         * @param fraction met / measured ({@code NaN} without SLOs)
         * @param attainment each objective's own count, in the SLO's order (empty when not known)
         */
        public Goodput {
            notNull(slo, "slo");
            attainment = attainment == null ? List.of() : List.copyOf(attainment);
        }

        /**
         * Goodput without per-objective counts.
         *
         * @param slo the objectives ({@link Slo#none()} when none was set)
         * @param met measured requests meeting them
         * @param requestsPerSecond met requests per second of the measured window ({@code NaN} without SLOs)
         * @param fraction met / measured ({@code NaN} without SLOs)
         */
        public Goodput(Slo slo, long met, double requestsPerSecond, double fraction) {
            this(slo, met, requestsPerSecond, fraction, List.of());
        }
    }

    /**
     * How many measured requests met one objective of the SLO, whatever the others: a failed request meets none.
     *
     * @param objective the objective's text form, e.g. {@code ttft=200ms}
     * @param met measured requests meeting it
     * @param measured measured requests (the denominator)
     * @param fraction met / measured ({@code NaN} with no measured request)
     */
    public record Attainment(String objective, long met, long measured, double fraction) {
        /**
         * Checks the objective's name.
         *
         * @param objective the objective's text form, e.g. {@code ttft=200ms}
         * @param met measured requests meeting it
         * @param measured measured requests (the denominator)
         * @param fraction met / measured ({@code NaN} with no measured request)
         */
        public Attainment {
            notNull(objective, "objective");
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
     * @param reasoningRequests requests that reasoned (streamed reasoning or had reasoning tokens counted by the server)
     * @param reasoning reasoning tokens of those requests ({@link RequestRecord#reasoningTokens()})
     * @param reasoningFromUsage requests whose reasoning count came from the server's usage
     *     ({@link ReasoningTokenSource#USAGE}); the others' were counted from the reasoning deltas
     */
    public record Tokens(long input, long output, long serverReportedRequests, long streamedOutput, long serverOutput,
                         long reasoningRequests, long reasoning, long reasoningFromUsage) {
        /**
         * Totals of a run without reasoning.
         *
         * @param input prompt tokens (run tokenizer)
         * @param output output tokens
         * @param serverReportedRequests requests whose output count came from the server
         * @param streamedOutput output tokens counted by the client from the stream
         * @param serverOutput output tokens the server reported
         */
        public Tokens(long input, long output, long serverReportedRequests, long streamedOutput, long serverOutput) {
            this(input, output, serverReportedRequests, streamedOutput, serverOutput, 0, 0, 0);
        }

        /**
         * Answer tokens: output tokens less reasoning tokens.
         *
         * @return the answer token total
         */
        public long answer() {
            return Math.max(0, output - reasoning);
        }
    }
}
