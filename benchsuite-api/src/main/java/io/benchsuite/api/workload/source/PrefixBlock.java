package io.benchsuite.api.workload.source;

import static io.benchsuite.api.util.Checks.positive;

/**
 * One block of a prompt's leading content, named so that shared prefixes can be recognised without
 * comparing text: two prompts that start with the same sequence of block ids (in the same order)
 * start with the same tokens. A block id only has a meaning after its predecessors, as in a
 * server's prefix cache, where a block is reused only when the whole chain before it matches.
 *
 * <p>A Mooncake trace names its 512-token blocks by {@code hash_ids}; the synthetic source names
 * each shared-prefix group's prefix as one block.
 *
 * @param id the block's content id: equal ids after equal predecessors mean equal tokens
 * @param tokens the block's length in tokens (the last block of a prompt may be shorter than the others)
 */
public record PrefixBlock(long id, int tokens) {
    /**
     * Checks that the block has at least one token.
     *
     * @param id the block's content id: equal ids after equal predecessors mean equal tokens
     * @param tokens the block's length in tokens
     */
    public PrefixBlock {
        positive(tokens, "tokens");
    }
}
