package io.benchsuite.core.internal.dispatch;

/**
 * A pattern of open-loop arrivals: no users, so nothing is admitted later and a response changes
 * nothing. Arrival processes and a source's own timing differ only in where the next instant comes from.
 */
interface OpenLoopPattern extends LoadPattern {

    @Override
    default long admit(long now) {
        return NEVER;
    }

    @Override
    default void returned(int user, long now) {
        // arrivals do not depend on responses
    }

    @Override
    default void retire(int user) {
        // no users
    }
}
