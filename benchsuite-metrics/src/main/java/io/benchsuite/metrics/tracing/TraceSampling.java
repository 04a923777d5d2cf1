package io.benchsuite.metrics.tracing;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Which request traces {@link RequestTracing} keeps. Each request is its own trace, so the choice is
 * made per request, in two steps:
 *
 * <ol>
 *   <li><b>Head</b>, when the request is sent: the trace is in the ratio share when its trace id says
 *       so ({@link #headSampled}, the rule of OpenTelemetry's {@code TraceIdRatioBased} sampler). This
 *       is the {@code sampled} flag of the {@code traceparent} header the server receives: the client
 *       cannot know yet whether the request will fail or be slow.</li>
 *   <li><b>Tail</b>, when the request ends ({@link #decide}): a failed or cancelled request is always
 *       kept, so is one that took at least {@link #keepSlowerThan}; any other is kept when it was in
 *       the ratio share.</li>
 * </ol>
 *
 * @param ratio the share of ordinary requests kept, 0 to 1
 * @param keepSlowerThan requests lasting at least this long are always kept; empty: no latency rule
 */
public record TraceSampling(double ratio, Optional<Duration> keepSlowerThan) {

    /**
     * Checks the ratio (0 to 1) and the threshold (positive when present).
     *
     * @param ratio the share of ordinary requests kept, 0 to 1
     * @param keepSlowerThan requests lasting at least this long are always kept; empty: no latency rule
     */
    public TraceSampling {
        if (!(ratio >= 0 && ratio <= 1)) {
            throw new IllegalArgumentException("ratio: expected a number from 0 to 1, got " + ratio);
        }
        notNull(keepSlowerThan, "keepSlowerThan").ifPresent(d -> positive(d, "keepSlowerThan"));
    }

    /** Keeps every request (the default). */
    public static TraceSampling keepAll() {
        return new TraceSampling(1, Optional.empty());
    }

    /** Keeps {@code ratio} of the ordinary requests and every failed one. */
    public static TraceSampling ratio(double ratio) {
        return new TraceSampling(ratio, Optional.empty());
    }

    /** This policy, also keeping every request that lasts at least {@code threshold}. */
    public TraceSampling keepSlowerThan(Duration threshold) {
        return new TraceSampling(ratio, Optional.of(notNull(threshold, "threshold")));
    }

    /**
     * Whether the trace is in the ratio share: the lower 64 bits of the trace id, as a signed number,
     * in absolute value below {@code ratio × Long.MAX_VALUE}, as OpenTelemetry's
     * {@code TraceIdRatioBased} sampler decides, so a server sampling by trace-id ratio at the same
     * ratio agrees.
     *
     * @param traceId 32 lower-case hex digits
     * @return whether an ordinary request of this trace is kept
     */
    public boolean headSampled(String traceId) {
        notNull(traceId, "traceId");
        if (traceId.length() != 32) throw new IllegalArgumentException("traceId: expected 32 hex digits, got '" + traceId + "'");
        if (ratio >= 1) return true;
        if (ratio <= 0) return false;
        long bound = (long) (ratio * Long.MAX_VALUE);
        long random = Long.parseUnsignedLong(traceId.substring(16), 16);
        return Math.abs(random) < bound;
    }

    /**
     * The tail decision for a request that ended.
     *
     * @param failed whether it ended in an error (failure or cancellation)
     * @param durationNanos how long it lasted, from its dispatch to its last event
     * @param headSampled what {@link #headSampled} said for its trace
     * @return why it is kept, or {@link Decision#DROPPED}
     */
    public Decision decide(boolean failed, long durationNanos, boolean headSampled) {
        if (failed) return Decision.ERROR;
        if (keepSlowerThan.isPresent() && durationNanos >= keepSlowerThan.get().toNanos()) return Decision.SLOW;
        return headSampled ? Decision.RATIO : Decision.DROPPED;
    }

    /** Why a request trace is kept, or that it is not; its label is the span attribute's value. */
    public enum Decision {
        /** Failed or cancelled: always kept. */
        ERROR,
        /** Lasted at least the threshold: always kept. */
        SLOW,
        /** Ordinary and in the ratio share. */
        RATIO,
        /** Ordinary and outside the ratio share: not exported. */
        DROPPED;

        /** Whether the trace is exported. */
        public boolean kept() {
            return this != DROPPED;
        }

        /** The value of {@link RequestTracing#SAMPLING_DECISION}: {@code error}, {@code slow}, {@code ratio}, {@code dropped}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
