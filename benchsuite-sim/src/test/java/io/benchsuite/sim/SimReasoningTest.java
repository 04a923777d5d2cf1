package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.tck.RecordingListener;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The simulated reasoning: the first tokens of each request are reasoning, then the answer. */
class SimReasoningTest {

    private static SimSettings settings(String reasoningTokens, boolean inUsage) {
        return SimSettings.fromConfig(BackendConfig.of(Map.of(SimReasoning.TOKENS, reasoningTokens,
                SimReasoning.IN_USAGE, Boolean.toString(inUsage))));
    }

    @Test
    void theFirstTokensAreReasoningThenTheAnswerAtTheEnginesPace() {
        SimulatedServer server = new SimulatedServer(settings("30", false));
        RecordingListener r = new RecordingListener();
        server.send(SimulatedServerTest.request(0, 500, 50), r, 0);
        server.drain();
        assertThat(r.violations()).isEmpty();
        List<RecordingListener.Chunk> reasoning = r.reasoningChunks();
        List<RecordingListener.Chunk> answer = r.answerChunks();
        assertThat(reasoning).hasSize(30);
        assertThat(answer).hasSize(20);
        // every reasoning token comes before the first answer token, and the whole output is still 50 tokens
        assertThat(reasoning.get(29).nanoTime()).isLessThan(answer.get(0).nanoTime());
        assertThat(r.tokens()).isEqualTo(50);
        // vLLM-like usage: no reasoning count, the client counts the reasoning deltas
        assertThat(r.usage()).isEqualTo(new Usage(500, 50));
    }

    @Test
    void theUsageReportsTheReasoningCountWhenAsked() {
        SimulatedServer server = new SimulatedServer(settings("30", true));
        RecordingListener r = new RecordingListener();
        server.send(SimulatedServerTest.request(0, 500, 50), r, 0);
        server.drain();
        assertThat(r.usage()).isEqualTo(new Usage(500, 50, 30));
    }

    @Test
    void reasoningLeavesAtLeastOneAnswerTokenAndIsTheSameForTheSameRequest() {
        SimReasoning reasoning = settings("uniform:10-400", false).reasoning();
        assertThat(reasoning.enabled()).isTrue();
        for (long seed = 0; seed < 200; seed++) {
            int n = reasoning.tokensFor(seed, 100);
            assertThat(n).isBetween(10, 99).isEqualTo(reasoning.tokensFor(seed, 100));
        }
        assertThat(reasoning.tokensFor(1, 1)).isZero();
        assertThat(SimReasoning.none().tokensFor(1, 100)).isZero();
        assertThat(SimSettings.builder().build().reasoning().enabled()).isFalse();
    }

    @Test
    void aBadLengthNamesTheKey() {
        assertThatThrownBy(() -> settings("lots", false)).isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend config key 'reasoning-tokens': ");
    }
}
