package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.util.Durations;
import io.benchsuite.api.util.RecordText;
import java.time.Duration;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * The pause between a session's answer and its next turn: fixed, uniform between two durations, or
 * exponential with a mean (a user who reads for a while, then types). Drawn from a generator the
 * engine seeds from the scenario seed, the session and the turn, so the same seed gives the same
 * pauses.
 *
 * @param kind the distribution
 * @param first the fixed pause, the uniform minimum, or the exponential mean
 * @param second the uniform maximum; equal to {@code first} otherwise
 */
public record ThinkTime(Kind kind, Duration first, Duration second) {
    /** The distribution of a think time. */
    public enum Kind {
        /** Always {@code first}. */
        FIXED,
        /** Uniform between {@code first} and {@code second}. */
        UNIFORM,
        /** Exponential with mean {@code first}. */
        EXPONENTIAL
    }

    /** No pause. */
    public static final ThinkTime NONE = fixed(Duration.ZERO);

    /**
     * Checks the values.
     *
     * @param kind the distribution
     * @param first the fixed pause, the uniform minimum, or the exponential mean; not negative
     * @param second the uniform maximum, at least {@code first}
     */
    public ThinkTime {
        notNull(kind, "kind");
        notNegative(first, "first");
        notNegative(second, "second");
        if (second.compareTo(first) < 0) {
            throw new IllegalArgumentException("think time maximum " + Durations.format(second) + " is below its minimum "
                    + Durations.format(first));
        }
    }

    /**
     * A fixed pause.
     *
     * @param pause the pause
     * @return the think time
     */
    public static ThinkTime fixed(Duration pause) {
        return new ThinkTime(Kind.FIXED, pause, pause);
    }

    /**
     * Parses {@code 2s} or {@code fixed:2s}, {@code uniform:1s-5s}, {@code exponential:3s} (or {@code exp:3s}).
     *
     * @param text the text
     * @return the think time
     * @throws IllegalArgumentException naming what is wrong
     */
    public static ThinkTime parse(String text) {
        notNull(text, "think time");
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.startsWith("uniform:")) {
                String range = t.substring("uniform:".length());
                int dash = range.indexOf('-');
                if (dash <= 0) throw new IllegalArgumentException("expected uniform:<min>-<max>, e.g. uniform:1s-5s");
                return new ThinkTime(Kind.UNIFORM, Durations.parse(range.substring(0, dash)),
                        Durations.parse(range.substring(dash + 1)));
            }
            if (t.startsWith("exponential:") || t.startsWith("exp:")) {
                Duration mean = Durations.parse(t.substring(t.indexOf(':') + 1));
                return new ThinkTime(Kind.EXPONENTIAL, mean, mean);
            }
            return fixed(Durations.parse(t.startsWith("fixed:") ? t.substring("fixed:".length()) : t));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("expected a think time as <duration>, uniform:<min>-<max> or exponential:<mean> "
                    + "(e.g. 2s, uniform:1s-5s, exponential:3s), got '" + text.trim() + "': " + e.getMessage(), e);
        }
    }

    /**
     * Draws a pause.
     *
     * @param random the generator
     * @return the pause in nanoseconds
     */
    public long sampleNanos(RandomGenerator random) {
        long a = first.toNanos();
        return switch (kind) {
            case FIXED -> a;
            case UNIFORM -> second.toNanos() == a ? a : a + (long) (random.nextDouble() * (second.toNanos() - a));
            case EXPONENTIAL -> a == 0 ? 0 : (long) (-Math.log(1 - random.nextDouble()) * a);
        };
    }

    /**
     * The canonical text form, e.g. {@code 2s}, {@code uniform:1s-5s}, {@code exponential:3s}.
     *
     * @return the description
     */
    public String describe() {
        return switch (kind) {
            case FIXED -> Durations.format(first);
            case UNIFORM -> "uniform:" + Durations.format(first) + "-" + Durations.format(second);
            case EXPONENTIAL -> "exponential:" + Durations.format(first);
        };
    }

    /** The record's own text (part of a virtual run's identity), without the JDK's bootstrap of it. */
    @Override
    public final String toString() {
        return RecordText.of(this);
    }
}
