package io.benchsuite.core.internal.engine;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceCounts;
import java.util.Optional;

/**
 * The source's counts, readable from any thread: the planner reads the cursor, the report is built
 * on the dispatcher's thread after the planner has stopped.
 */
final class SourceCursorCounts implements PlanCursor {
    private final PlanCursor inner;
    private volatile SourceCounts last = SourceCounts.none();

    SourceCursorCounts(PlanCursor inner) {
        this.inner = inner;
    }

    @Override
    public Optional<RequestPlan> next() {
        var p = inner.next();
        last = inner.counts();
        return p;
    }

    @Override
    public SourceCounts counts() {
        return last;
    }

    @Override
    public void close() {
        last = inner.counts();
        inner.close();
    }
}
