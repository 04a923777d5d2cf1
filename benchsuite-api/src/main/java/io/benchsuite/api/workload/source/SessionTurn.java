package io.benchsuite.api.workload.source;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

/**
 * Where a plan stands in its session (a multi-turn conversation).
 *
 * @param sessionId the session's id, unique within one source
 * @param turn the turn number, from 1
 * @param last whether this is the session's final turn (the engine may then forget its history)
 */
public record SessionTurn(String sessionId, int turn, boolean last) {
    /**
     * Checks that the id is present and not blank and that the turn number is at least 1.
     *
     * @param sessionId the session's id, unique within one source
     * @param turn the turn number, from 1
     * @param last whether this is the session's final turn
     */
    public SessionTurn {
        notNull(sessionId, "sessionId");
        if (sessionId.isBlank()) throw new IllegalArgumentException("sessionId must not be blank");
        positive(turn, "turn");
    }

    /**
     * Whether this is the session's opening turn (the one its arrival offset, if any, applies to).
     *
     * @return whether {@code turn == 1}
     */
    public boolean first() {
        return turn == 1;
    }
}
