package io.benchsuite.core.report.model;


import com.fasterxml.jackson.annotation.JsonInclude;
import io.benchsuite.core.run.ReportSection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's {@code workload} section: what the run actually sent. The source and how it was
 * paced, the records it skipped or adjusted, the prompt and output lengths on the wire, the prefix
 * sharing an unbounded cache would have exploited (beside which the report shows the server's
 * measured prefix-cache hit rate, from the {@code server} section, when the server exposes one),
 * sessions and their turns, the model's context limit and what it did, and the injections.
 *
 * <p>Lengths and sharing count every request sent (all windows); time to first token by turn, session
 * latency and injection latency count the measured window (a session by its first turn's window).
 * Blocks that do not apply are {@code null} (not written).
 *
 * @param source the source's description, e.g. {@code mooncake:trace.jsonl(scale=0.1,limit=600)}
 * @param pacing what set the send instants: {@code source} (a trace's own offsets), {@code arrivals}
 *     (the open loop's arrival process) or {@code users} (closed loop)
 * @param plans plans the source yielded
 * @param skipped source records left out, by reason
 * @param adjusted source records used but changed, by reason
 * @param sourceError why the source stopped early (a record it could not read), or {@code null}
 * @param requests requests sent (or recorded without sending, {@code context_exceeded})
 * @param inputTokens prompt tokens of each request sent (a session turn's whole history included)
 * @param outputTokens output tokens of each successful request
 * @param prefixSharing the ideal prefix-cache hit rate of what was sent
 * @param sessions session figures, or {@code null} when the run had no multi-turn session
 * @param turns figures by turn number (sessions only), turn 1 first
 * @param context the model's context limit and its policy, or {@code null} when no limit was known
 * @param injections injection counts and latency, or {@code null} without injections
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkloadSection(String source, String pacing, long plans, Map<String, Long> skipped,
                              Map<String, Long> adjusted, String sourceError, long requests, Lengths inputTokens,
                              Lengths outputTokens, Sharing prefixSharing, Sessions sessions, List<Turn> turns,
                              Context context, Injections injections) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "workload";

    /**
     * Copies the collections; absent ones are empty.
     *
     * @param source the source's description
     * @param pacing {@code source}, {@code arrivals} or {@code users}
     * @param plans plans yielded
     * @param skipped records left out, by reason
     * @param adjusted records changed, by reason
     * @param sourceError why the source stopped early, or {@code null}
     * @param requests requests sent
     * @param inputTokens prompt lengths sent
     * @param outputTokens output lengths received
     * @param prefixSharing the ideal prefix-cache hit rate
     * @param sessions session figures, or {@code null}
     * @param turns figures by turn
     * @param context the context limit, or {@code null}
     * @param injections injection figures, or {@code null}
     */
    public WorkloadSection {
        skipped = sorted(skipped);
        adjusted = sorted(adjusted);
        inputTokens = inputTokens == null ? Lengths.NONE : inputTokens;
        outputTokens = outputTokens == null ? Lengths.NONE : outputTokens;
        prefixSharing = prefixSharing == null ? Sharing.NONE : prefixSharing;
        turns = turns == null ? List.of() : List.copyOf(turns);
    }

    @Override
    public String key() {
        return KEY;
    }

    /** An unmodifiable copy sorted by key, so the report's text does not depend on hash order. */
    private static <V> Map<String, V> sorted(Map<String, V> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(m));
    }

    /**
     * A distribution of token counts: figures and power-of-two buckets for a histogram.
     *
     * @param count values
     * @param mean their mean ({@code NaN} with none)
     * @param min smallest
     * @param p50 median
     * @param p90 90th percentile
     * @param p99 99th percentile
     * @param max largest
     * @param buckets counts in {@code [from, to)}, ascending, empty buckets left out
     */
    public record Lengths(long count, double mean, long min, long p50, long p90, long p99, long max, List<Bucket> buckets) {
        /** No values. */
        public static final Lengths NONE = new Lengths(0, Double.NaN, 0, 0, 0, 0, 0, List.of());

        /**
         * Copies the buckets.
         *
         * @param count values
         * @param mean their mean
         * @param min smallest
         * @param p50 median
         * @param p90 90th percentile
         * @param p99 99th percentile
         * @param max largest
         * @param buckets counts by range
         */
        public Lengths {
            buckets = buckets == null ? List.of() : List.copyOf(buckets);
        }
    }

    /**
     * How many values fell in {@code [from, to)}.
     *
     * @param from lower bound, inclusive
     * @param to upper bound, exclusive
     * @param count values in the range
     */
    public record Bucket(long from, long to, long count) {}

    /**
     * The share of prompt tokens that repeat an earlier prefix, as an unbounded cache would see them
     * ({@code IdealPrefixCache}).
     *
     * @param promptTokens prompt tokens sent
     * @param repeatedTokens of those, tokens an unbounded prefix cache would have held
     * @param idealHitRate {@code repeatedTokens / promptTokens} ({@code NaN} with no prompt)
     */
    public record Sharing(long promptTokens, long repeatedTokens, double idealHitRate) {
        /** Nothing sent. */
        public static final Sharing NONE = new Sharing(0, 0, Double.NaN);
    }

    /**
     * Milliseconds figures of a latency.
     *
     * @param count values
     * @param mean mean
     * @param p50 median
     * @param p90 90th percentile
     * @param p99 99th percentile
     * @param max largest
     */
    public record Millis(long count, double mean, double p50, double p90, double p99, double max) {
        /** No values. */
        public static final Millis NONE = new Millis(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * Multi-turn sessions.
     *
     * @param started sessions whose first turn was sent
     * @param completed sessions whose every turn was answered
     * @param failed sessions ended by a failed turn (the turns after it were not sent)
     * @param overContext sessions ended because the next turn's history no longer fit the model's context
     * @param cut sessions still open when the schedule ended (window, request count or stop)
     * @param meanTurns turns sent per session
     * @param thinkTime pause between an answer and the next turn
     * @param answers which answer the history held: {@code received} or {@code recorded}
     * @param concurrency what an open loop's cap counted: {@code requests} or {@code sessions}
     * @param e2e first turn's scheduled instant to last turn's end, completed sessions of the measured window
     */
    public record Sessions(long started, long completed, long failed, long overContext, long cut, double meanTurns,
                           String thinkTime, String answers, String concurrency, Millis e2e) {}

    /**
     * The requests of one turn number.
     *
     * @param turn the turn number, from 1
     * @param requests requests sent
     * @param succeeded of those, successful
     * @param meanPromptTokens mean prompt tokens sent (history included)
     * @param idealHitRate the share of their prompt tokens an unbounded prefix cache would have held
     * @param ttft time to first token of the measured window's successful requests
     */
    public record Turn(int turn, long requests, long succeeded, double meanPromptTokens, double idealHitRate, Millis ttft) {}

    /**
     * The model's context limit.
     *
     * @param limitTokens the context length in tokens (prompt plus requested output)
     * @param from where it came from: {@code configured} or the backend's detail that declared it
     * @param policy {@code send}, {@code mark} or {@code skip}
     * @param marked requests recorded as {@code context_exceeded} without being sent
     * @param skipped requests and first turns left out before the run (counted in {@code skipped} too)
     */
    public record Context(int limitTokens, String from, String policy, long marked, long skipped) {}

    /**
     * Dynamic load injection.
     *
     * @param scheduled the injections of the scenario, described without their content
     * @param offered injections queued in sessions, by priority
     * @param delivered injections delivered at a turn boundary, by priority
     * @param expired injections dropped when their time to live ran out, by priority
     * @param undelivered injections still waiting when their session ended, by priority
     * @param firstTokenAfter from an injection's queueing to the first token of the turn that carried it, by priority
     */
    public record Injections(List<String> scheduled, Map<String, Long> offered, Map<String, Long> delivered,
                             Map<String, Long> expired, Map<String, Long> undelivered, Map<String, Millis> firstTokenAfter) {
        /**
         * Copies the collections.
         *
         * @param scheduled the scenario's injections
         * @param offered queued, by priority
         * @param delivered delivered, by priority
         * @param expired expired, by priority
         * @param undelivered left when the session ended, by priority
         * @param firstTokenAfter latency to the first token after, by priority
         */
        public Injections {
            scheduled = scheduled == null ? List.of() : List.copyOf(scheduled);
            offered = sorted(offered);
            delivered = sorted(delivered);
            expired = sorted(expired);
            undelivered = sorted(undelivered);
            firstTokenAfter = sorted(firstTokenAfter);
        }

        /**
         * Injections expired, all priorities.
         *
         * @return the sum of {@link #expired()}
         */
        public long expiredTotal() {
            return expired.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
