package io.benchsuite.core.report.model;

/**
 * The precision of the report's numbers: {@code report.json} stores every floating-point value
 * rounded to 6 decimals (nanosecond resolution for millisecond values, and stable text), and
 * writes values that are not finite as {@code null}. Renderers read values through
 * {@link #round(double)} too, so a page rendered at the end of a run and one rendered again from the
 * saved file are the same text.
 */
public final class ReportNumbers {
    private ReportNumbers() {}

    /** The value as {@code report.json} stores it: rounded to 6 decimals; not finite stays as is. */
    public static double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 1e6) / 1e6 : v;
    }
}
