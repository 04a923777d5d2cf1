package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.PrefixBlock;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.prompt.SyntheticPrompts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * Synthetic prompts of exact token lengths, optionally in shared-prefix groups.
 *
 * <p>Plan {@code i} depends only on the scenario seed and {@code i}: its generator is
 * {@code new SplittableRandom(seed.requestSeed(i))}. Without prefix groups it draws, in this order,
 * the input length, the output length and the prompt words, exactly as the run's synthetic planner
 * always has, so switching a run to this source keeps its prompts. With prefix groups it draws the
 * group, then the suffix length (from the input distribution), the output length and the suffix words;
 * the prompt is the group's prefix ({@code prefixTokens} tokens, drawn from the stream
 * {@code seed.streamSeed("prefix-group:" + g)}) and the suffix, {@code prefixTokens + suffix} tokens
 * in all, and the plan names the prefix as one {@link PrefixBlock} so the workload's ideal hit rate is known.
 *
 * <p>The source is endless unless a count is given; the run's duration or request limit ends it.
 */
public final class SyntheticSource implements WorkloadSource {
    /** Keep at most this many prefix tokens of group text cached per cursor. */
    private static final long CACHED_PREFIX_TOKENS = 4_000_000;

    private final LengthDistribution input;
    private final LengthDistribution output;
    private final Optional<PrefixGroups> prefixGroups;
    private final long count;

    private SyntheticSource(Builder b) {
        this.input = b.input;
        this.output = b.output;
        this.prefixGroups = b.prefixGroups;
        this.count = b.count;
    }

    /**
     * A builder: input 256 tokens, output 128 tokens, no prefix groups, endless.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String describe() {
        StringBuilder b = new StringBuilder("synthetic:input=").append(input.describe()).append(",output=")
                .append(output.describe());
        prefixGroups.ifPresent(g -> b.append(',').append(g.describe()));
        if (count > 0) b.append(",count=").append(count);
        return b.toString();
    }

    /**
     * The shortest request this source can draw: the input distribution's minimum (plus the prefix, with
     * prefix groups) and the output distribution's minimum.
     *
     * @return {prompt tokens, output tokens} at the least
     */
    public long[] shortestRequest() {
        return new long[] {input.min() + prefixGroups.map(PrefixGroups::prefixTokens).orElse(0), output.min()};
    }

    @Override
    public boolean bringsOwnTiming() {
        return false;
    }

    @Override
    public OptionalLong planCount() {
        return count > 0 ? OptionalLong.of(count) : OptionalLong.empty();
    }

    @Override
    public boolean endless() {
        return count == 0;
    }

    /**
     * The prefix groups, when the source has them.
     *
     * @return the groups, or empty
     */
    public Optional<PrefixGroups> prefixGroups() {
        return prefixGroups;
    }

    @Override
    public PlanCursor open(SourceContext context) {
        notNull(context, "context");
        return new Cursor(context);
    }

    private final class Cursor extends CountingCursor {
        private final ScenarioSeed seed;
        private final SyntheticPrompts prompts;
        private final Popularity.Sampler groups;
        private final Map<Integer, String> prefixes;

        Cursor(SourceContext context) {
            this.seed = context.seed();
            this.prompts = new SyntheticPrompts(context.tokenizer());
            this.groups = prefixGroups.map(g -> g.popularity().sampler(g.groups())).orElse(null);
            int keep = prefixGroups.map(g -> (int) Math.max(1, Math.min(g.groups(), CACHED_PREFIX_TOKENS / g.prefixTokens())))
                    .orElse(0);
            this.prefixes = new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Integer, String> eldest) {
                    return size() > keep;
                }
            };
        }

        @Override
        RequestPlan read() {
            long index = nextIndex();
            if (count > 0 && index >= count) return null;
            SplittableRandom random = new SplittableRandom(seed.requestSeed(index));
            if (prefixGroups.isEmpty()) {
                int in = input.sample(random);
                int out = output.sample(random);
                String prompt = prompts.generate(in, random);
                return RequestPlan.builder(index).prompt(prompt).inputTokens(in).outputTokens(out).build();
            }
            PrefixGroups g = prefixGroups.get();
            int group = groups.pick(random);
            int suffix = input.sample(random);
            int out = output.sample(random);
            String prefix = prefixes.computeIfAbsent(group,
                    k -> prompts.generate(g.prefixTokens(), new SplittableRandom(seed.streamSeed("prefix-group:" + k))));
            int in = g.prefixTokens() + suffix;
            String prompt = prefix + ' ' + prompts.generate(suffix, random);
            String corrected = ExactText.correctTail(prompt, in, prompts.tokenizer(), prompts, random);
            if (corrected != null) {
                prompt = corrected;
                adjust("prompt length corrected at its end (the tokenizer merged across the prefix)");
            }
            return RequestPlan.builder(index).prompt(prompt).inputTokens(in).outputTokens(out)
                    .prefixBlocks(List.of(new PrefixBlock(groupBlockId(seed, group), g.prefixTokens()))).build();
        }
    }

    /** The block id of group {@code group}'s prefix: the same for every request of the group in this scenario. */
    static long groupBlockId(ScenarioSeed seed, int group) {
        return Mix.combine(seed.streamSeed("prefix-groups"), group);
    }

    /** Builds a {@link SyntheticSource}; setters reject null and bad values, naming the argument. */
    public static final class Builder {
        private LengthDistribution input = LengthDistribution.fixed(256);
        private LengthDistribution output = LengthDistribution.fixed(128);
        private Optional<PrefixGroups> prefixGroups = Optional.empty();
        private long count;

        private Builder() {}

        /**
         * Prompt length in tokens; with prefix groups, the length of the part after the prefix.
         *
         * @param d the length distribution
         * @return this builder
         */
        public Builder inputTokens(LengthDistribution d) {
            this.input = notNull(d, "inputTokens");
            return this;
        }

        /**
         * Output length in tokens.
         *
         * @param d the length distribution
         * @return this builder
         */
        public Builder outputTokens(LengthDistribution d) {
            this.output = notNull(d, "outputTokens");
            return this;
        }

        /**
         * Shared-prefix groups.
         *
         * @param groups the groups
         * @return this builder
         */
        public Builder prefixGroups(PrefixGroups groups) {
            this.prefixGroups = Optional.of(notNull(groups, "prefixGroups"));
            return this;
        }

        /**
         * Stop after this many plans (default: endless).
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder count(long n) {
            this.count = positive(n, "count");
            return this;
        }

        /**
         * Builds the source.
         *
         * @return the source
         */
        public SyntheticSource build() {
            return new SyntheticSource(this);
        }
    }
}
