package io.benchsuite.core.report.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class OrthogonalityWordsTest {
    @Test
    void theSmallSampleCaveatQuotesTheFisherIntervalOrSaysThereIsNone() {
        // z = atanh(0.8) = 1.0986; ± 1.96 / sqrt(2) = ± 1.3859 -> tanh(-0.2873) .. tanh(2.4845)
        double[] ci = OrthogonalityWords.interval(0.8, 5);
        assertThat(ci[0]).isCloseTo(-0.2797, within(1e-3));
        assertThat(ci[1]).isCloseTo(0.9862, within(1e-3));
        StringBuilder five = new StringBuilder();
        OrthogonalityWords.smallSample(five, 5);
        assertThat(five.toString()).contains("Only 5 runs: an r of 0.8 here is consistent with anything from -0.28 to 0.99 (95 % interval)");
        StringBuilder three = new StringBuilder();
        OrthogonalityWords.smallSample(three, 3);
        assertThat(three.toString()).contains("Only 3 runs: too few to tell related metrics from chance");
        StringBuilder ten = new StringBuilder();
        OrthogonalityWords.smallSample(ten, 10);
        assertThat(ten.toString()).isEmpty();
    }
}
