package io.benchsuite.sim.internal;

import java.util.List;

/**
 * One engine step as planned: who prefills, who decodes, and what it costs.
 *
 * @param prefill sequences admitted in this step; their first token comes at its end
 * @param decode sequences that get their next token at its end
 * @param computeTokens tokens in the forward pass (uncached prompt tokens plus one per decoding sequence, padding included for static batches)
 * @param kvTokensRead KV-cache tokens read by the decoding sequences
 * @param seconds simulated duration, jitter included, before the time scale
 */
public record StepPlan(List<Sequence> prefill, List<Sequence> decode, long computeTokens, long kvTokensRead, double seconds) {
    public StepPlan {
        prefill = List.copyOf(prefill);
        decode = List.copyOf(decode);
    }
}
