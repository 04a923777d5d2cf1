package io.benchsuite.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.SimSpecDecodeTotals;
import io.benchsuite.sim.SimSpeculative;
import io.benchsuite.tck.RecordingListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine with speculative decoding: several tokens per decode step, counted as vLLM counts them. */
class SpeculativeDecodingTest {
    private static SimSettings settings(int k, double alpha, double c) {
        return SimSettings.builder().seed(42).speculative(new SimSpeculative(k, alpha, c)).build();
    }

    @Test
    void aRequestGetsAllItsTokensInFewerStepsAndTheCountersAddUp() {
        VirtualDriver d = new VirtualDriver(settings(4, 0.8, 0.05));
        RecordingListener r = d.request(0, 1000, 200);
        d.run();
        assertThat(r.violations()).isEmpty();
        assertThat(r.tokens()).isEqualTo(200);
        assertThat(r.usage().completionTokens()).isEqualTo(200);
        SimSpecDecodeTotals t = d.core.specDecodeTotals();
        // one prefill step, then one draft per decode step of the lone sequence
        assertThat(t.drafts()).isEqualTo(d.plans.size() - 1);
        assertThat(t.draftTokens()).isEqualTo(4 * t.drafts());
        assertThat(t.acceptedPerPosition()).hasSize(4);
        assertThat(t.acceptedPerPosition().stream().mapToLong(Long::longValue).sum()).isEqualTo(t.acceptedTokens());
        for (int i = 1; i < 4; i++) assertThat(t.acceptedPerPosition().get(i)).isLessThanOrEqualTo(t.acceptedPerPosition().get(i - 1));
        // 199 tokens after the first, at most 5 per step, about 3.36 per step: some 60 steps, never fewer than 40
        assertThat(t.drafts()).isBetween(40L, 100L);
        // tokens emitted = drafts + accepted, less what the last step drew beyond max_tokens (at most 4)
        assertThat(t.drafts() + t.acceptedTokens() - 199).isBetween(0L, 4L);
        assertThat(d.core.state().generationTokens()).isEqualTo(200);
    }

    @Test
    void acceptanceMatchesTheModelWithinFourStandardErrors() {
        double alpha = 0.8;
        int k = 4;
        VirtualDriver d = new VirtualDriver(settings(k, alpha, 0.05));
        for (int i = 0; i < 64; i++) d.request(i * 0.01, 200, 400);
        d.run();
        SimSpecDecodeTotals t = d.core.specDecodeTotals();
        double n = t.drafts();
        assertThat(n).isGreaterThan(5000);
        // accepted drafts per verification: P(a >= i) = alpha^i for i <= k, i.i.d. across verifications
        double mean = 0;
        double second = 0;
        for (int i = 1; i <= k; i++) {
            mean += Math.pow(alpha, i);
            second += (2 * i - 1) * Math.pow(alpha, i);
        }
        double se = Math.sqrt((second - mean * mean) / n);
        assertThat(t.acceptedTokens() / n).isCloseTo(mean, within(4 * se));
        assertThat(1 + t.acceptedTokens() / n).isCloseTo(new SimSpeculative(k, alpha, 0).expectedTokensPerStep(), within(4 * se));
        for (int i = 0; i < k; i++) {
            double p = Math.pow(alpha, i + 1);
            assertThat(t.acceptedPerPosition().get(i) / n).isCloseTo(p, within(4 * Math.sqrt(p * (1 - p) / n)));
        }
    }

    @Test
    void goodDraftsShortenTheRunAndUselessOnesLengthenIt() {
        double plain = run(SimSettings.builder().seed(42).build());
        double good = run(settings(4, 0.8, 0.05));
        double useless = run(settings(4, 0.0, 0.05));
        // memory-bound decode: verifying 5 positions costs about one step; 3.36 tokens per step at 1.2x the time
        assertThat(good).isLessThan(plain * 0.6);
        // nothing accepted: one token per step, each 1 + 4 x 0.05 = 1.2 times as long, and a bit for the drafts' positions
        assertThat(useless).isGreaterThan(plain * 1.15);
    }

    @Test
    void theSameSeedDrawsTheSameAcceptances() {
        List<SimSpecDecodeTotals> totals = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            VirtualDriver d = new VirtualDriver(settings(3, 0.6, 0.05));
            for (int j = 0; j < 8; j++) d.request(j * 0.005, 300, 150);
            d.run();
            totals.add(d.core.specDecodeTotals());
        }
        assertThat(totals.get(0)).isEqualTo(totals.get(1));
        assertThat(totals.get(0).drafts()).isPositive();
    }

    @Test
    void withoutSpeculationTheCountersStayEmpty() {
        VirtualDriver d = new VirtualDriver(SimSettings.builder().build());
        d.request(0, 100, 20);
        d.run();
        assertThat(d.core.specDecodeTotals()).isEqualTo(SimSpecDecodeTotals.NONE);
        assertThat(d.plans).hasSize(20);
    }

    private static double run(SimSettings s) {
        VirtualDriver d = new VirtualDriver(s);
        for (int i = 0; i < 4; i++) d.request(0, 500, 300);
        return d.run();
    }
}
