package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.ResponseListener;

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

    int reservedBlocks;
    int cachedTokens;
    int generated;
    boolean admitted;
    boolean terminated;

    /**
     * @param id engine-unique id (FIFO order among equals)
     * @param promptTokens prompt length in tokens
     * @param maxTokens tokens to generate (the simulator has no end-of-sequence: it always generates all of them)
     * @param blocks the prompt's prefix-cache blocks
     * @param wordSeed seed of the generated words
     */
    public Sequence(long id, ResponseListener listener, int promptTokens, int maxTokens, PromptBlocks blocks, long wordSeed) {
        this.id = id;
        this.listener = listener;
        this.promptTokens = promptTokens;
        this.maxTokens = maxTokens;
        this.blocks = blocks;
        this.wordSeed = wordSeed;
    }

    /** Tokens whose KV is in the cache now: the prompt plus all generated tokens. */
    long contextTokens() {
        return (long) promptTokens + generated;
    }

    public long id() {
        return id;
    }
}
