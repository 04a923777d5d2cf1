package io.benchsuite.sim;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.workload.LengthDistribution;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The reasoning of a simulated reasoning model: each request's first tokens are thinking,
 * streamed before its answer as a reasoning model's server streams them ({@code reasoning_content}
 * deltas over HTTP, {@code onReasoningTokens} in process). The engine's physics do not change: a
 * reasoning token is a decoded token like any other, so a request still generates exactly its
 * {@code max_tokens}; its first {@code min(sample, max_tokens - 1)} are reasoning, leaving at least
 * one answer token. The sample is drawn from {@link #tokens()} with a generator seeded by the
 * request's word seed: the same request gets the same reasoning length in process and over HTTP.
 *
 * @param tokens reasoning length per request, or {@code null} for a model without reasoning
 * @param inUsage whether the usage reports the reasoning count
 *     ({@code completion_tokens_details.reasoning_tokens} over HTTP); without it the client counts the
 *     reasoning deltas
 */
public record SimReasoning(LengthDistribution tokens, boolean inUsage) {
    /** Config key: reasoning length distribution per request (e.g. {@code 200}, {@code uniform:100-300}); absent: no reasoning. */
    public static final String TOKENS = "reasoning-tokens";
    /** Config key: {@code true} reports the reasoning count in the usage; default {@code false}. */
    public static final String IN_USAGE = "reasoning-usage";

    private static final SimReasoning NONE = new SimReasoning(null, false);
    private static final long SALT = 0x7265_6173_6f6e_696eL; // "reasonin"

    /**
     * A model without reasoning.
     *
     * @return no reasoning
     */
    public static SimReasoning none() {
        return NONE;
    }

    /**
     * Reads {@link #TOKENS} and {@link #IN_USAGE}.
     *
     * @param config the backend configuration
     * @return the reasoning it sets, {@link #none()} without {@link #TOKENS}
     * @throws ConfigurationException naming the key of a bad value
     */
    public static SimReasoning fromConfig(BackendConfig config) {
        String text = config.string(TOKENS).map(String::strip).orElse("");
        boolean inUsage = config.bool(IN_USAGE, false);
        if (text.isEmpty() || text.equals("0") || text.equalsIgnoreCase("none")) return new SimReasoning(null, inUsage);
        try {
            return new SimReasoning(LengthDistribution.parse(text), inUsage);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(TOKENS, "backend config key '" + TOKENS + "': " + e.getMessage(), e);
        }
    }

    /**
     * The options {@link #fromConfig} reads.
     *
     * @return their declarations
     */
    public static List<BackendOption> options() {
        return List.of(
                BackendOption.string(TOKENS, "reasoning model: tokens each request thinks before its answer, a length "
                        + "distribution (200, uniform:100-300, lognormal:400,0.5); part of max_tokens, at least one answer "
                        + "token left; streamed as reasoning_content deltas").withDefault("none"),
                BackendOption.bool(IN_USAGE, "true reports the reasoning count in the usage "
                        + "(completion_tokens_details.reasoning_tokens); false leaves the client to count the reasoning "
                        + "deltas").withDefault("false"));
    }

    /**
     * Whether requests reason.
     *
     * @return whether a reasoning length is set
     */
    public boolean enabled() {
        return tokens != null;
    }

    /**
     * The reasoning tokens of one request.
     *
     * @param wordSeed the request's word seed
     * @param maxTokens the tokens it generates
     * @return its reasoning tokens, in {@code [0, maxTokens - 1]}
     */
    public int tokensFor(long wordSeed, int maxTokens) {
        if (tokens == null || maxTokens < 2) return 0;
        int sample = tokens.sample(new SplittableRandom(Seeds.mix(wordSeed ^ SALT)));
        return Math.min(sample, maxTokens - 1);
    }

    @Override
    public String toString() {
        return tokens == null ? "none" : tokens + (inUsage ? " (in usage)" : "");
    }
}
