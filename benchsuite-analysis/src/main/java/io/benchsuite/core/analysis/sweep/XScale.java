package io.benchsuite.core.analysis.sweep;

/**
 * How the x values are placed before a curve is normalised. A sweep over a geometric grid
 * (concurrency 1, 2, 4, ..., 256) is read on a {@link #LOG} scale, where its points are evenly spaced;
 * on a linear scale nearly all of them would crowd into the first few per cent of the axis.
 */
public enum XScale {
    /** x as given. */
    LINEAR,
    /** ln(x); every x must be above 0. */
    LOG
}
