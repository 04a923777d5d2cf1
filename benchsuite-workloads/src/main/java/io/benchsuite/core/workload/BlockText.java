package io.benchsuite.core.workload;

import io.benchsuite.core.prompt.SyntheticPrompts;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Text for block-named prompts (a Mooncake trace's {@code hash_ids}): block {@code id} is always the
 * same {@code blockTokens} synthetic words (drawn from {@code seed} and the id), so equal ids give
 * equal text and a server's prefix cache sees the sharing the trace recorded. A shorter last block is
 * the first words of its full text, so it too equals the start of the same block elsewhere. Recent
 * blocks are cached (bounded), the rest regenerated.
 */
final class BlockText {
    private final SyntheticPrompts words;
    private final long seed;
    private final int blockTokens;
    private final Map<Long, String> recent;

    BlockText(SyntheticPrompts words, long seed, int blockTokens, int cachedBlocks) {
        this.words = words;
        this.seed = seed;
        this.blockTokens = blockTokens;
        this.recent = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, String> eldest) {
                return size() > cachedBlocks;
            }
        };
    }

    /** The first {@code tokens} tokens (at most a block) of block {@code id}. */
    String block(long id, int tokens) {
        String full = recent.computeIfAbsent(id,
                k -> words.generate(blockTokens, new SplittableRandom(Mix.combine(seed, k))));
        return tokens >= blockTokens ? full : ExactText.firstWords(full, tokens);
    }

    int blockTokens() {
        return blockTokens;
    }
}
