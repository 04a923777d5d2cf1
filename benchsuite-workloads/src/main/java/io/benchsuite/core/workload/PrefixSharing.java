package io.benchsuite.core.workload;

/**
 * How much of a workload's prompt text repeats an earlier prefix: the hit rate an unbounded prefix
 * cache would reach (see {@link IdealPrefixCache} for the exact definition).
 *
 * @param requests prompts observed
 * @param promptTokens their tokens in all (for a session turn, the whole history sent with it included)
 * @param repeatedTokens of those, tokens an unbounded prefix cache would have held
 */
public record PrefixSharing(long requests, long promptTokens, long repeatedTokens) {
    /**
     * Checks that the counts are consistent.
     *
     * @param requests prompts observed
     * @param promptTokens their tokens in all
     * @param repeatedTokens tokens an unbounded prefix cache would have held
     */
    public PrefixSharing {
        if (requests < 0 || promptTokens < 0 || repeatedTokens < 0 || repeatedTokens > promptTokens) {
            throw new IllegalArgumentException("need 0 <= repeatedTokens <= promptTokens, got repeated=" + repeatedTokens
                    + " prompt=" + promptTokens + " requests=" + requests);
        }
    }

    /**
     * The share of prompt tokens that repeat an earlier prefix, 0 when there were none.
     *
     * @return {@code repeatedTokens / promptTokens}
     */
    public double ratio() {
        return promptTokens == 0 ? 0 : (double) repeatedTokens / promptTokens;
    }
}
