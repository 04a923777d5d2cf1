package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.sim.SimSpecDecodeTotals;
import java.util.List;
import org.junit.jupiter.api.Test;

/** vLLM V1's speculative-decoding counters as serve-sim writes them. */
class SpecDecodeExpositionTest {

    @Test
    void theFourCountersWithOneSeriesPerPosition() {
        StringBuilder b = new StringBuilder();
        SpecDecodeExposition.append(b, new SimSpecDecodeTotals(10, 30, 17, List.of(8L, 6L, 3L)), "model_name=\"m\"");
        assertThat(b.toString()).isEqualTo("""
                # HELP vllm:spec_decode_num_drafts_total Number of spec decoding drafts.
                # TYPE vllm:spec_decode_num_drafts_total counter
                vllm:spec_decode_num_drafts_total{model_name="m"} 10.0
                # HELP vllm:spec_decode_num_draft_tokens_total Number of draft tokens.
                # TYPE vllm:spec_decode_num_draft_tokens_total counter
                vllm:spec_decode_num_draft_tokens_total{model_name="m"} 30.0
                # HELP vllm:spec_decode_num_accepted_tokens_total Number of accepted tokens.
                # TYPE vllm:spec_decode_num_accepted_tokens_total counter
                vllm:spec_decode_num_accepted_tokens_total{model_name="m"} 17.0
                # HELP vllm:spec_decode_num_accepted_tokens_per_pos_total Accepted tokens per draft position.
                # TYPE vllm:spec_decode_num_accepted_tokens_per_pos_total counter
                vllm:spec_decode_num_accepted_tokens_per_pos_total{model_name="m",position="0"} 8.0
                vllm:spec_decode_num_accepted_tokens_per_pos_total{model_name="m",position="1"} 6.0
                vllm:spec_decode_num_accepted_tokens_per_pos_total{model_name="m",position="2"} 3.0
                """);
    }

    @Test
    void nothingWithoutSpeculationAsVllm() {
        StringBuilder b = new StringBuilder();
        SpecDecodeExposition.append(b, SimSpecDecodeTotals.NONE, "model_name=\"m\"");
        assertThat(b).isEmpty();
    }
}
