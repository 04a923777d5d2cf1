package io.benchsuite.sim.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The set of prompt blocks whose KV is still resident, as chained block hashes, evicting the least
 * recently used when full (vLLM keeps freed blocks reusable until their memory is needed).
 * Not thread-safe: owned by the engine thread.
 */
final class PrefixCache {
    private final LinkedHashMap<Long, Boolean> blocks;

    PrefixCache(long capacityBlocks) {
        int capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(1, capacityBlocks));
        this.blocks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    /**
     * How many leading blocks of a prompt are cached. A block hash covers all blocks before it, so the
     * first miss ends the match. Touches the matched blocks (they were just used).
     */
    int matchLeading(long[] chainedHashes) {
        int matched = 0;
        for (long h : chainedHashes) {
            if (blocks.get(h) == null) break;
            matched++;
        }
        return matched;
    }

    /** Records the blocks of a prefilled prompt as resident. */
    void insert(long[] chainedHashes) {
        for (long h : chainedHashes) blocks.put(h, Boolean.TRUE);
    }

    int size() {
        return blocks.size();
    }
}
