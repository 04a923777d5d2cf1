package io.benchsuite.api.accuracy;

import static io.benchsuite.api.util.Checks.notNull;

import java.lang.reflect.InvocationTargetException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built-in scorers and the lookup of a scorer from its spec.
 *
 * <h2>Specs</h2>
 * <ul>
 *   <li>{@code exact-match} (or {@code exact}): {@link #exactMatch()};</li>
 *   <li>{@code contains}: {@link #contains()};</li>
 *   <li>{@code numeric}, {@code numeric:abs=0.01}, {@code numeric:rel=0.001}, {@code numeric:abs=0.5,rel=0.01}:
 *       {@link #numeric(double, double)}, both tolerances 1e-9 unless given;</li>
 *   <li>{@code class:com.example.MyScorer}: that class, which must implement {@link AccuracyScorer} and have a
 *       public no-argument constructor;</li>
 *   <li>any other name: the scorer of that {@link AccuracyScorer#name()} (case-insensitive) among those listed
 *       in {@code META-INF/services/io.benchsuite.api.accuracy.AccuracyScorer}.</li>
 * </ul>
 */
public final class AccuracyScorers {
    /** The default absolute and relative tolerance of {@code numeric}: equal up to rounding. */
    public static final double DEFAULT_TOLERANCE = 1e-9;

    private static final Pattern PUNCTUATION = Pattern.compile("\\p{P}+");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern COMMA = Pattern.compile(",");
    // an optional sign, digits with optional thousands commas, an optional fraction, an optional exponent
    private static final Pattern NUMBER =
            Pattern.compile("[-+]?(?:(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?");

    private AccuracyScorers() {}

    /**
     * Normalises text for comparison: Unicode NFKC, lower case (root locale), punctuation
     * ({@code \p{P}}) removed, runs of white space made one space, trimmed. No language-specific rule (such as
     * dropping English articles) is applied.
     *
     * @param text the text
     * @return the normalised text
     */
    public static String normalise(String text) {
        notNull(text, "text");
        String t = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        t = PUNCTUATION.matcher(t).replaceAll("");
        return WHITESPACE.matcher(t).replaceAll(" ").trim();
    }

    /**
     * Full credit when the normalised response equals the normalised reference ({@link #normalise(String)}).
     *
     * @return the scorer named {@code exact-match}
     */
    public static AccuracyScorer exactMatch() {
        return new AccuracyScorer() {
            @Override
            public String name() {
                return "exact-match";
            }

            @Override
            public Grade grade(String response, String reference) {
                String r = normalise(response), ref = normalise(reference);
                return r.equals(ref) ? Grade.correct("equal after normalising")
                        : Grade.wrong("expected '" + shorten(ref) + "', got '" + shorten(r) + "'");
            }
        };
    }

    /**
     * Full credit when the normalised reference occurs in the normalised response as whole words (so
     * {@code 4} is not found in {@code 42}).
     *
     * @return the scorer named {@code contains}
     */
    public static AccuracyScorer contains() {
        return new AccuracyScorer() {
            @Override
            public String name() {
                return "contains";
            }

            @Override
            public Grade grade(String response, String reference) {
                String ref = normalise(reference);
                if (ref.isEmpty()) throw new IllegalArgumentException("reference '" + shorten(reference) + "' is empty after normalising");
                return (" " + normalise(response) + " ").contains(" " + ref + " ") ? Grade.correct("contains '" + shorten(ref) + "'")
                        : Grade.wrong("'" + shorten(ref) + "' not found");
            }
        };
    }

    /**
     * Full credit when the <em>last</em> number in the response (the final answer, as in "... so the answer is
     * 42") is within tolerance of the reference: |found − expected| ≤ max(abs, rel × |expected|). Thousands
     * commas are allowed ({@code 1,234}).
     *
     * @param abs absolute tolerance, at least 0
     * @param rel relative tolerance, at least 0
     * @return the scorer named {@code numeric}
     */
    public static AccuracyScorer numeric(double abs, double rel) {
        if (!(abs >= 0) || Double.isInfinite(abs)) throw new IllegalArgumentException("abs must be a finite number >= 0, got " + abs);
        if (!(rel >= 0) || Double.isInfinite(rel)) throw new IllegalArgumentException("rel must be a finite number >= 0, got " + rel);
        return new AccuracyScorer() {
            @Override
            public String name() {
                return "numeric";
            }

            @Override
            public Grade grade(String response, String reference) {
                Double expected = lastNumber(reference);
                if (expected == null) throw new IllegalArgumentException("reference '" + shorten(reference) + "' holds no number");
                Double found = lastNumber(response);
                if (found == null) return Grade.wrong("no number in the response");
                double tolerance = Math.max(abs, rel * Math.abs(expected));
                double diff = Math.abs(found - expected);
                String detail = "expected " + expected + ", found " + found;
                return diff <= tolerance ? Grade.correct(detail)
                        : Grade.wrong(detail + String.format(Locale.ROOT, " (|difference| %.3g > tolerance %.3g)", diff, tolerance));
            }
        };
    }

    /**
     * The scorer a spec names (see the class comment), looking for service-listed and named classes with the
     * thread's context class loader.
     *
     * @param spec the spec, e.g. {@code numeric:abs=0.01}
     * @return the scorer
     * @throws IllegalArgumentException naming what is wrong and listing the known names
     */
    public static AccuracyScorer forSpec(String spec) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return forSpec(spec, loader != null ? loader : AccuracyScorers.class.getClassLoader());
    }

    /**
     * The scorer a spec names (see the class comment).
     *
     * @param spec the spec
     * @param loader where service-listed and named classes are looked up
     * @return the scorer
     * @throws IllegalArgumentException naming what is wrong and listing the known names
     */
    public static AccuracyScorer forSpec(String spec, ClassLoader loader) {
        notNull(spec, "spec");
        notNull(loader, "loader");
        String s = spec.trim();
        String lower = s.toLowerCase(Locale.ROOT);
        if (lower.equals("exact-match") || lower.equals("exact")) return exactMatch();
        if (lower.equals("contains")) return contains();
        if (lower.equals("numeric") || lower.startsWith("numeric:")) return numericSpec(s);
        if (lower.startsWith("class:")) return byClass(s.substring("class:".length()).trim(), loader);
        List<AccuracyScorer> found = new ArrayList<>();
        ServiceLoader.load(AccuracyScorer.class, loader).forEach(found::add);
        for (AccuracyScorer a : found) {
            if (a.name() != null && a.name().equalsIgnoreCase(s)) return a;
        }
        TreeSet<String> known = new TreeSet<>(List.of("contains", "exact-match", "numeric"));
        found.forEach(a -> known.add(a.name()));
        throw new IllegalArgumentException("unknown accuracy scorer '" + s + "'; known: " + String.join(", ", known)
                + ", or class:<fully qualified class name>");
    }

    private static AccuracyScorer numericSpec(String spec) {
        double abs = DEFAULT_TOLERANCE, rel = DEFAULT_TOLERANCE;
        int colon = spec.indexOf(':');
        if (colon >= 0) {
            for (String part : COMMA.split(spec.substring(colon + 1), -1)) {
                String p = part.trim();
                if (p.isEmpty()) continue;
                int eq = p.indexOf('=');
                String key = eq < 0 ? p : p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                if (eq < 0 || !(key.equals("abs") || key.equals("rel"))) {
                    throw new IllegalArgumentException("numeric scorer option '" + p + "' must be abs=<number> or rel=<number>");
                }
                double v;
                try {
                    v = Double.parseDouble(p.substring(eq + 1).trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("numeric scorer option " + key + " must be a number, got '"
                            + p.substring(eq + 1).trim() + "'", e);
                }
                if (key.equals("abs")) abs = v;
                else rel = v;
            }
        }
        return numeric(abs, rel);
    }

    private static AccuracyScorer byClass(String className, ClassLoader loader) {
        Class<?> c;
        try {
            c = Class.forName(className, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("accuracy scorer class '" + className + "' was not found", e);
        }
        if (!AccuracyScorer.class.isAssignableFrom(c)) {
            throw new IllegalArgumentException("class '" + className + "' does not implement " + AccuracyScorer.class.getName());
        }
        try {
            return (AccuracyScorer) c.getConstructor().newInstance();
        } catch (NoSuchMethodException | IllegalAccessException | InstantiationException e) {
            throw new IllegalArgumentException("accuracy scorer class '" + className + "' needs a public no-argument constructor", e);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("accuracy scorer class '" + className + "' failed in its constructor: "
                    + e.getCause(), e.getCause());
        }
    }

    private static Double lastNumber(String text) {
        Matcher m = NUMBER.matcher(Normalizer.normalize(text, Normalizer.Form.NFKC));
        String last = null;
        while (m.find()) last = m.group();
        return last == null ? null : Double.valueOf(last.replace(",", ""));
    }

    private static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
