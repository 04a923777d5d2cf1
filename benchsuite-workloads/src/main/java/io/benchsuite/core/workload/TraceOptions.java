package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.positiveFinite;

import io.benchsuite.api.util.Durations;
import java.time.Duration;

/**
 * How a trace is replayed. A request's arrival offset is
 * {@code (t - t0 - start) * timeScale}, where {@code t} is its timestamp and {@code t0} the first
 * record's; records before {@code start} are skipped, and at most {@code limit} requests are taken.
 *
 * @param timeScale multiplies the trace's gaps: 0.1 replays ten times faster, 2 at half speed
 * @param start skip the trace's first {@code start} of traffic (from its first record)
 * @param limit the most requests to take, 0 for all
 * @param ignoreTimestamps send at the run's own arrival process or users instead of the trace's times (lengths and prefixes still come from the trace)
 */
public record TraceOptions(double timeScale, Duration start, long limit, boolean ignoreTimestamps) {
    /**
     * Checks the values.
     *
     * @param timeScale multiplies the trace's gaps; a finite number above 0
     * @param start skip the trace's first {@code start} of traffic; not negative
     * @param limit the most requests to take, 0 for all
     * @param ignoreTimestamps send at the run's own pace instead of the trace's times
     */
    public TraceOptions {
        positiveFinite(timeScale, "timeScale");
        notNegative(start, "start");
        if (limit < 0) throw new IllegalArgumentException("limit must be >= 0, got " + limit);
    }

    /**
     * Original timing, from the first record, every request.
     *
     * @return the defaults
     */
    public static TraceOptions defaults() {
        return new TraceOptions(1, Duration.ZERO, 0, false);
    }

    /**
     * A copy with another time scale.
     *
     * @param scale multiplies the trace's gaps
     * @return the copy
     */
    public TraceOptions withTimeScale(double scale) {
        return new TraceOptions(scale, start, limit, ignoreTimestamps);
    }

    /**
     * A copy with another start offset.
     *
     * @param offset how much of the trace's traffic to skip
     * @return the copy
     */
    public TraceOptions withStart(Duration offset) {
        return new TraceOptions(timeScale, offset, limit, ignoreTimestamps);
    }

    /**
     * A copy with another limit.
     *
     * @param n the most requests to take, 0 for all
     * @return the copy
     */
    public TraceOptions withLimit(long n) {
        return new TraceOptions(timeScale, start, n, ignoreTimestamps);
    }

    /**
     * A copy that ignores (or keeps) the trace's timestamps.
     *
     * @param ignore whether the run's own pace replaces the trace's times
     * @return the copy
     */
    public TraceOptions withIgnoreTimestamps(boolean ignore) {
        return new TraceOptions(timeScale, start, limit, ignore);
    }

    /**
     * The options as text for reports, e.g. {@code scale=0.1,start=60s,limit=600}.
     *
     * @return the description
     */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (ignoreTimestamps) b.append("timestamps=ignored");
        else b.append("scale=").append(timeScale == Math.rint(timeScale) ? Long.toString((long) timeScale) : Double.toString(timeScale));
        if (!start.isZero()) b.append(",start=").append(Durations.format(start));
        if (limit > 0) b.append(",limit=").append(limit);
        return b.toString();
    }
}
