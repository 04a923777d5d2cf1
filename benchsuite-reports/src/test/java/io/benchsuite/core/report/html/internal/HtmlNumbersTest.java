package io.benchsuite.core.report.html.internal;

import static org.assertj.core.api.Assertions.assertThat;

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
}
