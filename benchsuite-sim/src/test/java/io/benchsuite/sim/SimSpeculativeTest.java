package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ConfigurationException;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The speculative-decoding model's figures (Leviathan et al. 2023) and its configuration keys. */
class SimSpeculativeTest {

    @Test
    void expectedTokensPerStepIsTheGeometricSeriesOfTheAcceptance() {
        SimSpeculative s = new SimSpeculative(4, 0.8, 0.05);
        // (1 - 0.8^5) / (1 - 0.8) = (1 - 0.32768) / 0.2 = 3.3616 = 1 + 0.8 + 0.64 + 0.512 + 0.4096
        assertThat(s.expectedTokensPerStep()).isCloseTo(3.3616, within(1e-12));
        assertThat(s.expectedAcceptanceRate()).isCloseTo(2.3616 / 4, within(1e-12));
        assertThat(s.expectedAcceptanceAt(0)).isCloseTo(0.8, within(1e-12));
        assertThat(s.expectedAcceptanceAt(3)).isCloseTo(0.4096, within(1e-12));
        assertThat(s.draftStepFactor()).isCloseTo(1.2, within(1e-12));
        assertThat(new SimSpeculative(3, 1.0, 0).expectedTokensPerStep()).isEqualTo(4);
        assertThat(new SimSpeculative(3, 0.0, 0).expectedTokensPerStep()).isEqualTo(1);
    }

    @Test
    void aDrawStopsAtTheFirstRejection() {
        SimSpeculative s = new SimSpeculative(5, 0.6, 0);
        SplittableRandom r = new SplittableRandom(1);
        long n = 200_000;
        long[] atLeast = new long[6];
        for (int i = 0; i < n; i++) {
            int a = s.sampleAccepted(r, 5);
            assertThat(a).isBetween(0, 5);
            for (int j = 1; j <= a; j++) atLeast[j]++;
        }
        // P(a >= j) = 0.6^j; with 200 000 draws the standard error of each share is under 0.0011
        for (int j = 1; j <= 5; j++) assertThat(atLeast[j] / (double) n).isCloseTo(Math.pow(0.6, j), within(0.005));
        assertThat(s.sampleAccepted(r, 0)).isZero();
    }

    @Test
    void configKeysTurnItOnAndBadValuesNameTheirKey() {
        SimSettings on = SimSettings.fromConfig(BackendConfig.of(Map.of(SimSpeculative.TOKENS, "3",
                SimSpeculative.ACCEPTANCE, "0.75", SimSpeculative.DRAFT_COST, "0.1")));
        assertThat(on.speculative()).isEqualTo(new SimSpeculative(3, 0.75, 0.1));
        assertThat(SimSettings.fromConfig(BackendConfig.of(Map.of())).speculative().enabled()).isFalse();
        assertThatThrownBy(() -> SimSettings.fromConfig(BackendConfig.of(Map.of(SimSpeculative.TOKENS, "3",
                SimSpeculative.ACCEPTANCE, "1.5"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("backend config key 'spec-acceptance': acceptance must be in [0, 1], got 1.5");
        assertThat(SimSettings.options()).anySatisfy(o -> assertThat(o.key()).isEqualTo(SimSpeculative.TOKENS));
    }
}
