package io.benchsuite.core.shard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

/** Waiting for a wall-clock instant: sleeps while it is far, parks for the last milliseconds. */
final class WallClock {
    private static final long SPIN_NANOS = 2_000_000;

    private WallClock() {}

    static void sleepUntil(Clock clock, Instant target) throws InterruptedException {
        while (true) {
            long left = Duration.between(clock.instant(), target).toNanos();
            if (left <= 0) return;
            if (Thread.interrupted()) throw new InterruptedException();
            if (left > SPIN_NANOS) {
                Thread.sleep(Math.min((left - SPIN_NANOS) / 1_000_000, 1_000));
            } else {
                LockSupport.parkNanos(left);
            }
        }
    }
}
