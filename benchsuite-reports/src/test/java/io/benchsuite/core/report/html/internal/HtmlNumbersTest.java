package io.benchsuite.core.report.html.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HtmlNumbersTest {
    @Test
    void numbersFromAMillionOnCarryAPowerOfTenInsteadOfEveryDigit() {
        assertThat(HtmlNumbers.num(2.039e12)).isEqualTo("2.039e12");
        assertThat(HtmlNumbers.num(1e6)).isEqualTo("1e6");
        assertThat(HtmlNumbers.num(-3.12e14)).isEqualTo("-3.12e14");
        assertThat(HtmlNumbers.num(12.5)).isEqualTo("12.50");
        assertThat(HtmlNumbers.num(0.01234)).isEqualTo("0.0123");
    }

    @Test
    void coordinatesAreExactlyWhatTheFormatterWrites() {
        double[] edges = {
            0, -0.0, 1.005, 2.675, -1.005, 0.125, -0.125, 0.005, -0.005, -0.001, -0.004, 0.994999, 99.995, 123456.785,
            999999.995, 1e6, -1e6, 1e12, 4.35, 1.115, Double.NaN, Double.POSITIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE
        };
        for (double v : edges) assertThat(HtmlNumbers.coord(v)).as("%s", v).isEqualTo(String.format(Locale.ROOT, "%.2f", v));
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            // plot coordinates, ties on the thousandth, and values far out
            double v = switch (i % 4) {
                case 0 -> random.nextDouble(-50, 1200);
                case 1 -> random.nextInt(-100_000, 1_000_000) / 1000.0;
                case 2 -> random.nextInt(-2000, 2000) / 8.0;
                default -> random.nextDouble(-2e6, 2e6);
            };
            assertThat(HtmlNumbers.coord(v)).as("%s", v).isEqualTo(String.format(Locale.ROOT, "%.2f", v));
        }
    }
}
