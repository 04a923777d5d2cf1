package io.benchsuite.api.util;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Parses and formats human durations such as {@code 200ms}, {@code 1.5s}, {@code 5m}, {@code 250us}.
 * A bare number means seconds. Used for CLI flags, SLO strings and backend configuration.
 */
public final class Durations {
    private Durations() {}

    /**
     * Parses a duration.
     *
     * @param text such as {@code 40ms}, {@code 2s}, {@code 0.5s}, {@code 3m}, {@code 1h}, {@code 800us}, {@code 120ns}, or {@code 30} (seconds)
     * @return the duration, never negative
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static Duration parse(String text) {
        Objects.requireNonNull(text, "duration text");
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.isEmpty()) {
            throw new IllegalArgumentException("expected a duration such as 200ms, 30s or 5m, got an empty string");
        }
        int split = s.length();
        while (split > 0 && Character.isLetter(s.charAt(split - 1))) {
            split--;
        }
        String number = s.substring(0, split).trim();
        String unit = s.substring(split);
        double value;
        try {
            value = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a duration such as 200ms, 30s or 5m, got '" + text + "'");
        }
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("duration must be finite and not negative, got '" + text + "'");
        }
        double nanosPerUnit = switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "", "s", "sec" -> 1e9;
            case "m", "min" -> 60e9;
            case "h" -> 3600e9;
            default -> throw new IllegalArgumentException(
                    "unknown duration unit '" + unit + "' in '" + text + "' (use ns, us, ms, s, m or h)");
        };
        return Duration.ofNanos(Math.round(value * nanosPerUnit));
    }

    /**
     * Formats a duration compactly, e.g. {@code 200ms}, {@code 1.5s}, {@code 5m}.
     *
     * @param d the duration
     * @return the compact text, e.g. {@code 250ms}, accepted by {@link #parse}
     */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 3_600_000_000_000L == 0 && nanos != 0) return nanos / 3_600_000_000_000L + "h";
        if (nanos % 60_000_000_000L == 0 && nanos != 0) return nanos / 60_000_000_000L + "m";
        if (nanos >= 1_000_000_000L) return trim(nanos / 1e9) + "s";
        if (nanos >= 1_000_000L) return trim(nanos / 1e6) + "ms";
        if (nanos >= 1_000L) return trim(nanos / 1e3) + "us";
        return nanos + "ns";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
