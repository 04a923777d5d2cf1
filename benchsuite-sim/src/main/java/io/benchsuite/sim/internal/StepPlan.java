package io.benchsuite.sim.internal;

import io.benchsuite.sim.SimPhysics;
import java.util.List;

/**
 * One engine step as planned: who computes what, and what it costs.
 *
 * @param prefill sequences with prompt positions in this step (a whole prompt or a chunk); those whose
 *     prompt is then complete get their first token at its end
 * @param decode sequences that get their next token at its end
 * @param computeTokens tokens in the forward pass (uncached prompt tokens plus one per decoding sequence, padding included for static batches)
 * @param attentionPairs (token, attended position) pairs of the step's attention
 * @param kvTokensRead KV-cache tokens read by attention
 * @param sampled sequences that get a token at the end of the step
 * @param cost the physics of the step
 * @param seconds simulated duration, jitter included, before the time scale
 * @param compiled whether compiled code runs the step (a replayed CUDA graph, a prebuilt engine), not eager kernels
 */
public record StepPlan(List<Sequence> prefill, List<Sequence> decode, long computeTokens, long attentionPairs,
                       long kvTokensRead, int sampled, SimPhysics.StepCost cost, double seconds, boolean compiled) {
    // The lists are built fresh for each step and never changed afterwards; not copied (a step is planned
    // hundreds of thousands of times in a virtual-time run).
}
