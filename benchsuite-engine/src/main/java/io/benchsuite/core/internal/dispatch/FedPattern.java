package io.benchsuite.core.internal.dispatch;

/**
 * A pattern whose offers wait for prepared starts: the inner pattern (arrivals or users) decides
 * when, the feed whether there is anything to start. While the next start is being prepared no offer
 * is due (the feed wakes the engine when it is ready, so the late dispatch shows as dispatch lag);
 * once the feed has ended nothing more is offered and the schedule may end. When the feed is full of
 * starts already offered and waiting for a slot, an open loop's arrivals still come due: they are
 * {@linkplain #blockedAt() blocked}, and the dispatcher counts them as not sent.
 */
final class FedPattern implements LoadPattern {
    private final LoadPattern inner;
    private final StartFeed feed;

    FedPattern(LoadPattern inner, StartFeed feed) {
        this.inner = inner;
        this.feed = feed;
    }

    @Override
    public int maxInFlight() {
        return inner.maxInFlight();
    }

    @Override
    public long nextAt() {
        long next = feed.next();
        return next == StartFeed.PENDING || next == StartFeed.ENDED ? NEVER : inner.nextAt();
    }

    @Override
    public Offer poll() {
        boolean opens = feed.nextOpensSession();
        feed.offered();
        Offer o = inner.poll();
        return new Offer(o.at(), o.user(), opens);
    }

    /**
     * An open loop's arrivals keep coming while the feed is full of starts waiting for a slot; a closed
     * loop's users only offer when a request of theirs ended, so they are never blocked this way.
     */
    @Override
    public long blockedAt() {
        if (!(inner instanceof OpenLoopPattern)) return NEVER;
        return feed.next() == StartFeed.PENDING && feed.full() ? inner.nextAt() : NEVER;
    }

    @Override
    public void dropBlocked() {
        inner.poll();
    }

    @Override
    public long admit(long now) {
        return inner.admit(now);
    }

    @Override
    public void returned(int user, long now) {
        inner.returned(user, now);
    }

    @Override
    public void retire(int user) {
        inner.retire(user);
    }

    @Override
    public void end() {
        inner.end();
    }

    @Override
    public boolean offersNothingBefore(long lengthNanos) {
        return feed.next() == StartFeed.ENDED || inner.offersNothingBefore(lengthNanos);
    }
}
