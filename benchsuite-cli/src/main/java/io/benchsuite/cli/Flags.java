package io.benchsuite.cli;

import io.benchsuite.api.util.Durations;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.Map;
import java.util.function.Function;

/** Turns flag text into typed values; every error names the flag and exits 2. */
final class Flags {
    private Flags() {}

    /**
     * Applies one of the API's parsers, prefixing its message with the flag. A JDK number parser's own text
     * ({@code For input string: "OK"}) names neither the flag nor what was expected, so it is replaced.
     */
    static <T> T parse(String flag, String text, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (NumberFormatException e) {
            throw CliException.usage(flag + ": expected a number, got '" + text + "'");
        } catch (IllegalArgumentException e) {
            throw CliException.usage(flag + ": " + e.getMessage());
        }
    }

    static double positiveNumber(String flag, String text) {
        double v;
        try {
            v = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw CliException.usage(flag + ": must be a finite number > 0, got " + text.trim());
        }
        return v;
    }

    static int positiveInt(String flag, String text) {
        long v = positiveLong(flag, text);
        if (v > Integer.MAX_VALUE) throw CliException.usage(flag + ": must be at most " + Integer.MAX_VALUE + ", got " + text.trim());
        return (int) v;
    }

    static long positiveLong(String flag, String text) {
        long v;
        try {
            v = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw CliException.usage(flag + ": must be a whole number > 0, got " + text.trim());
        }
        if (v <= 0) throw CliException.usage(flag + ": must be a whole number > 0, got " + text.trim());
        return v;
    }

    /** A duration such as {@code 300} (seconds), {@code 5m}, {@code 200ms}; zero allowed when {@code allowZero}. */
    static Duration duration(String flag, String text, boolean allowZero) {
        Duration d = parse(flag, text, Durations::parse);
        if (!allowZero && d.isZero()) throw CliException.usage(flag + ": must be > 0, got " + text.trim());
        return d;
    }

    /**
     * Splits {@code key=value}. The value is never echoed in errors: it may be a secret
     * (e.g. {@code --header Authorization=Bearer ...}).
     */
    static Map.Entry<String, String> keyValue(String flag, String text, String form) {
        int eq = text.indexOf('=');
        if (eq <= 0) throw CliException.usage(flag + ": expected " + form + " (the value is not shown here)");
        String key = text.substring(0, eq).trim();
        if (key.isEmpty()) throw CliException.usage(flag + ": expected " + form + ", the name is empty");
        return new AbstractMap.SimpleImmutableEntry<>(key, text.substring(eq + 1));
    }
}
