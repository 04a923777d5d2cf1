package io.benchsuite.core.report;

import io.benchsuite.api.result.Gaps;
import io.benchsuite.core.report.model.ReportNumbers;
import java.util.Arrays;

/**
 * The text of recently written doubles, as {@link Double#toString(double)} writes them (the form
 * Jackson writes a double in): a direct-mapped cache keyed by the value's bits. The inter-token gaps
 * of concurrent requests repeat: every request in a batch gets the same gap from a step, and requests
 * that ran side by side finish close together, so one line's gaps were mostly formatted for a line
 * written just before. Formatting 18 M gaps of a simulated hour with {@code Double.toString} was a
 * seventh of the client's CPU samples; a miss here costs one {@code Double.toString} as before, so
 * the text is always exactly its text. Not thread-safe.
 */
final class MillisText {
    // 65,536 slots (0.75 MB of arrays, up to ~4 MB of texts): over the 18.5 M gaps of a simulated hour (20 req/s, 256 tokens each)
    // 98.9 % hit, where 16,384 slots hit 97.6 % (replayed over its requests.jsonl); a miss is a Double.toString
    private static final int BITS = 16;

    private final long[] keys = new long[1 << BITS];
    private final String[] texts = new String[1 << BITS];
    private char[] array = new char[4096];

    /** {@code Double.toString(v)}, from the cache when {@code v} was written recently. */
    String of(double v) {
        long bits = Double.doubleToRawLongBits(v);
        int slot = (int) ((bits * 0x9E3779B97F4A7C15L) >>> (64 - BITS));
        String t = texts[slot];
        if (t != null && keys[slot] == bits) return t;
        t = Double.toString(v);
        keys[slot] = bits;
        texts[slot] = t;
        return t;
    }

    /**
     * Writes gaps (nanoseconds) as a JSON array of milliseconds ({@code [12.5,13.0]}, each rounded as the report
     * rounds and written as {@link #of(double)}) into {@link #arrayText()}.
     *
     * @return the text's length
     */
    int array(Gaps gaps) {
        int n = 0;
        array[n++] = '[';
        for (int i = 0; i < gaps.size(); i++) {
            String t = of(ReportNumbers.round(gaps.get(i) / 1e6));
            if (n + t.length() + 2 > array.length) array = Arrays.copyOf(array, Math.max(array.length * 2, n + t.length() + 2));
            if (i > 0) array[n++] = ',';
            t.getChars(0, t.length(), array, n);
            n += t.length();
        }
        array[n++] = ']';
        return n;
    }

    /** The text of the last {@link #array(Gaps)} (its first {@code length} chars). */
    char[] arrayText() {
        return array;
    }
}
