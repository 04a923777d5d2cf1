package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.OptionalLong;

/**
 * A source that adds to another source's plans (images, tools, a response format) and otherwise is that
 * source: its timing, its plan count, whether it ends. Subclasses say what they add in
 * {@link #open} (with {@link io.benchsuite.api.workload.source.PlanCursor#map}) and {@link #describe}.
 */
abstract class AddingSource implements WorkloadSource {
    /** The source whose plans are added to. */
    protected final WorkloadSource inner;

    AddingSource(WorkloadSource inner) {
        this.inner = notNull(inner, "inner");
    }

    @Override
    public boolean bringsOwnTiming() {
        return inner.bringsOwnTiming();
    }

    @Override
    public OptionalLong planCount() {
        return inner.planCount();
    }

    @Override
    public boolean endless() {
        return inner.endless();
    }
}
