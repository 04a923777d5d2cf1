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
 */
public record RunDetails(String name, RunResult.Status status, Instant startedAt, Instant endedAt,
                         Map<String, String> labels) {
    static final RunDetails UNKNOWN = new RunDetails(null, null, null, null, Map.of());

    public RunDetails {
        labels = Maps.ordered(labels);
    }

    /** Whether the run was stopped before its schedule ended. */
    public boolean stopped() {
        return status == RunResult.Status.STOPPED;
    }
}
