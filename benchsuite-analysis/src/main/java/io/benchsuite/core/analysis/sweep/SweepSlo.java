package io.benchsuite.core.analysis.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Service-level objectives on a sweep point's aggregate figures, as vLLM's SLA search states them
 * ("TTFT p99 ≤ 500 ms"): upper limits on latency figures and on the error rate. A point meets them
 * when every bounded figure was measured and is at or below its limit and its error rate is at or
 * below {@link #maxErrorRate()}.
 *
 * @param limits upper limit in milliseconds for each bounded figure
 * @param maxErrorRate the largest failed share of requests a passing point may have, in [0, 1]
 */
public record SweepSlo(Map<PointFigure, Double> limits, double maxErrorRate) {

    /**
     * Checks the limits and copies them.
     *
     * @param limits upper limit in milliseconds for each bounded figure
     * @param maxErrorRate the largest failed share of requests a passing point may have
     */
    public SweepSlo {
        notNull(limits, "limits");
        EnumMap<PointFigure, Double> copy = new EnumMap<>(PointFigure.class);
        limits.forEach((figure, limit) -> {
            notNull(figure, "limits key");
            if (limit == null || !(limit > 0) || Double.isInfinite(limit)) {
                throw new IllegalArgumentException("the limit on " + figure.label() + " must be a finite number > 0 ms, got " + limit);
            }
            copy.put(figure, limit);
        });
        limits = Collections.unmodifiableMap(copy);
        if (!(maxErrorRate >= 0 && maxErrorRate <= 1)) {
            throw new IllegalArgumentException("maxErrorRate must be in [0, 1], got " + maxErrorRate);
        }
    }

    /**
     * No latency limits, no failed request allowed.
     *
     * @return the SLO
     */
    public static SweepSlo none() {
        return new SweepSlo(Map.of(), 0);
    }

    /**
     * The same SLO with one more latency limit.
     *
     * @param figure the figure bounded
     * @param limitMs its upper limit in milliseconds
     * @return the new SLO
     */
    public SweepSlo with(PointFigure figure, double limitMs) {
        EnumMap<PointFigure, Double> m = new EnumMap<>(PointFigure.class);
        m.putAll(limits);
        m.put(notNull(figure, "figure"), limitMs);
        return new SweepSlo(m, maxErrorRate);
    }

    /**
     * The same SLO with another error-rate limit.
     *
     * @param rate the largest failed share a passing point may have
     * @return the new SLO
     */
    public SweepSlo withMaxErrorRate(double rate) {
        return new SweepSlo(limits, rate);
    }

    /**
     * The verdict on one point.
     *
     * @param met whether the point meets every objective
     * @param worstRatio the largest measured ÷ limit over the bounded figures (NaN without limits,
     *     +∞ when a bounded figure was not measured); above 1 means a limit was exceeded
     * @param violations what was exceeded, e.g. {@code ttft p99 812.0 ms > 500.0 ms}; empty when met
     */
    public record Verdict(boolean met, double worstRatio, List<String> violations) {
        /**
         * Copies the violations.
         *
         * @param met whether the point meets every objective
         * @param worstRatio the largest measured ÷ limit
         * @param violations what was exceeded
         */
        public Verdict {
            violations = List.copyOf(violations);
        }
    }

    /**
     * Judges a point.
     *
     * @param point the point
     * @return whether it meets the objectives, and why not
     */
    public Verdict judge(SweepPoint point) {
        notNull(point, "point");
        List<String> violations = new ArrayList<>();
        double worst = Double.NaN;
        for (Map.Entry<PointFigure, Double> e : limits.entrySet()) {
            double value = point.figure(e.getKey());
            double ratio = Double.isNaN(value) ? Double.POSITIVE_INFINITY : value / e.getValue();
            worst = Double.isNaN(worst) ? ratio : Math.max(worst, ratio);
            if (Double.isNaN(value)) {
                violations.add(e.getKey().label() + " not measured");
            } else if (value > e.getValue()) {
                violations.add(String.format(Locale.ROOT, "%s %.1f ms > %.1f ms", e.getKey().label(), value, e.getValue()));
            }
        }
        if (point.errorRate() > maxErrorRate) {
            violations.add(String.format(Locale.ROOT, "error rate %.2f%% > %.2f%%", 100 * point.errorRate(), 100 * maxErrorRate));
        }
        return new Verdict(violations.isEmpty(), worst, violations);
    }
}
