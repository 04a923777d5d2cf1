package io.benchsuite.core.injection;

import io.benchsuite.api.workload.injection.Injection;

/**
 * An injection waiting in (or delivered from) a session's queue.
 *
 * @param injection what was injected
 * @param sequence its place in the order of arrival, from 0 (ties within a priority go first come, first served)
 * @param queuedAtNanos when it was queued, on the engine's clock; the first token after it is measured from here too
 */
public record QueuedInjection(Injection injection, long sequence, long queuedAtNanos) {
    /**
     * The instant its time to live runs out: at a boundary at or after it, the injection is dropped.
     *
     * @return {@code queuedAtNanos + ttl}, saturated
     */
    public long expiresAtNanos() {
        long ttl = injection.ttl().toNanos();
        return queuedAtNanos > Long.MAX_VALUE - ttl ? Long.MAX_VALUE : queuedAtNanos + ttl;
    }
}
