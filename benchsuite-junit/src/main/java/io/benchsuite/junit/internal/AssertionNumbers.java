package io.benchsuite.junit.internal;

import java.math.BigDecimal;
import java.util.Locale;

/** Number formatting for assertion messages: fixed decimals, locale-independent. */
public final class AssertionNumbers {
    private AssertionNumbers() {}

    /** Milliseconds with three decimals, e.g. {@code 412.300 ms}; {@code n/a} for NaN. */
    public static String millis(double ms) {
        return Double.isNaN(ms) ? "n/a" : String.format(Locale.ROOT, "%.3f ms", ms);
    }

    /** A plain number with up to three decimals. */
    public static String number(double v) {
        if (Double.isNaN(v)) return "n/a";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** A percentile's name: {@code p99}, {@code p99.9}, {@code p50}. */
    public static String percentile(double p) {
        return "p" + BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
    }

    /** A fraction as a percentage with two decimals, e.g. {@code 1.25%}. */
    public static String percent(double fraction) {
        return Double.isNaN(fraction) ? "n/a" : String.format(Locale.ROOT, "%.2f%%", fraction * 100);
    }
}
