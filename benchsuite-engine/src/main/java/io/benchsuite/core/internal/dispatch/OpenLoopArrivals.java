package io.benchsuite.core.internal.dispatch;

import io.benchsuite.core.schedule.ArrivalTimes;

/**
 * Open loop: requests arrive at the instants of an {@link ArrivalTimes} schedule, whatever the
 * server does; one arrival is pending at a time, the next drawn when it is taken. Requests that come
 * due while {@code maxConcurrency} are in flight wait for a slot (the wait is recorded).
 */
final class OpenLoopArrivals implements OpenLoopPattern {
    private final ArrivalTimes times;
    private final int maxConcurrency;
    private long next;

    OpenLoopArrivals(ArrivalTimes times, int maxConcurrency) {
        this.times = times;
        this.maxConcurrency = maxConcurrency;
        this.next = times.next();
    }

    @Override
    public int maxInFlight() {
        return maxConcurrency;
    }

    @Override
    public long nextAt() {
        return next;
    }

    @Override
    public Offer poll() {
        Offer o = new Offer(next, -1);
        next = next == NEVER ? NEVER : times.next();
        return o;
    }

    @Override
    public void end() {
        next = NEVER;
    }

    @Override
    public boolean offersNothingBefore(long lengthNanos) {
        return next >= lengthNanos;
    }
}
