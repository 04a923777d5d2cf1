package io.benchsuite.sim;

import java.util.List;

/**
 * The simulated engine's speculative-decoding counters since its start, as vLLM V1 counts them
 * ({@code vllm/v1/spec_decode/metrics.py}): one draft per speculating sequence per step.
 *
 * @param drafts verifications (one per sequence per speculating step)
 * @param draftTokens draft tokens verified
 * @param acceptedTokens draft tokens accepted
 * @param acceptedPerPosition accepted tokens at each draft position, {@code k} entries
 */
public record SimSpecDecodeTotals(long drafts, long draftTokens, long acceptedTokens, List<Long> acceptedPerPosition) {
    /** No speculation. */
    public static final SimSpecDecodeTotals NONE = new SimSpecDecodeTotals(0, 0, 0, List.of());

    /**
     * @param drafts verifications
     * @param draftTokens draft tokens verified
     * @param acceptedTokens draft tokens accepted
     * @param acceptedPerPosition accepted tokens by draft position
     */
    public SimSpecDecodeTotals {
        acceptedPerPosition = List.copyOf(acceptedPerPosition);
    }
}
