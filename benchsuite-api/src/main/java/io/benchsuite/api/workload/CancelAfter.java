package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.util.Durations;
import java.time.Duration;
import java.util.SplittableRandom;

/**
 * Where a request cancelled on purpose is aborted: after a number of output tokens, or a time after
 * it was sent; the point is drawn uniformly from {@code min} to {@code max} (inclusive).
 *
 * @param unit what {@code min} and {@code max} count
 * @param min the smallest point (tokens, or nanoseconds)
 * @param max the largest point
 */
public record CancelAfter(Unit unit, long min, long max) {
    /** What the abort point counts. */
    public enum Unit {
        /** Output tokens received (the abort follows the chunk that reaches the count). */
        TOKENS,
        /** Nanoseconds since the request was handed to the backend. */
        NANOS
    }

    /** One drawn abort point. */
    public record Point(Unit unit, long value) {
        /**
         * Whether a request with {@code tokens} received, {@code elapsedNanos} after its send, has reached this point.
         *
         * @param tokens output tokens received so far
         * @param elapsedNanos time since the request was handed to the backend
         * @return whether to abort now
         */
        public boolean reached(int tokens, long elapsedNanos) {
            return unit == Unit.TOKENS ? tokens >= value : elapsedNanos >= value;
        }
    }

    /**
     * Checks that the range is a range of points that can be reached (at least one token).
     *
     * @param unit what {@code min} and {@code max} count
     * @param min the smallest point
     * @param max the largest point
     */
    public CancelAfter {
        notNull(unit, "unit");
        if (min < (unit == Unit.TOKENS ? 1 : 0) || max < min) {
            throw new IllegalArgumentException("cancel-after range must be " + (unit == Unit.TOKENS ? "1" : "0")
                    + " <= min <= max, got " + min + "-" + max);
        }
    }

    /**
     * Abort after {@code min} to {@code max} output tokens (uniform).
     *
     * @param min the fewest tokens, at least 1
     * @param max the most tokens, at least {@code min}
     * @return the abort range
     */
    public static CancelAfter tokens(long min, long max) {
        return new CancelAfter(Unit.TOKENS, min, max);
    }

    /**
     * Abort {@code min} to {@code max} after the send (uniform).
     *
     * @param min the shortest time after the send
     * @param max the longest, at least {@code min}
     * @return the abort range
     */
    public static CancelAfter time(Duration min, Duration max) {
        return new CancelAfter(Unit.NANOS, notNull(min, "min").toNanos(), notNull(max, "max").toNanos());
    }

    /**
     * Reads {@code tokens:N}, {@code tokens:uniform:A-B}, a duration ({@code 500ms}) or
     * {@code uniform:100ms-2s} (the time after the send).
     *
     * @param text the abort point's text
     * @return the abort point
     * @throws IllegalArgumentException when it is none of these
     */
    public static CancelAfter parse(String text) {
        String t = notNull(text, "text").trim();
        try {
            if (t.startsWith("tokens:")) {
                String r = t.substring("tokens:".length());
                if (r.startsWith("uniform:")) {
                    String[] p = r.substring("uniform:".length()).split("-", 2);
                    if (p.length != 2) throw new IllegalArgumentException("expected tokens:uniform:A-B");
                    return tokens(Long.parseLong(p[0].trim()), Long.parseLong(p[1].trim()));
                }
                long n = Long.parseLong(r.trim());
                return tokens(n, n);
            }
            if (t.startsWith("uniform:")) {
                String[] p = t.substring("uniform:".length()).split("-", 2);
                if (p.length != 2) throw new IllegalArgumentException("expected uniform:MIN-MAX");
                return time(Durations.parse(p[0]), Durations.parse(p[1]));
            }
            Duration d = Durations.parse(t);
            return time(d, d);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("expected tokens:N, tokens:uniform:A-B, a duration (500ms) or "
                    + "uniform:MIN-MAX (durations), got '" + t + "' (" + e.getMessage() + ")", e);
        }
    }

    Point draw(SplittableRandom random) {
        long v = min == max ? min : min + random.nextLong(max - min + 1);
        return new Point(unit, v);
    }

    @Override
    public String toString() {
        if (unit == Unit.TOKENS) return min == max ? "tokens:" + min : "tokens:uniform:" + min + "-" + max;
        String lo = Durations.format(Duration.ofNanos(min));
        return min == max ? lo : "uniform:" + lo + "-" + Durations.format(Duration.ofNanos(max));
    }
}
