package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.ResponseListener;
import java.util.Arrays;

/**
 * One request inside the engine. Mutable; touched only by the thread that drives the
 * {@link EngineCore} (after construction, which happens on the sender's thread before the
 * hand-off that publishes it).
 */
public final class Sequence {
    final long id;
    final ResponseListener listener;
    final int promptTokens;
    final int maxTokens;
    final PromptBlocks blocks;
    final long wordSeed;
    /** The first this many generated tokens are reasoning (a reasoning model's thinking); 0 for none. */
    final int reasoningTokens;
    /** Whether the usage at the end reports {@link #reasoningTokens}. */
    final boolean reasoningInUsage;

    /** KV positions computed (prefix hits included); the next token comes once it reaches {@link #prefillTarget()}. */
    int computed;
    /** Tokens generated and delivered. */
    int generated;
    /** Prompt tokens found in the prefix cache at the latest admission. */
    int cachedTokens;
    /** Tokens of this sequence in the step being run (a prefill chunk, or 1 when decoding). */
    int scheduled;
    /** Positions of the KV blocks held, in order; {@code heldCount} of them are valid. */
    int[] held = new int[4];
    int heldCount;
    // The engine's count of block reads (BlockReads; touched only under its lock): steps this sequence was in,
    // its leading blocks being read, their positions and the step count when each began to be read, and its
    // place in the list of sequences with blocks being read (-1 when none).
    long readSteps;
    int readBlocks;
    int[] readPositions;
    long[] readSince;
    int readIndex = -1;
    /** Leading full blocks (prompt, then output) whose prefix key is registered in the pool. */
    int registeredBlocks;
    /** The block keys of prompt and generated words together, once a word was generated (prefix caching on). */
    PromptBlocks.Chain sequenceBlocks;
    /** Prefix keys of the prompt's full token blocks (computed once, when prefix caching is on). */
    long[] prefixKeys;
    boolean admitted;
    boolean terminated;
    int preemptions;
    /** Driver nanoseconds when the request reached the engine, when a step first scheduled it, and its first token; -1 before. */
    long arrivalNanos = -1;
    long scheduledNanos = -1;
    long firstTokenNanos = -1;

    /**
     * @param id engine-unique id (FIFO order among equals)
     * @param promptTokens prompt length in tokens
     * @param maxTokens tokens to generate (the simulator has no end-of-sequence: it always generates all of them)
     * @param blocks the prompt's prefix-cache blocks
     * @param wordSeed seed of the generated words
     */
    public Sequence(long id, ResponseListener listener, int promptTokens, int maxTokens, PromptBlocks blocks, long wordSeed) {
        this(id, listener, promptTokens, maxTokens, blocks, wordSeed, 0, false);
    }

    /**
     * A sequence of a reasoning model: its first {@code reasoningTokens} tokens are reasoning.
     *
     * @param id engine-unique id (FIFO order among equals)
     * @param promptTokens prompt length in tokens
     * @param maxTokens tokens to generate, reasoning included
     * @param blocks the prompt's prefix-cache blocks
     * @param wordSeed seed of the generated words
     * @param reasoningTokens leading tokens that are reasoning, in {@code [0, maxTokens]}
     * @param reasoningInUsage whether the usage at the end reports the reasoning count
     */
    public Sequence(long id, ResponseListener listener, int promptTokens, int maxTokens, PromptBlocks blocks, long wordSeed,
                    int reasoningTokens, boolean reasoningInUsage) {
        if (reasoningTokens < 0 || reasoningTokens > Math.max(0, maxTokens)) {
            throw new IllegalArgumentException("reasoningTokens must be in [0, " + maxTokens + "], got " + reasoningTokens);
        }
        this.reasoningTokens = reasoningTokens;
        this.reasoningInUsage = reasoningInUsage;
        this.id = id;
        this.listener = listener;
        this.promptTokens = promptTokens;
        this.maxTokens = maxTokens;
        this.blocks = blocks;
        this.wordSeed = wordSeed;
    }

    /**
     * Positions to compute before the next token: the prompt, plus the tokens generated before a
     * preemption (recomputed, as vLLM does, when the sequence is admitted again).
     */
    int prefillTarget() {
        return promptTokens + generated;
    }

    /** Positions still to compute before the next token: 1 while decoding, more during a prefill. */
    int need() {
        return prefillTarget() - computed;
    }

    /** Whether the next step gives this sequence a token for one position (it is decoding). */
    boolean decoding() {
        return generated > 0 && need() == 1;
    }

    /** Tokens whose KV is in the cache now: the positions computed. */
    long contextTokens() {
        return computed;
    }

    void hold(int block) {
        if (heldCount == held.length) held = Arrays.copyOf(held, held.length * 2);
        held[heldCount++] = block;
    }

    public long id() {
        return id;
    }
}
