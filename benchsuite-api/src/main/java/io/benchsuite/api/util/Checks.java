package io.benchsuite.api.util;

import java.time.Duration;
import java.util.Objects;

/** Argument checks whose messages name the bad argument. Used by every builder. */
public final class Checks {
    private Checks() {}

    public static <T> T notNull(T value, String name) {
        return Objects.requireNonNull(value, () -> name + " must not be null");
    }

    public static int positive(int value, String name) {
        if (value <= 0) throw new IllegalArgumentException(name + " must be > 0, got " + value);
        return value;
    }

    public static long positive(long value, String name) {
        if (value <= 0) throw new IllegalArgumentException(name + " must be > 0, got " + value);
        return value;
    }

    public static int notNegative(int value, String name) {
        if (value < 0) throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        return value;
    }

    public static double positiveFinite(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number > 0, got " + value);
        }
        return value;
    }

    public static double notNegativeFinite(double value, String name) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
        return value;
    }

    public static Duration positive(Duration value, String name) {
        notNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0, got " + Durations.format(value));
        }
        return value;
    }

    public static Duration notNegative(Duration value, String name) {
        notNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, got " + value);
        }
        return value;
    }
}
