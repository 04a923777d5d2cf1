package io.benchsuite.core.internal.engine;

import io.benchsuite.api.backend.Backend;
import org.slf4j.Logger;

/**
 * Before the clock of a replayed trace: asks the backend to open as many connections as requests are due
 * in the run's first second ({@link Backend#openConnections}). A trace starts with bursts (the Mooncake
 * conversation trace at 10×: 10 requests at 0 ms, 16 at 300 ms, 38 in its first second), and each request
 * of a burst that finds no open connection has its connect between its instant and its first byte on the
 * wire, on the same event loop that writes the rest of the burst: its first bursts left up to tens of
 * milliseconds late. Only prepared starts are counted (the planner holds a trace's first hundreds before
 * the clock); starts the run's own load pattern paces are not (their instants are not known yet).
 */
final class ConnectionsAhead {
    /** The window whose arrivals are counted: the run's first second. */
    static final long WINDOW_NANOS = 1_000_000_000L;

    private ConnectionsAhead() {}

    /**
     * @param cap the most the run may have in flight (the workload's concurrency limit)
     * @return how many connections the backend opened
     */
    static int open(Backend backend, PlanQueue plans, int cap, Logger log, String run) {
        int due = Math.min(plans.preparedDueBefore(WINDOW_NANOS), cap);
        if (due <= 0) return 0;
        try {
            int opened = backend.openConnections(due);
            log.debug("run '{}': {} request(s) due in the first second, {} connection(s) opened before the clock", run, due, opened);
            return opened;
        } catch (RuntimeException e) {
            // only a colder start: the requests open their own connections
            log.debug("run '{}': opening connections before the clock failed: {}", run, e.toString());
            return 0;
        }
    }
}
