package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SessionTurn;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a cursor a session at a time: all the turns of the next session, or an independent request
 * alone. What a run's arrival process (open loop) or a user (closed loop) starts is a session; its
 * later turns follow their previous answers. Holds one session's plans at a time.
 *
 * <p>Checks the source's contract: a session's turns come one after another, numbered from 1, the
 * last one flagged. A session the input ends in the middle of ends there.
 */
public final class SessionCursor implements AutoCloseable {
    private final PlanCursor plans;
    private RequestPlan ahead;

    /**
     * Reads {@code plans}; closing this cursor closes it.
     *
     * @param plans the plans
     */
    public SessionCursor(PlanCursor plans) {
        this.plans = notNull(plans, "plans");
    }

    /**
     * The next session's turns in order (a single plan for an independent request), or empty at the end.
     *
     * @return the turns
     * @throws WorkloadDataException when the source breaks the session contract
     */
    public Optional<List<RequestPlan>> next() {
        RequestPlan first = ahead != null ? ahead : plans.next().orElse(null);
        ahead = null;
        if (first == null) return Optional.empty();
        if (first.session().isEmpty()) return Optional.of(List.of(first));
        SessionTurn t = first.session().get();
        if (t.turn() != 1) {
            throw new WorkloadDataException("session '" + t.sessionId() + "' starts at turn " + t.turn() + ", not 1");
        }
        List<RequestPlan> turns = new ArrayList<>();
        turns.add(first);
        while (!turns.get(turns.size() - 1).session().get().last()) {
            Optional<RequestPlan> next = plans.next();
            if (next.isEmpty()) break;
            SessionTurn n = next.get().session().orElse(null);
            if (n == null || !n.sessionId().equals(t.sessionId())) {
                throw new WorkloadDataException("session '" + t.sessionId() + "' turn " + turns.size()
                        + " is followed by " + (n == null ? "an independent request" : "session '" + n.sessionId() + "'")
                        + " before its last turn");
            }
            if (n.turn() != turns.size() + 1) {
                throw new WorkloadDataException("session '" + t.sessionId() + "' turn " + turns.size()
                        + " is followed by turn " + n.turn());
            }
            turns.add(next.get());
        }
        return Optional.of(List.copyOf(turns));
    }

    /**
     * The counts of the cursor underneath.
     *
     * @return the counts so far
     */
    public SourceCounts counts() {
        return plans.counts();
    }

    @Override
    public void close() {
        plans.close();
    }
}
