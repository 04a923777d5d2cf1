package io.benchsuite.core.report.model;

import io.benchsuite.core.run.RunResult;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/**
 * The report's {@code run} block: which run, how it ended, when.
 *
 * @param name run name (null in a report that lacks it)
 * @param status how the run ended (null when unknown)
 * @param startedAt wall-clock start (null when unknown)
 * @param endedAt wall-clock end (null when unknown)
 * @param labels free-form labels such as {@code device}, {@code quantization}
 * @param id the run's identity, also written into every line of its {@code requests.jsonl} (null in
 *     reports written before runs had one)
 * @param stopReason why the run stopped itself early (e.g. its error rate exceeded the maximum) or failed, or null
 * @param timeScale wall-clock seconds per second of the time the report's figures are in: 1 when they
 *     are what the wall clock measured; 0.1 for a simulator run ten times faster than real time, whose
 *     latencies, rates and durations are then in simulated time (the measurements divided by 0.1); null
 *     in reports written before runs recorded it (their figures are the wall clock's)
 */
public record RunDetails(String name, RunResult.Status status, Instant startedAt, Instant endedAt,
                         Map<String, String> labels, String id, String stopReason, Double timeScale) {
    static final RunDetails UNKNOWN = new RunDetails(null, null, null, null, Map.of());

    /** A run block whose figures are the wall clock's (time scale 1). */
    public RunDetails(String name, RunResult.Status status, Instant startedAt, Instant endedAt,
                      Map<String, String> labels, String id, String stopReason) {
        this(name, status, startedAt, endedAt, labels, id, stopReason, 1.0);
    }

    /** A run block without an id or a stop reason. */
    public RunDetails(String name, RunResult.Status status, Instant startedAt, Instant endedAt, Map<String, String> labels) {
        this(name, status, startedAt, endedAt, labels, null, null);
    }

    public RunDetails {
        labels = Maps.ordered(labels);
    }

    /** The time scale, 1 when the report does not record one (or records no valid one). */
    public double scale() {
        return timeScale == null || !(timeScale > 0) || timeScale.isInfinite() ? 1.0 : timeScale;
    }

    /**
     * Whether the figures are in a simulator's time, not the wall clock's ({@link #timeScale()} not 1).
     *
     * @return whether a time scale other than 1 is recorded
     */
    public boolean simulatedTime() {
        return scale() != 1.0;
    }

    /**
     * What time the figures are in, as one sentence for the console and the HTML report, when they are
     * in a simulator's time; null when they are the wall clock's.
     *
     * @return the sentence, or null
     */
    public String timeNote() {
        if (!simulatedTime()) return null;
        double s = scale();
        String faster = s < 1 ? plain(1 / s) + " times faster" : plain(s) + " times slower";
        return "time-scale " + plain(s) + ": the simulator ran " + faster + " than real time. Latencies, rates and "
                + "durations are in simulated time (wall-clock spans divided by " + plain(s) + ", rates multiplied by it), "
                + "and objectives were judged on them; the load ran on the wall clock, so a --rate is " + plain(s)
                + " times and a --duration or think time " + plain(1 / s) + " times as much in simulated time; "
                + "client hiccups and CPU are wall-clock";
    }

    /** A number without trailing zeros, at most 4 decimals. */
    private static String plain(double v) {
        return BigDecimal.valueOf(Math.round(v * 10_000) / 10_000.0).stripTrailingZeros().toPlainString();
    }

    /** Whether the run's input failed before its schedule ended ({@link #stopReason()} says why). */
    public boolean failed() {
        return status == RunResult.Status.FAILED;
    }

    /** Whether the run was stopped before its schedule ended. */
    public boolean stopped() {
        return status == RunResult.Status.STOPPED;
    }
}
