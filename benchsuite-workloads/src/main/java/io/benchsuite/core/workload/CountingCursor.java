package io.benchsuite.core.workload;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceCounts;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The bookkeeping every built-in cursor shares: plans yielded, records skipped and adjusted by
 * reason, and a closed state. Subclasses implement {@link #read()}.
 */
abstract class CountingCursor implements PlanCursor {
    private final Map<String, Long> skipped = new LinkedHashMap<>();
    private final Map<String, Long> adjusted = new LinkedHashMap<>();
    private long plans;
    private boolean closed;

    /** The next plan, or null at the end. */
    abstract RequestPlan read();

    /** Releases the input; called once. */
    void release() {}

    @Override
    public final Optional<RequestPlan> next() {
        if (closed) throw new IllegalStateException("cursor is closed");
        RequestPlan p = read();
        if (p == null) return Optional.empty();
        plans++;
        return Optional.of(p);
    }

    /** The index the next plan gets. */
    final long nextIndex() {
        return plans;
    }

    final void skip(String reason) {
        skipped.merge(reason, 1L, Long::sum);
    }

    final void adjust(String reason) {
        adjusted.merge(reason, 1L, Long::sum);
    }

    @Override
    public final SourceCounts counts() {
        return new SourceCounts(plans, skipped, adjusted);
    }

    @Override
    public final void close() {
        if (!closed) {
            closed = true;
            release();
        }
    }
}
