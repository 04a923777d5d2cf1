package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ServerMetricsTest {

    @Test
    void wholeNumbersPrintAsTheFormatterPrintsThemAndOthersAsJavaDoes() {
        double[] whole = {0.0, -0.0, 1.0, -1.0, 7.0, 42.0, -123456.0, 1e9, 999_999_999_999_999.0, -999_999_999_999_999.0};
        for (double v : whole) {
            assertThat(ServerMetrics.number(v)).as("%s", v).isEqualTo(String.format(Locale.ROOT, "%.1f", v));
        }
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            double v = Math.rint(random.nextDouble(-1e15, 1e15));
            assertThat(ServerMetrics.number(v)).as("%s", v).isEqualTo(String.format(Locale.ROOT, "%.1f", v));
        }
        assertThat(ServerMetrics.number(0.25)).isEqualTo("0.25");
        assertThat(ServerMetrics.number(1e15)).isEqualTo("1.0E15");
        assertThat(ServerMetrics.number(Double.NaN)).isEqualTo("NaN");
        assertThat(ServerMetrics.number(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
    }
}
