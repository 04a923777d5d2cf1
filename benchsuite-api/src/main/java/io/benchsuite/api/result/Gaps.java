package io.benchsuite.api.result;

import java.util.Arrays;

/** An immutable sequence of inter-token gaps in nanoseconds. */
public final class Gaps {
    private static final Gaps EMPTY = new Gaps(new long[0]);
    private final long[] nanos;

    private Gaps(long[] nanos) {
        this.nanos = nanos;
    }

    /**
     * A copy of the given gaps.
     *
     * @param nanos durations in nanoseconds
     * @return a copy of the given gaps
     */
    public static Gaps of(long... nanos) {
        return nanos.length == 0 ? EMPTY : new Gaps(nanos.clone());
    }

    /**
     * The first {@code length} gaps of {@code nanos}, copied.
     *
     * @param nanos durations in nanoseconds
     * @param length how many of {@code nanos} to use
     * @return the first {@code length} gaps of {@code nanos}, copied
     */
    public static Gaps of(long[] nanos, int length) {
        return length == 0 ? EMPTY : new Gaps(Arrays.copyOf(nanos, length));
    }

    /**
     * No gaps.
     *
     * @return no gaps
     */
    public static Gaps empty() {
        return EMPTY;
    }

    /**
     * Number of gaps.
     *
     * @return how many gaps there are
     */
    public int size() {
        return nanos.length;
    }

    /**
     * Gap {@code i} in nanoseconds.
     *
     * @param i the position of the gap (0-based)
     * @return gap {@code i} in nanoseconds
     */
    public long get(int i) {
        return nanos[i];
    }

    /**
     * A copy as an array.
     *
     * @return a copy as an array
     */
    public long[] toArray() {
        return nanos.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Gaps g && Arrays.equals(g.nanos, nanos);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(nanos);
    }

    @Override
    public String toString() {
        return "Gaps" + Arrays.toString(nanos);
    }
}
