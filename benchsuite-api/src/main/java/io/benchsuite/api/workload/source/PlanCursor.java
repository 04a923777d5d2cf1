package io.benchsuite.api.workload.source;

import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Reads a source's plans in order, one at a time. A cursor holds at most what it needs for the
 * plan at hand (one record, one conversation, a read buffer), never the whole dataset. Not
 * thread-safe: one thread reads a cursor. Close it to release the file underneath.
 */
public interface PlanCursor extends AutoCloseable {

    /**
     * The next plan, or empty when the source has no more.
     *
     * @return the next plan, or empty at the end
     * @throws WorkloadDataException when the input is not what its format says, naming where
     */
    Optional<RequestPlan> next();

    /**
     * Plans yielded and records skipped or adjusted so far.
     *
     * @return the counts so far
     */
    SourceCounts counts();

    /** Releases what the cursor holds open (files); further calls to {@link #next()} are not allowed. */
    @Override
    void close();

    /**
     * This cursor with each plan passed through {@code change} (its counts and closing unchanged): how a source
     * that adds to another's plans (images, tools) reads them.
     *
     * @param change what to do to each plan
     * @return the changed cursor
     */
    default PlanCursor map(UnaryOperator<RequestPlan> change) {
        PlanCursor self = this;
        return new PlanCursor() {
            @Override
            public Optional<RequestPlan> next() {
                return self.next().map(change);
            }

            @Override
            public SourceCounts counts() {
                return self.counts();
            }

            @Override
            public void close() {
                self.close();
            }
        };
    }
}
