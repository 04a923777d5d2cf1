package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.Optional;

/**
 * One part of a source split {@code count} ways: the starts (independent requests and whole
 * sessions) whose position in the source is {@code index} modulo {@code count}, with their own
 * arrival offsets. The parts together are the whole source; read with the same seed, every part builds
 * the same text for the same record (a trace's equal hash ids stay equal blocks across parts), so
 * parts sent to one server share its prefix cache as the whole would.
 */
public final class SourceShare implements WorkloadSource {
    private final WorkloadSource whole;
    private final int index;
    private final int count;

    /**
     * A part of a source.
     *
     * @param whole the source to split
     * @param index this part, from 0
     * @param count how many parts, at least 1
     */
    public SourceShare(WorkloadSource whole, int index, int count) {
        this.whole = notNull(whole, "whole");
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("need 0 <= index < count, got part " + index + " of " + count);
        }
        this.index = index;
        this.count = count;
    }

    @Override
    public String describe() {
        return whole.describe() + " [part " + (index + 1) + "/" + count + "]";
    }

    @Override
    public boolean bringsOwnTiming() {
        return whole.bringsOwnTiming();
    }

    @Override
    public boolean endless() {
        return whole.endless();
    }

    @Override
    public PlanCursor open(SourceContext context) {
        PlanCursor inner = whole.open(context);
        return new PlanCursor() {
            private long starts = -1;
            private long yielded;

            @Override
            public Optional<RequestPlan> next() {
                while (true) {
                    Optional<RequestPlan> p = inner.next();
                    if (p.isEmpty()) return p;
                    if (p.get().startsSession()) starts++;
                    if (starts % count == index) {
                        yielded++;
                        return p;
                    }
                }
            }

            @Override
            public SourceCounts counts() {
                SourceCounts c = inner.counts();
                return new SourceCounts(yielded, c.skipped(), c.adjusted());
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }
}
