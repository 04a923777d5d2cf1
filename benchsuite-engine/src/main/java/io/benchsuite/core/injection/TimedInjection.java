package io.benchsuite.core.injection;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.injection.Injection;
import java.time.Duration;

/**
 * An injection of a run's scenario: from {@code at} (an offset from the run's start) on, it is queued
 * in each session that is open then or opens later, up to {@code sessions} of them (0: every one). A
 * session queues it at {@code at} or at its own start, whichever is later, and its time to live counts
 * from there; it goes out at the session's first turn boundary at or after its position.
 *
 * @param at when it arrives, from the run's start
 * @param injection position, content, priority and time to live
 * @param sessions the most sessions that receive it, 0 for every session
 */
public record TimedInjection(Duration at, Injection injection, int sessions) {
    /**
     * Checks the values.
     *
     * @param at when it arrives; not negative
     * @param injection what to inject
     * @param sessions the most sessions that receive it, 0 for all; not negative
     */
    public TimedInjection {
        notNegative(at, "at");
        notNull(injection, "injection");
        if (sessions < 0) throw new IllegalArgumentException("sessions must be >= 0, got " + sessions);
    }

    /**
     * A short description without the content, e.g. {@code at=5s urgent@4096 ttl=30s sessions=10}.
     *
     * @return the description
     */
    public String describe() {
        return "at=" + Durations.format(at) + " " + injection.describe() + (sessions > 0 ? " sessions=" + sessions : "");
    }
}
