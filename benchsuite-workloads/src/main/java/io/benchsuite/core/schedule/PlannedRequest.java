package io.benchsuite.core.schedule;

/**
 * The deterministic content of request {@code index}: everything that depends only on the seed
 * chain and the index, never on timing.
 *
 * @param index position in the run
 * @param seed the request seed from the seed chain
 * @param prompt prompt text of exactly {@code inputTokens} tokens
 * @param promptHash first 16 hex digits of SHA-256(prompt)
 * @param inputTokens prompt tokens
 * @param outputTokens output tokens to ask for
 */
public record PlannedRequest(long index, long seed, String prompt, String promptHash, int inputTokens, int outputTokens) {}
