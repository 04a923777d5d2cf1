package io.benchsuite.core.analysis.sweep;

import java.util.Locale;
import java.util.Optional;

/**
 * When a sweep stops climbing: the point just run is <em>saturated</em>, so higher loads would only
 * fail harder and waste time. A point is saturated when its error rate is at least
 * {@link #errorRate()} or some bounded figure is at least {@link #sloFactor()} times its limit.
 *
 * @param errorRate failed share of requests at which a point is saturated, in (0, 1]
 * @param sloFactor multiple of an SLO limit at which a point is saturated, above 1
 */
public record StopRule(double errorRate, double sloFactor) {

    /** Saturated at 10 % failed requests or at twice an SLO limit. */
    public static final StopRule DEFAULT = new StopRule(0.10, 2.0);

    /**
     * Checks the thresholds.
     *
     * @param errorRate failed share at which a point is saturated
     * @param sloFactor multiple of an SLO limit at which a point is saturated
     */
    public StopRule {
        if (!(errorRate > 0 && errorRate <= 1)) throw new IllegalArgumentException("errorRate must be in (0, 1], got " + errorRate);
        if (!(sloFactor > 1) || Double.isInfinite(sloFactor)) {
            throw new IllegalArgumentException("sloFactor must be a finite number > 1, got " + sloFactor);
        }
    }

    /**
     * Why the point is saturated, if it is.
     *
     * @param point the point just run
     * @param verdict its SLO verdict
     * @return the reason, or empty when the sweep may go on
     */
    public Optional<String> saturation(SweepPoint point, SweepSlo.Verdict verdict) {
        if (point.errorRate() >= errorRate) {
            return Optional.of(String.format(Locale.ROOT, "error rate %.1f%% >= %.1f%%", 100 * point.errorRate(), 100 * errorRate));
        }
        if (verdict.worstRatio() >= sloFactor) {
            return Optional.of(String.format(Locale.ROOT, "an SLO figure is %s its limit (>= %.1fx): %s",
                    Double.isInfinite(verdict.worstRatio()) ? "unmeasured, i.e. beyond" : String.format(Locale.ROOT, "%.2fx", verdict.worstRatio()),
                    sloFactor, String.join("; ", verdict.violations())));
        }
        return Optional.empty();
    }
}
