package io.benchsuite.core.analysis.decomposition;

/**
 * One server histogram's change over the measured window: the increase of its {@code _sum} (seconds) and of
 * its {@code _count}. Differences, not lifetime totals, so earlier runs on the same server do not leak in.
 *
 * @param sumSeconds increase of the histogram's sum, seconds, at least 0
 * @param count increase of its count, at least 0
 */
public record StageTotal(double sumSeconds, long count) {

    /**
     * Checks the deltas.
     *
     * @param sumSeconds increase of the sum
     * @param count increase of the count
     */
    public StageTotal {
        if (!(sumSeconds >= 0) || Double.isInfinite(sumSeconds)) {
            throw new IllegalArgumentException("a histogram's sum delta must be a finite number >= 0 s, got " + sumSeconds
                    + " (a server restart during the run resets its counters)");
        }
        if (count < 0) throw new IllegalArgumentException("a histogram's count delta must be >= 0, got " + count);
    }

    /**
     * The mean observation in milliseconds, NaN when nothing was observed.
     *
     * @return sum ÷ count × 1000
     */
    public double meanMs() {
        return count == 0 ? Double.NaN : sumSeconds / count * 1000;
    }
}
