package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

/**
 * Shared-prefix groups for the synthetic source, the standard way to measure prefix caching: every
 * request belongs to one of {@code groups} groups (chosen by {@code popularity}) and its prompt is
 * the group's prefix of exactly {@code prefixTokens} tokens followed by a suffix of its own.
 *
 * @param groups how many distinct prefixes
 * @param prefixTokens each prefix's length in tokens
 * @param popularity how often each group is chosen
 */
public record PrefixGroups(int groups, int prefixTokens, Popularity popularity) {
    /**
     * Checks the values.
     *
     * @param groups how many distinct prefixes, at least 1
     * @param prefixTokens each prefix's length in tokens, at least 1
     * @param popularity how often each group is chosen
     */
    public PrefixGroups {
        positive(groups, "groups");
        positive(prefixTokens, "prefixTokens");
        notNull(popularity, "popularity");
    }

    /**
     * Canonical text form for reports, e.g. {@code groups=8,prefix=1024,zipf:1.1}.
     *
     * @return the description
     */
    public String describe() {
        return "groups=" + groups + ",prefix=" + prefixTokens + "," + popularity.describe();
    }
}
