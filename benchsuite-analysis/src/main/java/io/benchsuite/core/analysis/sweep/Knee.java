package io.benchsuite.core.analysis.sweep;

/**
 * A knee found by {@link Kneedle}.
 *
 * @param index position of the knee in the input arrays
 * @param x the knee's x, as given (not normalised)
 * @param y the knee's y, as given (not normalised, not smoothed)
 * @param difference the value of the normalised difference curve at the knee (its distance from the chord,
 *     in units of the normalised axes; larger is a sharper knee)
 * @param threshold the threshold the difference curve fell below after the knee
 */
public record Knee(int index, double x, double y, double difference, double threshold) {}
