package io.benchsuite.api.util;

import java.time.Duration;
import java.util.Objects;

/** Argument checks whose messages name the bad argument. Used by every builder. */
public final class Checks {
    private Checks() {}

    /**
     * Fails with a {@link NullPointerException} naming the argument when it is null.
     *
     * @param <T> the value's type
     * @param value the value to check
     * @param name the argument's name, used in the message
     * @return {@code value}
     */
    public static <T> T notNull(T value, String name) {
        return Objects.requireNonNull(value, () -> name + " must not be null");
    }

    /**
     * Fails with an {@link IllegalArgumentException} naming the argument unless it is above 0.
     *
     * @param value the value to check
     * @param name the argument's name, used in the message
     * @return {@code value}
     */
    public static int positive(int value, String name) {
        if (value <= 0) throw new IllegalArgumentException(name + " must be > 0, got " + value);
        return value;
    }

    /**
     * Fails with an {@link IllegalArgumentException} naming the argument unless it is above 0.
     *
     * @param value the value to check
     * @param name the argument's name, used in the message
     * @return {@code value}
     */
    public static long positive(long value, String name) {
        if (value <= 0) throw new IllegalArgumentException(name + " must be > 0, got " + value);
        return value;
    }

    /**
     * Fails with an {@link IllegalArgumentException} naming the argument when it is below 0.
     *
     * @param value the value to check
     * @param name the argument's name, used in the message
     * @return {@code value}
     */
    public static int notNegative(int value, String name) {
        if (value < 0) throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        return value;
    }

    /**
     * Fails with an {@link IllegalArgumentException} naming the argument unless it is a finite number above 0.
     *
     * @param value the value to check
     * @param name the argument's name, used in the message
     * @return {@code value}
     */
    public static double positiveFinite(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number > 0, got " + value);
        }
        return value;
    }

    /**
     * Fails with an {@link IllegalArgumentException} naming the argument unless it is a finite number of at least 0.
     *
     * @param value the value to check
     * @param name the argument's name, used in the message
     * @return {@code value}
     */
    public static double notNegativeFinite(double value, String name) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
        return value;
    }

    /**
     * Fails naming the argument when it is null ({@link NullPointerException}) or not longer than zero ({@link IllegalArgumentException}).
     *
     * @param value the value to check
     * @param name the argument's name, used in the message
     * @return {@code value}
     */
    public static Duration positive(Duration value, String name) {
        notNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0, got " + Durations.format(value));
        }
        return value;
    }

    /**
     * Fails naming the argument when it is null ({@link NullPointerException}) or negative ({@link IllegalArgumentException}).
     *
     * @param value the value to check
     * @param name the argument's name, used in the message
     * @return {@code value}
     */
    public static Duration notNegative(Duration value, String name) {
        notNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, got " + value);
        }
        return value;
    }
}
