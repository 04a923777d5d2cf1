package io.benchsuite.core.report;

import io.benchsuite.api.result.Gaps;
import io.benchsuite.core.report.model.ReportNumbers;
import java.util.Arrays;

/**
 * The text of inter-token gaps in milliseconds, exactly as {@link Double#toString(double)} writes the value
 * {@code report.json} stores ({@link ReportNumbers#round} of nanoseconds / 10^6, the form Jackson writes a double
 * in), written straight from the nanoseconds. A gap of 1 µs up to 10^7 ms has six decimals at most and fewer than
 * 14 significant digits, so the nearest double to {@code ns / 10^6} prints as that decimal: its integer
 * milliseconds, a point, and its nanoseconds' digits without trailing zeros (at least one). Formatting the 18 M
 * gaps of a simulated hour with {@code Double.toString} (behind a cache of recent texts) was most of the request
 * log's thread; any other gap (below 1 µs, which {@code Double.toString} writes with an exponent, or larger) still
 * goes through it. Not thread-safe.
 */
final class MillisText {
    /** The smallest and the first too large gap written from its digits: 1 µs (0.001 ms) and 10^7 ms. */
    private static final long FROM_NANOS = 1_000, BELOW_NANOS = 10_000_000_000_000L;

    private char[] array;
    private int length;

    MillisText() {
        this(4096);
    }

    private MillisText(int capacity) {
        array = new char[capacity];
    }

    /** {@code Double.toString} of a gap's milliseconds as the report rounds them (one gap's text, for tests). */
    static String of(long nanos) {
        MillisText t = new MillisText(32);
        t.append(nanos);
        return new String(t.array, 0, t.length);
    }

    /**
     * Writes gaps (nanoseconds) as a JSON array of milliseconds ({@code [12.5,13.0]}) into {@link #arrayText()}.
     *
     * @return the text's length
     */
    int array(Gaps gaps) {
        length = 0;
        room(2);
        array[length++] = '[';
        for (int i = 0; i < gaps.size(); i++) {
            if (i > 0) {
                room(1);
                array[length++] = ',';
            }
            append(gaps.get(i));
        }
        room(1);
        array[length++] = ']';
        return length;
    }

    /** The text of the last {@link #array(Gaps)} (its first {@code length} chars). */
    char[] arrayText() {
        return array;
    }

    private void append(long nanos) {
        if (nanos < FROM_NANOS || nanos >= BELOW_NANOS) {
            String t = Double.toString(ReportNumbers.round(nanos / 1e6));
            room(t.length());
            t.getChars(0, t.length(), array, length);
            length += t.length();
            return;
        }
        room(21);
        long millis = nanos / 1_000_000;
        int fraction = (int) (nanos - millis * 1_000_000);
        length = digits(millis, length);
        array[length++] = '.';
        if (fraction == 0) {
            array[length++] = '0';
            return;
        }
        // six digits as three pairs, then the trailing zeros dropped (there is a non-zero digit)
        pair(fraction / 10_000, length);
        pair(fraction / 100 % 100, length + 2);
        pair(fraction % 100, length + 4);
        length += 6;
        while (array[length - 1] == '0') length--;
    }

    private void pair(int v, int at) {
        array[at] = (char) ('0' + v / 10);
        array[at + 1] = (char) ('0' + v % 10);
    }

    /** Writes {@code v} (0 or more) at {@code at}; returns the position after it. */
    private int digits(long v, int at) {
        if (v < 10) {
            array[at] = (char) ('0' + v);
            return at + 1;
        }
        if (v < 100) {
            pair((int) v, at);
            return at + 2;
        }
        int n = 3;
        for (long x = v; x >= 1000; x /= 10) n++;
        for (int i = at + n - 1; i >= at; i--) {
            array[i] = (char) ('0' + v % 10);
            v /= 10;
        }
        return at + n;
    }

    private void room(int more) {
        if (length + more > array.length) array = Arrays.copyOf(array, Math.max(array.length * 2, length + more));
    }
}
