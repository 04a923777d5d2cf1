package io.benchsuite.core.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.util.RecordText;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.WorkloadSource;

/**
 * The report's {@code config.workload} block: the load as configured, in the text forms the CLI
 * accepts. Fields of the other load mode are absent ({@code null}, not written).
 *
 * @param name workload name
 * @param mode {@code open} or {@code closed}
 * @param arrival open loop: arrival process, e.g. {@code poisson}
 * @param profile open loop: rate profile, e.g. {@code steady:15.0}; absent when the source paces the requests (arrival {@code source})
 * @param maxConcurrency open loop: cap on requests in flight
 * @param users closed loop: users profile
 * @param thinkTime closed loop: pause between a user's response and its next request
 * @param inputTokens prompt length distribution
 * @param outputTokens output length distribution
 * @param duration scheduling window, absent when only a request count bounds the run
 * @param maxRequests request count bound (0: none)
 * @param warmup leading window excluded from the statistics
 * @param cooldown trailing window excluded from the statistics
 * @param stream whether tokens were streamed
 * @param source where requests came from, e.g. {@code sharegpt:conversations.json(sessions)}; absent for the
 *     default synthetic source of {@code inputTokens}/{@code outputTokens}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkloadConfig(String name, String mode, String arrival, String profile, Integer maxConcurrency,
                             String users, String thinkTime, String inputTokens, String outputTokens, String duration,
                             long maxRequests, String warmup, String cooldown, boolean stream, String source) {
    static final WorkloadConfig UNKNOWN = new WorkloadConfig(null, null, null, null, null, null, null, null, null, null,
            0, null, null, false, null);

    /** The block of a workload. */
    public static WorkloadConfig of(Workload w) {
        String arrival = null, profile = null, users = null, think = null;
        Integer cap = null;
        // the one place the two load models are told apart: each writes its own fields
        if (w.load() instanceof LoadModel.OpenLoop open) {
            // a source that paces the requests itself (a trace) replaces the arrival process and rate
            arrival = w.paceBySource() ? "source" : open.arrival().describe();
            profile = w.paceBySource() ? null : open.rate().describe();
            cap = open.maxConcurrency();
        } else {
            LoadModel.ClosedLoop closed = (LoadModel.ClosedLoop) w.load();
            users = closed.users().describe();
            think = Durations.format(closed.thinkTime());
        }
        return new WorkloadConfig(w.name(), users == null ? "open" : "closed", arrival, profile, cap, users, think,
                w.inputTokens().describe(), w.outputTokens().describe(),
                w.duration() == null ? null : Durations.format(w.duration()), w.maxRequests(),
                Durations.format(w.warmup()), Durations.format(w.cooldown()), w.stream(),
                w.source().map(WorkloadSource::describe).orElse(null));
    }

    /** Whether the load was open loop (requests on a schedule). */
    public boolean open() {
        return "open".equals(mode);
    }

    /** Whether the load was closed loop (users). */
    public boolean closed() {
        return "closed".equals(mode);
    }

    /** The record's own text (part of a virtual run's identity), without the JDK's bootstrap of it. */
    @Override
    public final String toString() {
        return RecordText.of(this);
    }
}
