package io.benchsuite.core.report.html.internal;

import io.benchsuite.core.report.model.ReportNumbers;
import java.util.Locale;

/**
 * Number formatting of the HTML pages: always {@link Locale#ROOT} (a German default locale must not
 * turn 12.5 into 12,5), no grouping separators, precision that follows the magnitude. Values are
 * first rounded as {@code report.json} stores them ({@link ReportNumbers}), so a page rendered at the
 * end of a run and one rendered again from the file show the same digits.
 */
public final class HtmlNumbers {
    private HtmlNumbers() {}

    /** The text of an absent value. */
    public static final String ABSENT = "absent";

    /**
     * A number with a precision that suits its size: four significant digits and a power of ten from a
     * million (e.g. {@code 2.039e12}), 1 decimal from 100, 2 decimals from 1, three significant digits
     * below 1; {@value #ABSENT} when not finite.
     */
    public static String num(double value) {
        if (!Double.isFinite(value)) return ABSENT;
        // 2039000000000.0 is unreadable: from a million on, four significant digits and a power of ten (before
        // the rounding to 1e-6, which overflows a long above 9.2e12)
        if (Math.abs(value) >= 1e6) return scientific(value);
        double v = ReportNumbers.round(value);
        double a = Math.abs(v);
        if (a == 0) return "0";
        if (a >= 100) return String.format(Locale.ROOT, "%.1f", v);
        if (a >= 1) return String.format(Locale.ROOT, "%.2f", v);
        int decimals = Math.min(9, 2 - (int) Math.floor(Math.log10(a)));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** {@code v} as {@code m.mmmeN} without trailing zeros in the mantissa, e.g. {@code 2.039e12}, {@code 1e6}. */
    static String scientific(double v) {
        String[] parts = String.format(Locale.ROOT, "%.3e", v).split("e", -1);
        String mantissa = parts[0].contains(".") ? parts[0].replaceAll("0+$", "").replaceAll("\\.$", "") : parts[0];
        return mantissa + "e" + Integer.parseInt(parts[1]);
    }

    /** A ratio 0..1 as a percentage with one decimal, e.g. {@code 0.8731 -> 87.3}. */
    public static String pct(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.1f", ReportNumbers.round(ratio) * 100) : ABSENT;
    }

    /** A whole number. */
    public static String count(long v) {
        return Long.toString(v);
    }

    /** Bytes in binary units with 2 decimals, e.g. {@code 1.50 GiB}. */
    public static String bytes(double v) {
        if (!Double.isFinite(v)) return ABSENT;
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        double x = ReportNumbers.round(v);
        while (Math.abs(x) >= 1024 && u < units.length - 1) {
            x /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, u == 0 ? "%.0f %s" : "%.2f %s", x, units[u]);
    }

    /** A signed relative change as a percentage, e.g. {@code +12.3%}. */
    public static String delta(double relative) {
        if (!Double.isFinite(relative)) return "n/a";
        return String.format(Locale.ROOT, "%+.1f%%", relative * 100);
    }

    /**
     * A coordinate for SVG: exactly {@code String.format(Locale.ROOT, "%.2f", v)}. A simulated hour's charts hold
     * ~200,000 coordinates, and {@code String.format} was a tenth of that run's main thread (profiled); here a value
     * below a million that is not within a millionth of a tie is rounded in long arithmetic, where the double's
     * error is far below that margin, and the rest (ties, large values, NaN) still go through the formatter.
     */
    public static String coord(double v) {
        if (Math.abs(v) < 1e6) {
            double hundredths = v * 100;
            double below = Math.floor(hundredths);
            double fraction = hundredths - below;
            if (Math.abs(fraction - 0.5) > 1e-6) {
                long n = (long) below + (fraction > 0.5 ? 1 : 0);
                return twoDecimals(n, Double.doubleToRawLongBits(v) < 0);
            }
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** {@code n} hundredths as {@code [-]i.dd}; a negative value that rounds to zero keeps its sign, as the formatter does. */
    private static String twoDecimals(long n, boolean negative) {
        long a = Math.abs(n);
        StringBuilder s = new StringBuilder(12);
        if (negative) s.append('-');
        s.append(a / 100).append('.');
        long cents = a % 100;
        if (cents < 10) s.append('0');
        return s.append(cents).toString();
    }
}
