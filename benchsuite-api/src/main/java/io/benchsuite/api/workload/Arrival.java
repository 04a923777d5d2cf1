package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.positiveFinite;

import java.util.Locale;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * How open-loop requests are spaced in time. Gaps are drawn in <em>operational time</em>, where the
 * mean gap is 1; the engine maps operational time onto wall time through the {@link RateProfile}, so
 * the same arrival process works for steady, ramping and bursty rates (time-rescaling).
 */
public sealed interface Arrival {

    /**
     * A gap with mean 1 in operational time.
     *
     * @param random the source of randomness
     * @return a gap with mean 1 in operational time
     */
    double nextUnitGap(RandomGenerator random);

    /**
     * The coefficient of variation of the gaps (0 for constant, 1 for Poisson).
     *
     * @return the coefficient of variation of the gaps (0 for constant, 1 for Poisson)
     */
    double coefficientOfVariation();

    /**
     * Canonical text form, accepted by {@link #parse}.
     *
     * @return canonical text form, accepted by {@link #parse}
     */
    String describe();

    /**
     * Evenly spaced requests.
     *
     * @return evenly spaced requests
     */
    static Arrival constant() {
        return Constant.INSTANCE;
    }

    /**
     * Exponential gaps (a Poisson process): CV = 1.
     *
     * @return exponential gaps (a Poisson process): CV = 1
     */
    static Arrival poisson() {
        return Poisson.INSTANCE;
    }

    /**
     * Gamma-distributed gaps with shape {@code burstiness}: 1 is Poisson, below 1 is burstier
     * (CV = 1/sqrt(burstiness)), above 1 is more regular.
     *
     * @param burstiness the gamma shape: 1 is Poisson, below 1 burstier, above 1 more regular
     * @return gamma-distributed gaps with shape {@code burstiness}: 1 is Poisson, below 1 is burstier (CV = 1/sqrt(burstiness)), above 1 is more regular
     */
    static Arrival gamma(double burstiness) {
        return new Gamma(burstiness);
    }

    /**
     * Parses {@code constant}, {@code poisson}, {@code gamma:0.5} (the burstiness).
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     * @param text the text to parse
     * @return the value parsed from {@code constant}, {@code poisson}, {@code gamma:0.5} (the burstiness)
     */
    static Arrival parse(String text) {
        Objects.requireNonNull(text, "arrival text");
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.equals("constant")) return constant();
        if (s.equals("poisson")) return poisson();
        if (s.startsWith("gamma:")) {
            try {
                return gamma(Double.parseDouble(s.substring(6)));
            } catch (NumberFormatException e) {
                // message below
            }
        }
        throw new IllegalArgumentException(
                "expected an arrival process: constant, poisson or gamma:<burstiness> (e.g. gamma:0.5), got '" + text + "'");
    }

    /** Evenly spaced. */
    enum Constant implements Arrival {
        /** The only instance. */
        INSTANCE;

        @Override public double nextUnitGap(RandomGenerator random) { return 1.0; }
        @Override public double coefficientOfVariation() { return 0; }
        @Override public String describe() { return "constant"; }
    }

    /** Exponential gaps. */
    enum Poisson implements Arrival {
        /** The only instance. */
        INSTANCE;

        @Override
        public double nextUnitGap(RandomGenerator random) {
            // 1 - u is in (0, 1], so the log is finite.
            return -Math.log(1.0 - random.nextDouble());
        }

        @Override public double coefficientOfVariation() { return 1; }
        @Override public String describe() { return "poisson"; }
    }

    /** Gamma gaps with shape {@code burstiness} and mean 1. */
    record Gamma(double burstiness) implements Arrival {
        /**
         * Checks that the shape is a finite number above 0.
         *
         * @param burstiness the gamma shape: 1 is Poisson, below 1 burstier, above 1 more regular
         */
        public Gamma {
            positiveFinite(burstiness, "burstiness");
        }

        @Override
        public double nextUnitGap(RandomGenerator random) {
            return sampleGamma(burstiness, random) / burstiness;
        }

        @Override public double coefficientOfVariation() { return 1 / Math.sqrt(burstiness); }
        @Override public String describe() { return "gamma:" + burstiness; }

        /** Marsaglia and Tsang (2000), with the shape &lt; 1 boost; unit scale. */
        private static double sampleGamma(double shape, RandomGenerator random) {
            if (shape < 1) {
                double u = 1.0 - random.nextDouble();
                return sampleGamma(shape + 1, random) * Math.pow(u, 1 / shape);
            }
            double d = shape - 1.0 / 3;
            double c = 1 / Math.sqrt(9 * d);
            while (true) {
                double x = random.nextGaussian();
                double v = 1 + c * x;
                if (v <= 0) continue;
                v = v * v * v;
                double u = 1.0 - random.nextDouble();
                if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) {
                    return d * v;
                }
            }
        }
    }
}
