package io.benchsuite.api.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** A list of steps is split keeping empty elements, so that a stray comma is an error rather than dropped. */
class RateProfileStepListTest {
    private static final long S = 1_000_000_000L;

    @Test
    void stepsSeparatedByCommasParse() {
        RateProfile steps = RateProfile.parse("steps:2/1s,4/1s", 1);
        assertThat(steps.meanLevel(0, 2 * S)).isCloseTo(3, within(1e-12));
    }

    @Test
    void aTrailingCommaIsAnEmptyStepAndRejected() {
        assertThatThrownBy(() -> RateProfile.parse("steps:2/1s,4/1s,", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("level / duration of a step").hasMessageContaining("in ''");
    }
}
