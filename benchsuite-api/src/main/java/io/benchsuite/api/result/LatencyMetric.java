package io.benchsuite.api.result;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.ToLongFunction;

/**
 * The latency metrics a run measures, each with every name it goes by: its key in
 * {@code report.json} (a top-level block and a histogram) and in {@code requests.jsonl} (as
 * {@code <key>Ms}), its {@code summary.csv} name and its display name. Everything that lists
 * latencies (the aggregation, the report, the CSV, the console summary, the assertions) iterates
 * these constants in declaration order, so a metric derived from a {@link RequestRecord} is added
 * here alone. A metric of an instant the record has no component for reads the request's
 * {@link RequestRecord#marks() marks}, which its backend reports with
 * {@link io.benchsuite.api.backend.ResponseListener#onMark(String, long)}: e.g. a time to first byte is
 * {@code r -> r.marks().since("firstByte", r.scheduledOffsetNanos())}, -1 (no sample) for a request
 * whose backend reported no such mark; such a constant is {@link #optional()}, so runs of backends that
 * report no such mark show nothing of it:
 *
 * <pre>{@code
 * TTFB("ttfb", "ttfb", "TTFB", Population.SUCCESSFUL_REQUESTS, true,
 *         r -> r.marks().since("firstByte", r.scheduledOffsetNanos()), true)
 * }</pre>
 */
public enum LatencyMetric {
    /** Time to first token from the scheduled instant. */
    TTFT("ttft", "ttft", "TTFT", Population.SUCCESSFUL_REQUESTS, true, RequestRecord::ttftNanos),
    /** Every gap between consecutive output tokens. */
    ITL("itl", "itl", "ITL", Population.TOKEN_GAPS, true, r -> -1, RequestRecord::itl, false),
    /** Time per output token after the first. */
    TPOT("tpot", "tpot", "TPOT", Population.SUCCESSFUL_REQUESTS, true, RequestRecord::tpotNanos),
    /** End-to-end latency from the scheduled instant. */
    E2E("e2e", "e2e", "E2E", Population.SUCCESSFUL_REQUESTS, true, RequestRecord::e2eNanos),
    /** Time to first token from the actual send: the server's view, client waits excluded. */
    TTFT_FROM_SEND("ttftFromSend", "ttft_from_send", "TTFT from send", Population.SUCCESSFUL_REQUESTS, false,
            RequestRecord::ttftFromSendNanos),
    /** Actual send minus scheduled instant: the whole client-side delay. */
    SCHEDULE_LAG("scheduleLag", "schedule_lag", "schedule lag", Population.ALL_REQUESTS, false,
            RequestRecord::scheduleLagNanos),
    /** Dispatcher pick-up minus scheduled instant: the client's timer lateness. */
    DISPATCH_LAG("dispatchLag", "dispatch_lag", "dispatch lag", Population.ALL_REQUESTS, false,
            RequestRecord::dispatchLagNanos),
    /** Time a due request waited for a concurrency slot. */
    SLOT_WAIT("slotWait", "slot_wait", "slot wait", Population.ALL_REQUESTS, false, RequestRecord::slotWaitNanos),
    /**
     * Time to first answer token (visible text or tool call, not reasoning) from the scheduled
     * instant: what a reasoning model's user waits for. Equals TTFT for a request without reasoning.
     */
    TTFAT("ttfat", "ttfat", "TTFAT", Population.SUCCESSFUL_REQUESTS, true, RequestRecord::ttfatNanos, null, true),
    /** Time to first reasoning token from the scheduled instant; no sample from a request without reasoning. */
    TTFRT("ttfrt", "ttfrt", "TTFRT", Population.SUCCESSFUL_REQUESTS, true, RequestRecord::ttfrtNanos, null, true),
    /** Every gap between consecutive answer tokens (ITL of the answer). */
    ANSWER_ITL("answerItl", "answer_itl", "answer ITL", Population.TOKEN_GAPS, true, r -> -1,
            r -> r.reasoning().answerItl(), true),
    /** Time per answer token after the first answer token (TPOT of the answer). */
    ANSWER_TPOT("answerTpot", "answer_tpot", "answer TPOT", Population.SUCCESSFUL_REQUESTS, true,
            RequestRecord::answerTpotNanos, null, true);

    /** Which requests of the measured window a metric takes its samples from, and how many per request. */
    public enum Population {
        /** One sample per successful request. */
        SUCCESSFUL_REQUESTS,
        /** One sample per request, whatever its outcome. */
        ALL_REQUESTS,
        /** One sample per inter-token gap of each successful request. */
        TOKEN_GAPS
    }

    private final String key;
    private final String csvName;
    private final String displayName;
    private final Population population;
    private final boolean distribution;
    private final ToLongFunction<RequestRecord> perRequest;
    private final Function<RequestRecord, Gaps> gaps;
    private final boolean reasoningSplit;
    private final boolean optional;

    LatencyMetric(String key, String csvName, String displayName, Population population, boolean distribution,
                  ToLongFunction<RequestRecord> perRequest) {
        this(key, csvName, displayName, population, distribution, perRequest, false);
    }

    /** @param optional see {@link #optional()}: true for a metric of a mark only some backends report */
    LatencyMetric(String key, String csvName, String displayName, Population population, boolean distribution,
                  ToLongFunction<RequestRecord> perRequest, boolean optional) {
        this(key, csvName, displayName, population, distribution, perRequest, null, false, optional);
    }

    LatencyMetric(String key, String csvName, String displayName, Population population, boolean distribution,
                  ToLongFunction<RequestRecord> perRequest, Function<RequestRecord, Gaps> gaps, boolean reasoningSplit) {
        this(key, csvName, displayName, population, distribution, perRequest, gaps, reasoningSplit, false);
    }

    LatencyMetric(String key, String csvName, String displayName, Population population, boolean distribution,
                  ToLongFunction<RequestRecord> perRequest, Function<RequestRecord, Gaps> gaps, boolean reasoningSplit,
                  boolean optional) {
        this.gaps = gaps;
        this.reasoningSplit = reasoningSplit;
        this.optional = optional;
        this.key = key;
        this.csvName = csvName;
        this.displayName = displayName;
        this.population = population;
        this.distribution = distribution;
        this.perRequest = perRequest;
    }

    /**
     * The key in {@code report.json} and {@code requests.jsonl}, e.g. {@code ttftFromSend}.
     *
     * @return the JSON key
     */
    public String key() {
        return key;
    }

    /**
     * The metric column value in {@code summary.csv}, e.g. {@code ttft_from_send}.
     *
     * @return the CSV name
     */
    public String csvName() {
        return csvName;
    }

    /**
     * The name shown to people, e.g. {@code TTFT from send}.
     *
     * @return the display name
     */
    public String displayName() {
        return displayName;
    }

    /**
     * Which requests give samples.
     *
     * @return the sample population
     */
    public Population population() {
        return population;
    }

    /**
     * Whether reports draw this metric's distribution (CDF and histogram); the client-side delays
     * are shown as figures instead.
     *
     * @return whether the distribution is drawn
     */
    public boolean drawnAsDistribution() {
        return distribution;
    }

    /**
     * Whether the metric splits a reasoning model's output into its reasoning and its answer
     * ({@link #TTFAT}, {@link #TTFRT}, {@link #ANSWER_ITL}, {@link #ANSWER_TPOT}). Without reasoning
     * it equals a general metric (TTFAT is TTFT) or has no samples, so pages may show it only for
     * runs where a request reasoned.
     *
     * @return whether it belongs to the reasoning split
     */
    public boolean reasoningSplit() {
        return reasoningSplit;
    }

    /**
     * Whether only some runs have samples of this metric, as only some backends report the
     * {@link Marks mark} it reads (the HTTP transport's first byte, say): {@code report.json},
     * {@code summary.csv}, the console summary and the pages leave it out of a run without a sample of
     * it, so the files of a run whose backend reports no such mark read as before the metric existed
     * (a report without its block reads it as empty). The fixed metrics are always written.
     *
     * @return whether it is left out of a run without samples
     */
    public boolean optional() {
        return optional;
    }

    /**
     * The request's single value in nanoseconds, or -1 when it has none: the event did not happen,
     * or the metric has several samples per request ({@link #ITL}: see {@link RequestRecord#itl()};
     * {@link #ANSWER_ITL}: see {@link Reasoning#answerItl()}).
     *
     * @param record a finished request
     * @return the value in nanoseconds, or -1
     */
    public long valueNanos(RequestRecord record) {
        return perRequest.applyAsLong(notNull(record, "record"));
    }

    /**
     * Gives every sample of this metric that {@code record} contributes, in nanoseconds, to
     * {@code sink}: none when the request is outside the metric's population or the event did not
     * happen. The caller decides which windows count (reports use the measured window).
     *
     * @param record a finished request
     * @param sink receives the samples
     */
    public void samples(RequestRecord record, LongConsumer sink) {
        notNull(record, "record");
        notNull(sink, "sink");
        if (population != Population.ALL_REQUESTS && !record.succeeded()) return;
        if (population == Population.TOKEN_GAPS) {
            Gaps g = gaps.apply(record);
            for (int i = 0; i < g.size(); i++) sink.accept(g.get(i));
            return;
        }
        long v = perRequest.applyAsLong(record);
        if (v >= 0) sink.accept(v);
    }

    /**
     * The metric with this JSON key.
     *
     * @param key a JSON key, e.g. {@code ttft}
     * @return the metric
     * @throws IllegalArgumentException naming the known keys when none has this key
     */
    public static LatencyMetric fromKey(String key) {
        notNull(key, "metric key");
        for (LatencyMetric m : values()) {
            if (m.key.equals(key)) return m;
        }
        throw new IllegalArgumentException("unknown latency metric '" + key + "'; known: " + keys());
    }

    /**
     * The JSON keys of all metrics, in declaration order, e.g. {@code [ttft, itl, ...]}.
     *
     * @return the keys as one line of text
     */
    public static String keys() {
        StringBuilder b = new StringBuilder("[");
        for (LatencyMetric m : values()) {
            if (b.length() > 1) b.append(", ");
            b.append(m.key);
        }
        return b.append(']').toString();
    }
}
