package io.benchsuite.core.internal.engine;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.accuracy.AccuracyScorer;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import java.util.List;

/**
 * Where a {@link RunEngine}'s requests come from and how its sessions behave.
 *
 * @param source the workload source
 * @param context the tokenizer and scenario seed the source plans with
 * @param sessions think time, answers, concurrency unit
 * @param contextLimit the model's context, or {@code null} when unknown
 * @param contextFrom where the limit came from ({@code configured} or the backend's detail), or {@code null}
 * @param contextPolicy what to do with a request longer than the context
 * @param injections the scenario's injections
 * @param accuracy grades each answer against its plan's reference answer, or {@code null} for no grading
 */
public record EngineFeed(WorkloadSource source, SourceContext context, SessionOptions sessions, ContextLimit contextLimit,
                   String contextFrom, ContextLimit.Policy contextPolicy, List<TimedInjection> injections,
                   AccuracyScorer accuracy) {
    public EngineFeed {
        notNull(source, "source");
        notNull(context, "context");
        notNull(sessions, "sessions");
        notNull(contextPolicy, "contextPolicy");
        injections = List.copyOf(notNull(injections, "injections"));
    }

    /** A feed whose answers are not graded. */
    public EngineFeed(WorkloadSource source, SourceContext context, SessionOptions sessions, ContextLimit contextLimit,
                String contextFrom, ContextLimit.Policy contextPolicy, List<TimedInjection> injections) {
        this(source, context, sessions, contextLimit, contextFrom, contextPolicy, injections, null);
    }
}
