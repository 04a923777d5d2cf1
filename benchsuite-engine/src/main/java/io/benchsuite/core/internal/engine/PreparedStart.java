package io.benchsuite.core.internal.engine;

import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.core.workload.SessionTranscript;
import java.util.List;

/**
 * What the planner prepared for one start: an independent request, or a whole session whose first
 * turn is ready to send.
 *
 * @param ordinal the start's position in the source's order, from 0 (seeds the session's think times)
 * @param turns the session's plans in turn order (one plan for an independent request)
 * @param transcript the session's transcript with its first turn assembled, or {@code null} when no turn follows
 * @param first the first request's content (its session key still unset)
 * @param arrivalNanos the source's arrival offset of the start, or -1 when the run's pattern paces it
 * @param heldTokens the tokens this start holds in memory (every turn's new messages), for the planner's bound
 */
record PreparedStart(long ordinal, List<RequestPlan> turns, SessionTranscript transcript, Outgoing first,
                     long arrivalNanos, long heldTokens) {
    PreparedStart {
        turns = List.copyOf(turns);
    }
}
