package io.benchsuite.sim.server;

import io.benchsuite.sim.SimSpecDecodeTotals;

/**
 * vLLM V1's speculative-decoding counters, as {@code SpecDecodingProm} in {@code vllm/v1/spec_decode/metrics.py}
 * writes them (names, HELP texts, one {@code position} series per draft position), so that a scraper written for a
 * speculating vLLM reads the simulator unchanged. Written only when the engine speculates, as vLLM does.
 */
final class SpecDecodeExposition {
    private SpecDecodeExposition() {}

    static void append(StringBuilder b, SimSpecDecodeTotals t, String modelLabel) {
        if (t == null || t.acceptedPerPosition().isEmpty()) return;
        counter(b, "vllm:spec_decode_num_drafts_total", "Number of spec decoding drafts.", t.drafts(), modelLabel);
        counter(b, "vllm:spec_decode_num_draft_tokens_total", "Number of draft tokens.", t.draftTokens(), modelLabel);
        counter(b, "vllm:spec_decode_num_accepted_tokens_total", "Number of accepted tokens.", t.acceptedTokens(), modelLabel);
        String name = "vllm:spec_decode_num_accepted_tokens_per_pos_total";
        b.append("# HELP ").append(name).append(" Accepted tokens per draft position.\n");
        b.append("# TYPE ").append(name).append(" counter\n");
        for (int i = 0; i < t.acceptedPerPosition().size(); i++) {
            b.append(name).append('{').append(modelLabel).append(",position=\"").append(i).append("\"} ")
                    .append(ServerMetrics.number(t.acceptedPerPosition().get(i))).append('\n');
        }
    }

    private static void counter(StringBuilder b, String name, String help, long value, String modelLabel) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(" counter\n");
        b.append(name).append('{').append(modelLabel).append("} ").append(ServerMetrics.number(value)).append('\n');
    }
}
