package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.result.Gaps;
import io.benchsuite.core.report.model.ReportNumbers;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A gap's text is always what {@code Double.toString} writes for the milliseconds the report stores. */
class MillisTextTest {
    private static String expected(long nanos) {
        return Double.toString(ReportNumbers.round(nanos / 1e6));
    }

    @Test
    void everyGapReadsAsDoubleToStringWritesIt() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1_000_000; i++) {
            // every magnitude from 1 ns to beyond 10^7 ms, and round values whose trailing zeros are dropped
            long nanos = (long) Math.pow(10, random.nextDouble(0, 14.5));
            if (i % 3 == 0) nanos -= nanos % (long) Math.pow(10, random.nextInt(0, 7));
            assertThat(MillisText.of(nanos)).as("%d ns", nanos).isEqualTo(expected(nanos));
        }
        long[] edges = {0, 1, 999, 1_000, 1_001, 10_000, 100_000, 999_999, 1_000_000, 1_000_001, 12_500_000, 13_000_000,
            9_999_999_999_999L, 10_000_000_000_000L, 123_456_789_012_345L, Long.MAX_VALUE, -1, -1_500_000};
        for (long nanos : edges) assertThat(MillisText.of(nanos)).as("%d ns", nanos).isEqualTo(expected(nanos));
    }

    @Test
    void anArrayIsTheGapsJoinedByCommasInBrackets() {
        MillisText text = new MillisText();
        long[] gaps = new long[3000];
        for (int i = 0; i < gaps.length; i++) gaps[i] = 12_345_678L + i * 1_000L;
        int length = text.array(Gaps.of(gaps));
        StringBuilder want = new StringBuilder("[");
        for (int i = 0; i < gaps.length; i++) want.append(i > 0 ? "," : "").append(expected(gaps[i]));
        assertThat(new String(text.arrayText(), 0, length)).isEqualTo(want.append(']').toString());
        assertThat(new String(text.arrayText(), 0, text.array(Gaps.empty()))).isEqualTo("[]");
        assertThat(new String(text.arrayText(), 0, text.array(Gaps.of(new long[] {500, 2_000_000})))).isEqualTo("[5.0E-4,2.0]");
    }
}
