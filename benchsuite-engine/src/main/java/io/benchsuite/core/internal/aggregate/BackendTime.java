package io.benchsuite.core.internal.aggregate;

import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.Reasoning;
import io.benchsuite.api.result.RequestRecord;

/**
 * Turns what a run measured on the wall clock into the time of its backend
 * ({@link io.benchsuite.api.run.RunClock#timeScale()}): a simulator with {@code time-scale=0.1}
 * answers ten times faster than the server it models, so its TPOT measured on the wall clock is a
 * tenth of the model's and its tokens per second ten times as many. Dividing every span by the scale
 * (and so multiplying every rate) gives the figures of the simulated server, and objectives are then
 * judged on those. Offsets and durations below 0 are "none" markers and are kept as they are.
 * Immutable; with a scale of 1 every method returns its argument.
 */
public final class BackendTime {
    /** The wall clock's own time: nothing is converted. */
    public static final BackendTime WALL = new BackendTime(1.0);

    private final double scale;

    private BackendTime(double scale) {
        this.scale = scale;
    }

    /**
     * The conversion for a run whose figures are in a time running {@code scale} wall seconds per second.
     *
     * @param scale wall seconds per second of the backend's time, finite and above 0
     * @return the conversion ({@link #WALL} for 1)
     */
    public static BackendTime of(double scale) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be a finite number > 0, got " + scale);
        }
        return scale == 1.0 ? WALL : new BackendTime(scale);
    }

    /** Wall seconds per second of the backend's time. */
    public double scale() {
        return scale;
    }

    /** Whether the figures are the wall clock's own (scale 1). */
    public boolean isWall() {
        return scale == 1.0;
    }

    /**
     * A span or an offset from the run start measured on the wall clock, in the backend's time.
     *
     * @param wallNanos nanoseconds on the wall clock; below 0 means "none" and is returned as it is
     * @return nanoseconds of the backend's time
     */
    public long span(long wallNanos) {
        if (scale == 1.0 || wallNanos < 0 || wallNanos == Long.MAX_VALUE) return wallNanos;
        return Math.round(wallNanos / scale);
    }

    /**
     * A span of the backend's time on the wall clock: the inverse of {@link #span}.
     *
     * @param nanos nanoseconds of the backend's time, 0 or more
     * @return nanoseconds on the wall clock
     */
    public long wall(long nanos) {
        if (scale == 1.0 || nanos < 0 || nanos == Long.MAX_VALUE) return nanos;
        return Math.round(nanos * scale);
    }

    /**
     * Latency figures of the backend's time back on the wall clock (multiplied by the scale): for
     * judging the client, which runs in real time (its dispatch lag against a limit in real milliseconds).
     *
     * @param stats figures in the backend's time
     * @return the same figures on the wall clock
     */
    public LatencyStats wall(LatencyStats stats) {
        if (scale == 1.0) return stats;
        return new LatencyStats(stats.count(), stats.mean() * scale, stats.p50() * scale, stats.p90() * scale,
                stats.p95() * scale, stats.p99() * scale, stats.p999() * scale, stats.min() * scale, stats.max() * scale,
                stats.stddev() * scale);
    }

    /**
     * A request's record in the backend's time: its offsets (its marks too), inter-token gaps, connect time
     * and client stall divided by the scale; counts, tokens and outcome as they are.
     *
     * @param r the record as measured
     * @return the record in the backend's time ({@code r} itself at scale 1)
     */
    public RequestRecord record(RequestRecord r) {
        if (scale == 1.0) return r;
        long[] gaps = r.itl().toArray();
        for (int i = 0; i < gaps.length; i++) gaps[i] = span(gaps[i]);
        return new RequestRecord(r.index(), r.window(), r.user(), span(r.scheduledOffsetNanos()),
                span(r.dispatchOffsetNanos()), span(r.submitOffsetNanos()), span(r.sentOffsetNanos()),
                span(r.firstTokenOffsetNanos()), span(r.endOffsetNanos()), r.inputTokens(), r.outputTokens(),
                r.serverPromptTokens(), r.serverCompletionTokens(), r.streamedTokens(), r.tokenSource(), r.promptHash(),
                r.outcome(), r.errorKind(), r.errorMessage(), Gaps.of(gaps), span(r.connectNanos()),
                r.connectionRetries(), r.sessionId(), r.turn(), span(r.clientStallNanos()), r.outputKinds(),
                r.resendReason(), reasoning(r.reasoning()), r.extras(), r.marks().map(this::span)); // extras as measured
    }

    /** The reasoning's and the answer's instants and the answer's gaps in the backend's time (-1, "none", stays -1). */
    private Reasoning reasoning(Reasoning x) {
        long[] gaps = x.answerItl().toArray();
        for (int i = 0; i < gaps.length; i++) gaps[i] = span(gaps[i]);
        return new Reasoning(x.firstReasoningOffsetNanos() < 0 ? -1 : span(x.firstReasoningOffsetNanos()),
                x.firstAnswerOffsetNanos() < 0 ? -1 : span(x.firstAnswerOffsetNanos()), x.reasoningTokens(), x.source(),
                Gaps.of(gaps));
    }
}
