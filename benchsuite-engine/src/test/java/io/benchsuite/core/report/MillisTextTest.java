package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.core.report.model.ReportNumbers;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The cached text is always {@code Double.toString}'s, through hits, misses and slots overwritten. */
class MillisTextTest {
    @Test
    void everyValueReadsAsDoubleToStringWritesIt() {
        MillisText text = new MillisText();
        SplittableRandom random = new SplittableRandom(7);
        long[] recent = new long[512];
        for (int i = 0; i < 300_000; i++) {
            // half repeats of recent gaps (hits), half new ones (misses that overwrite slots)
            long nanos = random.nextBoolean() ? recent[random.nextInt(recent.length)] : random.nextLong(200_000_000L);
            recent[i % recent.length] = nanos;
            double ms = ReportNumbers.round(nanos / 1e6);
            assertThat(text.of(ms)).isEqualTo(Double.toString(ms));
        }
        for (double v : new double[] {0.0, -0.0, 1e-7, 1e21, 7.07037, 18.002225, Double.MIN_VALUE}) {
            assertThat(text.of(v)).isEqualTo(Double.toString(v));
            assertThat(text.of(v)).isEqualTo(Double.toString(v));
        }
    }
}
