package io.benchsuite.api.workload.source;

import java.util.Optional;

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
}
