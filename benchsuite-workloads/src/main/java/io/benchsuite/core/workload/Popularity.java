package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.positive;
import static io.benchsuite.api.util.Checks.positiveFinite;

import io.benchsuite.api.util.TextParts;
import java.util.Locale;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * How often each shared-prefix group is chosen: all alike, or Zipf (group {@code k}, counted from 1,
 * with weight {@code 1/k^s}: a few hot prefixes and a long tail, as in real chat and RAG traffic).
 */
public sealed interface Popularity {

    /**
     * A sampler over {@code groups} groups; build once per cursor (Zipf keeps a table of {@code groups} doubles).
     *
     * @param groups how many groups
     * @return a sampler returning group numbers from 0
     */
    Sampler sampler(int groups);

    /**
     * Canonical text form, accepted by {@link #parse}.
     *
     * @return {@code uniform} or {@code zipf:<s>}
     */
    String describe();

    /** Draws group numbers. */
    @FunctionalInterface
    interface Sampler {
        /**
         * A group number in {@code [0, groups)}.
         *
         * @param random the request's generator
         * @return the group number
         */
        int pick(RandomGenerator random);
    }

    /**
     * Every group equally likely.
     *
     * @return uniform popularity
     */
    static Popularity uniform() {
        return Uniform.INSTANCE;
    }

    /**
     * Zipf with exponent {@code s}: group {@code k} (from 1) has weight {@code 1/k^s}.
     *
     * @param s the exponent, above 0 (1 is classic Zipf)
     * @return Zipf popularity
     */
    static Popularity zipf(double s) {
        return new Zipf(s);
    }

    /**
     * Parses {@code uniform}, {@code zipf} (exponent 1) or {@code zipf:1.2}.
     *
     * @param text the text
     * @return the popularity
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static Popularity parse(String text) {
        Objects.requireNonNull(text, "popularity text");
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.equals("uniform")) return uniform();
        if (s.equals("zipf")) return zipf(1);
        String arg = TextParts.after(s, "zipf");
        if (arg != null) {
            try {
                return zipf(TextParts.number(arg, "the Zipf exponent"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("expected a group popularity: uniform, zipf or zipf:<exponent> "
                        + "(e.g. zipf:1.1), got '" + text + "': " + e.getMessage(), e);
            }
        }
        throw new IllegalArgumentException("expected a group popularity: uniform, zipf or zipf:<exponent> (e.g. zipf:1.1), got '"
                + text + "'");
    }

    /** Every group equally likely. */
    enum Uniform implements Popularity {
        /** The only instance. */
        INSTANCE;

        @Override
        public Sampler sampler(int groups) {
            positive(groups, "groups");
            return random -> random.nextInt(groups);
        }

        @Override
        public String describe() {
            return "uniform";
        }
    }

    /**
     * Zipf over the groups, sampled exactly by inverting the cumulative weights.
     *
     * @param s the exponent, above 0
     */
    record Zipf(double s) implements Popularity {
        /**
         * Checks the exponent.
         *
         * @param s the exponent, above 0
         */
        public Zipf {
            positiveFinite(s, "s");
        }

        @Override
        public Sampler sampler(int groups) {
            positive(groups, "groups");
            double[] cumulative = new double[groups];
            double sum = 0;
            for (int k = 0; k < groups; k++) {
                sum += 1 / Math.pow(k + 1, s);
                cumulative[k] = sum;
            }
            double total = sum;
            return random -> {
                double u = random.nextDouble() * total;
                int lo = 0;
                int hi = groups - 1;
                while (lo < hi) { // the first k with cumulative[k] > u
                    int mid = (lo + hi) >>> 1;
                    if (cumulative[mid] > u) hi = mid;
                    else lo = mid + 1;
                }
                return lo;
            };
        }

        @Override
        public String describe() {
            return "zipf:" + (s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s));
        }
    }
}
