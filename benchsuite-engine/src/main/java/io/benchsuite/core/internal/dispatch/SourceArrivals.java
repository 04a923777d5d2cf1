package io.benchsuite.core.internal.dispatch;

/**
 * Open loop at a source's own instants (a replayed trace): each start is offered at the arrival
 * offset its plan carries, whatever the server does, so the arrival process and rate are not used.
 * Starts due while {@code maxConcurrency} requests are in flight wait for a slot (the wait is
 * recorded, and latency still counts from the trace's instant).
 */
final class SourceArrivals implements OpenLoopPattern {
    private final StartFeed feed;
    private final int maxConcurrency;
    private boolean ended;

    SourceArrivals(StartFeed feed, int maxConcurrency) {
        this.feed = feed;
        this.maxConcurrency = maxConcurrency;
    }

    @Override
    public int maxInFlight() {
        return maxConcurrency;
    }

    @Override
    public long nextAt() {
        if (ended) return NEVER;
        long next = feed.next();
        return next < 0 ? NEVER : next;
    }

    @Override
    public Offer poll() {
        long at = feed.next();
        boolean opens = feed.nextOpensSession();
        feed.offered();
        return new Offer(at, -1, opens);
    }

    @Override
    public void end() {
        ended = true;
    }

    @Override
    public boolean offersNothingBefore(long lengthNanos) {
        if (ended) return true;
        long next = feed.next();
        return next == StartFeed.ENDED || next >= lengthNanos;
    }
}
