package io.benchsuite.core.internal.dispatch;

import io.benchsuite.api.workload.RateProfile;
import java.time.Duration;
import java.util.PriorityQueue;

/**
 * Closed loop: each user sends a request, waits for it to end, thinks, and sends the next. The
 * number of users follows a profile (fractions rounded down): users join at the exact instant a
 * rising level reaches the next whole number, and leave when their request ends while the level is
 * below the number of users. No concurrency cap beyond the users themselves.
 */
final class ClosedLoopUsers implements LoadPattern {
    /** Tolerance of the rounding of a level to whole users: floating-point error, not a real fraction (2.999999999999 is 3 users). */
    private static final double EPSILON = 1e-12;

    private final RateProfile users;
    private final long thinkNanos;
    private final PriorityQueue<Pending> pending = new PriorityQueue<>();
    private int live;
    private int nextUserId;
    private long seq;

    /** A user's next request, ordered by instant, then by when it was queued. */
    private record Pending(long at, int user, long seq) implements Comparable<Pending> {
        @Override
        public int compareTo(Pending o) {
            int c = Long.compare(at, o.at);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    ClosedLoopUsers(RateProfile users, Duration thinkTime) {
        this.users = users;
        this.thinkNanos = thinkTime.toNanos();
    }

    private int target(long now) {
        return (int) Math.floor(users.levelAt(now) + EPSILON);
    }

    @Override
    public int maxInFlight() {
        return Integer.MAX_VALUE;
    }

    @Override
    public long nextAt() {
        return pending.isEmpty() ? NEVER : pending.peek().at();
    }

    @Override
    public Offer poll() {
        Pending p = pending.poll();
        return new Offer(p.at(), p.user());
    }

    @Override
    public long admit(long now) {
        int target = target(now);
        while (live < target) {
            live++;
            pending.add(new Pending(now, nextUserId++, seq++));
        }
        RateProfile.Piece piece = users.pieceAt(now);
        long joins = piece.firstAtOrAbove(live + 1 - EPSILON, now + 1);
        return joins >= 0 ? joins : piece.endNanos();
    }

    @Override
    public void returned(int user, long now) {
        returned(user, now, 0);
    }

    @Override
    public void returned(int user, long now, long pauseNanos) {
        if (live > target(now)) {
            live--;
        } else {
            pending.add(new Pending(now + thinkNanos + pauseNanos, user, seq++));
        }
    }

    @Override
    public void retire(int user) {
        live--;
    }

    @Override
    public void end() {
        live -= pending.size();
        pending.clear();
    }

    @Override
    public boolean offersNothingBefore(long lengthNanos) {
        return false; // a user whose request ends may send again before the window closes
    }

    /** Users currently in the run (sending, thinking or waiting for their instant). */
    int liveUsers() {
        return live;
    }
}
