package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNegativeFinite;
import static io.benchsuite.api.util.Checks.positive;
import static io.benchsuite.api.util.Checks.positiveFinite;

import io.benchsuite.api.util.RecordText;
import io.benchsuite.api.util.TextParts;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A distribution of token counts (prompt or output length). Samples are always within
 * {@code [min(), max()]} and at least 1.
 *
 * <p>Create with the factories ({@link #fixed}, {@link #uniform}, {@link #normal}, {@link #logNormal},
 * {@link #empirical}) or parse the CLI form with {@link #parse}.
 */
public sealed interface LengthDistribution {
    /**
     * The most tokens one request's prompt or output may have: 2,000,000, above the largest context
     * windows served today (2M tokens); such a prompt is about 14 MB of text. Every length from a flag, a
     * dataset or a trace is checked against it before a prompt is built, so a wrong value (two billion)
     * is refused with its place instead of filling the heap.
     */
    int MAX_TOKENS = 2_000_000;

    /**
     * The message for a token count over {@link #MAX_TOKENS}.
     *
     * @param what what the count is, e.g. {@code "\"input_length\""}
     * @param value the count
     * @return e.g. {@code "input_length" 2000000000 is over 2000000, the most tokens one request may have}
     */
    static String overMaxTokens(String what, long value) {
        return what + " " + value + " is over " + MAX_TOKENS + ", the most tokens one request may have";
    }

    /**
     * Draws one length using the given generator (the caller owns the seed).
     *
     * @param random the source of randomness
     * @return draws one length using the given generator (the caller owns the seed)
     */
    int sample(RandomGenerator random);

    /**
     * Smallest value this distribution can return.
     *
     * @return smallest value this distribution can return
     */
    int min();

    /**
     * Largest value this distribution can return.
     *
     * @return largest value this distribution can return
     */
    int max();

    /**
     * Canonical text form, accepted by {@link #parse}.
     *
     * @return canonical text form, accepted by {@link #parse}
     */
    String describe();

    /**
     * Always {@code tokens}.
     *
     * @param tokens the length in tokens
     * @return always {@code tokens}
     */
    static LengthDistribution fixed(int tokens) {
        return new Fixed(tokens);
    }

    /**
     * Uniform over the integers {@code [min, max]}.
     *
     * @param min the shortest length in tokens
     * @param max the longest length in tokens
     * @return uniform over the integers {@code [min, max]}
     */
    static LengthDistribution uniform(int min, int max) {
        return new Uniform(min, max);
    }

    /**
     * Normal with the given mean and standard deviation, clipped to {@code [min, max]}.
     *
     * @param mean the mean length in tokens
     * @param stddev the standard deviation in tokens
     * @param min the shortest length in tokens
     * @param max the longest length in tokens
     * @return normal with the given mean and standard deviation, clipped to {@code [min, max]}
     */
    static LengthDistribution normal(double mean, double stddev, int min, int max) {
        return new Normal(mean, stddev, min, max);
    }

    /**
     * Log-normal with the given arithmetic mean and shape {@code sigma} (the standard deviation of
     * the log), clipped to {@code [min, max]}. Real prompt lengths are close to log-normal.
     *
     * @param mean the arithmetic mean length in tokens
     * @param sigma the standard deviation of the logarithm of the length
     * @param min the shortest length in tokens
     * @param max the longest length in tokens
     * @return log-normal with the given arithmetic mean and shape {@code sigma} (the standard deviation of the log), clipped to {@code [min, max]}
     */
    static LengthDistribution logNormal(double mean, double sigma, int min, int max) {
        return new LogNormal(mean, sigma, min, max);
    }

    /**
     * The lengths recorded in a file, each drawn with the probability of its share of the file: a
     * dataset's or trace's real distribution, sampled exactly (a seeded generator picks a uniform
     * position among all the values). The file is read by benchsuite-workloads
     * ({@code io.benchsuite.core.workload.LengthDistributions.parse("empirical:FILE#field")}), which
     * keeps only the count of each distinct value.
     *
     * @param source the file (and field) the lengths came from, as {@code FILE} or {@code FILE#field}
     * @param counts how many times each length occurs, every length from 1 to {@link #MAX_TOKENS}
     * @return the empirical distribution
     * @throws IllegalArgumentException when there is no length, or one is out of range
     */
    static LengthDistribution empirical(String source, Map<Integer, Long> counts) {
        Objects.requireNonNull(source, "source must not be null");
        Objects.requireNonNull(counts, "counts must not be null");
        if (counts.isEmpty()) throw new IllegalArgumentException("'" + source + "' holds no lengths");
        counts.forEach((v, n) -> {
            if (v < 1 || v > MAX_TOKENS || n < 1) {
                throw new IllegalArgumentException("'" + source + "': length " + v + " (counted " + n + " times) is not "
                        + "from 1 to " + MAX_TOKENS);
            }
        });
        return new Empirical(source, counts);
    }

    /**
     * Parses {@code 512}, {@code fixed:512}, {@code uniform:100-500}, {@code normal:512,64},
     * {@code normal:512,64,16-2048}, {@code lognormal:550,0.6} or {@code lognormal:550,0.6,16-4096}.
     * Without bounds, normal and log-normal are clipped to {@code [1, 1048576]}. {@code empirical:FILE}
     * and {@code empirical:FILE#field} name a file, which benchsuite-workloads reads
     * ({@code io.benchsuite.core.workload.LengthDistributions.parse}); here they are refused.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     * @param text the text to parse
     * @return the value parsed from {@code 512}, {@code fixed:512}, {@code uniform:100-500}, {@code normal:512,64}, {@code normal:512,64,16-2048}, {@code lognormal:550,0.6} or {@code lognormal:550,0.6,16-4096}
     */
    static LengthDistribution parse(String text) {
        Objects.requireNonNull(text, "length distribution text");
        String s = text.trim().toLowerCase(Locale.ROOT);
        String forms = "expected a length distribution such as 512, uniform:100-500, "
                + "normal:512,64[,min-max], lognormal:550,0.6[,min-max] or empirical:FILE[#field], got '" + text + "'";
        if (s.startsWith("empirical:")) {
            throw new IllegalArgumentException(forms + ": empirical:FILE is a file to read; "
                    + "io.benchsuite.core.workload.LengthDistributions.parse reads it");
        }
        int colon = s.indexOf(':');
        String kind = colon < 0 ? "fixed" : s.substring(0, colon);
        String body = colon < 0 ? s : s.substring(colon + 1);
        try {
            switch (kind) {
                case "fixed":
                    return fixed(TextParts.wholeNumber(body, "the length in tokens"));
                case "uniform": {
                    int[] r = range(body);
                    return uniform(r[0], r[1]);
                }
                case "normal":
                case "lognormal": {
                    String[] args = body.split(",", -1);
                    if (args.length != 2 && args.length != 3) {
                        throw new IllegalArgumentException("expected mean,stddev[,min-max], got '" + body + "'");
                    }
                    int[] r = args.length > 2 ? range(args[2]) : new int[] {1, 1 << 20};
                    double mean = TextParts.number(args[0], "the mean");
                    double spread = TextParts.number(args[1], kind.equals("normal") ? "the standard deviation" : "sigma");
                    return kind.equals("normal") ? normal(mean, spread, r[0], r[1]) : logNormal(mean, spread, r[0], r[1]);
                }
                default:
                    break;
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(forms + ": " + e.getMessage(), e);
        }
        throw new IllegalArgumentException(forms);
    }

    private static int[] range(String text) {
        String[] parts = TextParts.split(text, "-", 2, "min-max");
        return new int[] {TextParts.wholeNumber(parts[0], "the minimum"), TextParts.wholeNumber(parts[1], "the maximum")};
    }

    private static void checkBounds(int min, int max) {
        positive(min, "min");
        if (max < min) throw new IllegalArgumentException("max must be >= min, got min=" + min + " max=" + max);
        if (max > MAX_TOKENS) throw new IllegalArgumentException(overMaxTokens("max", max));
    }

    /** A constant length. */
    record Fixed(int tokens) implements LengthDistribution {
        /**
         * Checks that the length is positive and at most {@link #MAX_TOKENS}.
         *
         * @param tokens the length in tokens
         */
        public Fixed {
            positive(tokens, "tokens");
            if (tokens > MAX_TOKENS) throw new IllegalArgumentException(overMaxTokens("tokens", tokens));
        }

        @Override public int sample(RandomGenerator random) { return tokens; }
        @Override public int min() { return tokens; }
        @Override public int max() { return tokens; }
        @Override public String describe() { return "fixed:" + tokens; }
        @Override public final String toString() { return RecordText.of(this); }
    }

    /** Uniform over integers in {@code [min, max]}. */
    record Uniform(int min, int max) implements LengthDistribution {
        /**
         * Checks the bounds.
         *
         * @param min the shortest length in tokens
         * @param max the longest length in tokens
         */
        public Uniform {
            checkBounds(min, max);
        }

        @Override public int sample(RandomGenerator random) { return min + random.nextInt(max - min + 1); }
        @Override public String describe() { return "uniform:" + min + "-" + max; }
        @Override public final String toString() { return RecordText.of(this); }
    }

    /** Normal, clipped. */
    record Normal(double mean, double stddev, int min, int max) implements LengthDistribution {
        /**
         * Checks the parameters and bounds.
         *
         * @param mean the mean length in tokens
         * @param stddev the standard deviation in tokens
         * @param min the shortest length in tokens
         * @param max the longest length in tokens
         */
        public Normal {
            positiveFinite(mean, "mean");
            notNegativeFinite(stddev, "stddev");
            checkBounds(min, max);
        }

        @Override
        public int sample(RandomGenerator random) {
            long v = Math.round(mean + stddev * random.nextGaussian());
            return (int) Math.max(min, Math.min(max, v));
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "normal:%s,%s,%d-%d", num(mean), num(stddev), min, max);
        }

        @Override
        public final String toString() {
            return RecordText.of(this);
        }
    }

    /** Log-normal with arithmetic mean {@code mean} and log-space standard deviation {@code sigma}, clipped. */
    record LogNormal(double mean, double sigma, int min, int max) implements LengthDistribution {
        /**
         * Checks the parameters and bounds.
         *
         * @param mean the mean length in tokens
         * @param sigma the standard deviation of the logarithm of the length
         * @param min the shortest length in tokens
         * @param max the longest length in tokens
         */
        public LogNormal {
            positiveFinite(mean, "mean");
            notNegativeFinite(sigma, "sigma");
            checkBounds(min, max);
        }

        @Override
        public int sample(RandomGenerator random) {
            double mu = Math.log(mean) - sigma * sigma / 2;
            long v = Math.round(Math.exp(mu + sigma * random.nextGaussian()));
            return (int) Math.max(min, Math.min(max, v));
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "lognormal:%s,%s,%d-%d", num(mean), num(sigma), min, max);
        }

        @Override
        public final String toString() {
            return RecordText.of(this);
        }
    }

    /**
     * The lengths recorded in a file ({@link #empirical(String, Map)}), sampled exactly: every recorded value is
     * drawn with probability (its count) / (all values).
     */
    final class Empirical implements LengthDistribution {
        private final String source;
        private final int[] values;
        private final long[] cumulative;

        Empirical(String source, Map<Integer, Long> counts) {
            this.source = source;
            this.values = new int[counts.size()];
            this.cumulative = new long[counts.size()];
            long total = 0;
            int i = 0;
            for (Map.Entry<Integer, Long> e : counts.entrySet()) {
                values[i] = e.getKey();
                total += e.getValue();
                cumulative[i++] = total;
            }
        }

        /**
         * How many values the file held (0 excluded).
         *
         * @return the number of values
         */
        public long size() {
            return cumulative[cumulative.length - 1];
        }

        /**
         * The mean of the recorded values.
         *
         * @return the mean length in tokens
         */
        public double mean() {
            double sum = 0;
            long previous = 0;
            for (int i = 0; i < values.length; i++) {
                sum += (double) values[i] * (cumulative[i] - previous);
                previous = cumulative[i];
            }
            return sum / size();
        }

        @Override
        public int sample(RandomGenerator random) {
            long u = random.nextLong(size());
            int lo = 0;
            int hi = values.length - 1;
            while (lo < hi) { // the first value whose cumulative count exceeds u
                int mid = (lo + hi) >>> 1;
                if (cumulative[mid] > u) hi = mid;
                else lo = mid + 1;
            }
            return values[lo];
        }

        @Override public int min() { return values[0]; }
        @Override public int max() { return values[values.length - 1]; }
        @Override public String describe() { return "empirical:" + source; }

        @Override
        public boolean equals(Object o) {
            return o instanceof Empirical e && e.source.equals(source) && Arrays.equals(e.values, values)
                    && Arrays.equals(e.cumulative, cumulative);
        }

        @Override
        public int hashCode() {
            return 31 * source.hashCode() + Arrays.hashCode(cumulative);
        }

        @Override
        public String toString() {
            return "Empirical[" + source + ", " + size() + " values, " + values.length + " distinct]";
        }
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
