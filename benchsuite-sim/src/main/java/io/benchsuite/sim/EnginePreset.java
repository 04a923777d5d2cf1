package io.benchsuite.sim;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the simulated engine manages memory and batches, after the serving stacks it imitates.
 *
 * <ul>
 *   <li>{@link #VLLM}: paged KV cache (16-token blocks), automatic prefix caching, continuous
 *       batching, 8192 batched tokens per step (vLLM's {@code max_num_batched_tokens} for online
 *       serving on large GPUs).</li>
 *   <li>{@link #TGI}: TGI 3.x: paged KV cache and prefix caching, both on by default since 3.0;
 *       continuous batching; prefill limited to 4096 tokens per step (TGI's
 *       {@code max_batch_prefill_tokens} default).</li>
 *   <li>{@link #TRANSFORMERS}: plain Hugging Face {@code generate}: contiguous KV cache reserved at
 *       the model's full context per sequence, no prefix cache, static batching (a batch runs until
 *       its longest member ends; arrivals wait for the next batch; prompts are padded to the longest).</li>
 * </ul>
 */
public enum EnginePreset {
    VLLM(true, true, true, 8192),
    TGI(true, true, true, 4096),
    TRANSFORMERS(false, false, false, Integer.MAX_VALUE);

    private final boolean paged;
    private final boolean prefixCaching;
    private final boolean continuousBatching;
    private final int maxBatchedTokens;

    EnginePreset(boolean paged, boolean prefixCaching, boolean continuousBatching, int maxBatchedTokens) {
        this.paged = paged;
        this.prefixCaching = prefixCaching;
        this.continuousBatching = continuousBatching;
        this.maxBatchedTokens = maxBatchedTokens;
    }

    /** Paged KV cache (reserves what a sequence needs) rather than contiguous (reserves the full context). */
    public boolean paged() {
        return paged;
    }

    /** Whether prompts reuse cached KV blocks of earlier prompts with the same prefix. */
    public boolean prefixCaching() {
        return prefixCaching;
    }

    /** Whether requests join and leave the running batch at every step. */
    public boolean continuousBatching() {
        return continuousBatching;
    }

    /** Default token budget of one step (prefill plus decode tokens). */
    public int defaultMaxBatchedTokens() {
        return maxBatchedTokens;
    }

    /** Lower-case label, as used in configuration and reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a preset name (case-insensitive).
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static EnginePreset parse(String text) {
        String s = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        for (EnginePreset p : values()) {
            if (p.name().equals(s)) return p;
        }
        throw new IllegalArgumentException("unknown engine '" + text + "' (expected one of "
                + Arrays.stream(values()).map(EnginePreset::label).collect(Collectors.joining(", ")) + ")");
    }
}
