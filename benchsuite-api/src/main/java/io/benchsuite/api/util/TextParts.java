package io.benchsuite.api.util;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Splits and reads the small text forms of the API ({@code ramp:1-20/60s}, {@code burst:2,20,5s/30s},
 * {@code normal:512,64,16-2048}) so that every mistake is reported in the user's terms ("'abc' is not
 * a number (the ramp's start level)") instead of a Java exception's ("For input string", "Index 2 out
 * of bounds for length 2"). Every method throws {@link IllegalArgumentException}; callers add the
 * whole text and the accepted forms.
 */
public final class TextParts {
    private TextParts() {}

    /**
     * Splits {@code text} on {@code separator} into exactly {@code count} non-blank parts.
     *
     * @param text the text to split
     * @param separator a literal separator such as {@code "/"} or {@code ","}
     * @param count how many parts there must be
     * @param what what the parts are, for the message, e.g. {@code "base, peak, spike length"}
     * @return the trimmed parts
     * @throws IllegalArgumentException saying how many parts were expected and found
     */
    public static String[] split(String text, String separator, int count, String what) {
        String[] parts = text.split(Pattern.quote(separator), -1);
        if (parts.length != count) {
            throw new IllegalArgumentException("expected " + count + " parts separated by '" + separator + "' ("
                    + what + "), got " + parts.length + " in '" + text + "'");
        }
        for (int i = 0; i < parts.length; i++) {
            parts[i] = parts[i].trim();
            if (parts[i].isEmpty()) {
                throw new IllegalArgumentException("empty part " + (i + 1) + " of " + count + " (" + what + ") in '"
                        + text + "'");
            }
        }
        return parts;
    }

    /**
     * Reads a finite number.
     *
     * @param text the number's text
     * @param what what it is, for the message, e.g. {@code "the ramp's start level"}
     * @return the number
     * @throws IllegalArgumentException when {@code text} is not a finite number
     */
    public static double number(String text, String what) {
        try {
            double v = Double.parseDouble(text.trim());
            if (Double.isFinite(v)) return v;
        } catch (NumberFormatException e) {
            // the message below says it in the user's terms
        }
        throw new IllegalArgumentException("'" + text.trim() + "' is not a number (" + what + ")");
    }

    /**
     * Reads a whole number that fits an {@code int}.
     *
     * @param text the number's text
     * @param what what it is, for the message
     * @return the number
     * @throws IllegalArgumentException when {@code text} is not a whole number in range
     */
    public static int wholeNumber(String text, String what) {
        String t = text.trim();
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            String hint = t.matches("[+-]?\\d+") ? " too large" : " not a whole number";
            throw new IllegalArgumentException("'" + t + "' is" + hint + " (" + what + ")");
        }
    }

    /**
     * Reads a duration such as {@code 30s} ({@link Durations#parse}).
     *
     * @param text the duration's text
     * @param what what it is, for the message
     * @return the duration
     * @throws IllegalArgumentException when {@code text} is not a duration
     */
    public static Duration duration(String text, String what) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " (" + what + ")");
        }
    }

    /**
     * The part of {@code text} after {@code prefix:}, lower-cased and trimmed, or {@code null} when
     * {@code text} does not start with it.
     *
     * @param text the whole text
     * @param prefix the kind, e.g. {@code "ramp"}
     * @return the arguments after the colon, or {@code null}
     */
    public static String after(String text, String prefix) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        String p = prefix.toLowerCase(Locale.ROOT) + ":";
        return s.startsWith(p) ? s.substring(p.length()).trim() : null;
    }
}
