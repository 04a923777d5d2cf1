package io.benchsuite.core.report.model;

import io.benchsuite.core.run.RunResult;
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
 */
public record RunDetails(String name, RunResult.Status status, Instant startedAt, Instant endedAt,
                         Map<String, String> labels, String id, String stopReason) {
    static final RunDetails UNKNOWN = new RunDetails(null, null, null, null, Map.of());

    /** A run block without an id or a stop reason. */
    public RunDetails(String name, RunResult.Status status, Instant startedAt, Instant endedAt, Map<String, String> labels) {
        this(name, status, startedAt, endedAt, labels, null, null);
    }

    public RunDetails {
        labels = Maps.ordered(labels);
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
