package io.benchsuite.core.report.model;

/**
 * The report's {@code rate} block: did the client deliver the load it was asked for?
 *
 * @param target the profile's mean requested rate over the measured window, requests/s ({@code NaN} for closed loop)
 * @param scheduled measured requests the schedule actually drew per second
 * @param achieved measured requests actually sent per second
 * @param achievedOverTarget achieved / target
 * @param achievedOverScheduled achieved / scheduled
 * @param measuredSeconds length of the measured window
 */
public record Rates(double target, double scheduled, double achieved, double achievedOverTarget,
                   double achievedOverScheduled, double measuredSeconds) {
    static final Rates UNKNOWN = new Rates(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
}
