package io.benchsuite.api.workload.source;

import java.util.OptionalLong;

/**
 * Where a run's requests come from: synthetic text, a dataset of prompts or conversations, or a
 * recorded trace. Implementations are immutable descriptions; {@link #open} reads them.
 *
 * <p>Contract for implementations:
 * <ul>
 *   <li>{@link #open} starts from the beginning every time and, for the same context, yields the same
 *       plans (the run's seed makes every random choice).</li>
 *   <li>A source that {@linkplain #bringsOwnTiming brings its own timing} gives every session's first
 *       turn (every plan, when there are no sessions) an arrival offset, and the offsets never
 *       decrease from one plan to the next, so the engine can dispatch while reading.</li>
 *   <li>The turns of a session come one after another, in turn order, the last one flagged.</li>
 *   <li>Plans are read lazily: memory stays flat whatever the size of the input.</li>
 * </ul>
 */
public interface WorkloadSource {

    /**
     * A short text naming the source and its options for reports, e.g. {@code sharegpt:conversations.json}.
     *
     * @return the source's description
     */
    String describe();

    /**
     * Whether plans carry their own arrival offsets (a replayed trace). When false, the run's arrival
     * process or users pace the requests and plans carry no offsets.
     *
     * @return whether the source brings its own timing
     */
    boolean bringsOwnTiming();

    /**
     * How many plans the source yields, when known without reading all of it (empty for a file whose
     * records may be filtered, or for an endless synthetic source).
     *
     * @return the number of plans, or empty when unknown
     */
    default OptionalLong planCount() {
        return OptionalLong.empty();
    }

    /**
     * Whether the source never runs out (an endless synthetic source): a run of it then needs a
     * duration or a request count. A dataset or trace is finite (the default), so a run may end when
     * it runs out.
     *
     * @return whether the source is endless
     */
    default boolean endless() {
        return false;
    }

    /**
     * Opens a cursor at the first plan.
     *
     * @param context the run's tokenizer and seed
     * @return a cursor at the first plan; the caller closes it
     * @throws WorkloadDataException when the input cannot be opened, naming it
     */
    PlanCursor open(SourceContext context);
}
