package io.benchsuite.core.internal.dispatch;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Outcome;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Closed loop: how long a user pauses before its next request after connection failures, so that a
 * dead server is not hammered (a refused connection fails in microseconds, and a user that sends
 * again at once makes thousands of failing requests a second).
 *
 * <p>After the n-th consecutive connection failure of a user ({@link ErrorKind#CONNECTION_REFUSED},
 * {@link ErrorKind#CONNECT_TIMEOUT}) its pause is {@code d/2 + uniform[0, d/2)} with {@code d =
 * min(FIRST × 2^(n-1), CAP)}: 100 ms, 200 ms, 400 ms ... capped at 5 s, halved at most by jitter so
 * users do not retry in lockstep. The jitter comes from the run's seed. A request that succeeds resets
 * the user's count; other failures (the server answered, e.g. HTTP 503) bring no pause and neither
 * grow nor reset the count.
 * The pause adds to the think time. Open loop has no users and keeps its schedule.
 */
public final class ConnectionBackoff {
    /** The pause after a user's first connection failure (before jitter). */
    public static final Duration FIRST = Duration.ofMillis(100);
    /** The longest pause (before jitter). */
    public static final Duration CAP = Duration.ofSeconds(5);

    private final RandomGenerator random;
    private final Map<Integer, Integer> failures = new HashMap<>();

    /** @param random the jitter's source (seeded from the run's scenario seed) */
    public ConnectionBackoff(RandomGenerator random) {
        this.random = random;
    }

    /** Whether a request that ended with this error could not reach the server at all. */
    public static boolean isConnectionFailure(ErrorKind kind) {
        return kind == ErrorKind.CONNECTION_REFUSED || kind == ErrorKind.CONNECT_TIMEOUT;
    }

    /**
     * The pause of {@code user} before its next request, after one of its requests ended so.
     *
     * @param user the closed-loop user (negative: open loop, never a pause)
     * @param outcome how the request ended
     * @param kind its error, or null
     * @return nanoseconds to wait on top of the think time (0 when none)
     */
    public long pauseNanos(int user, Outcome outcome, ErrorKind kind) {
        if (user < 0) return 0;
        if (outcome == Outcome.SUCCESS) {
            failures.remove(user);
            return 0;
        }
        if (outcome != Outcome.FAILED || !isConnectionFailure(kind)) return 0;
        return pause(failures.merge(user, 1, Integer::sum));
    }

    private long pause(int consecutive) {
        long d = CAP.toNanos();
        if (consecutive < 32) d = Math.min(d, FIRST.toNanos() << (consecutive - 1));
        long half = d / 2;
        return half + (long) (random.nextDouble() * (d - half));
    }
}
