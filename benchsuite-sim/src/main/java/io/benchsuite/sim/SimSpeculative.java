package io.benchsuite.sim;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.ConfigurationException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Speculative decoding in the simulated engine, in the model of Leviathan, Kalman and Matias, "Fast
 * Inference from Transformers via Speculative Decoding" (ICML 2023, arXiv:2211.17192): a draft model
 * proposes {@code k} tokens per decode step, the target model verifies them in one forward pass, and
 * each draft token is accepted with the same probability {@code α}, independently, until the first
 * rejection; the target then adds one token of its own (the corrected or bonus token). A step thus
 * emits {@code 1 + a} tokens, {@code a} the accepted drafts, and in expectation
 * {@code (1 − α^(k+1)) / (1 − α)} tokens (the paper's expected tokens per step). The draft model's
 * {@code k} forward passes cost {@code draftCost} of the target's step each (the paper's {@code c}),
 * so a speculating step takes {@code 1 + k·c} times as long as a plain one; the target's verification
 * of {@code k + 1} positions is costed by the physics as a step with that many tokens.
 *
 * <p>The draws come from the engine's own seeded generator, one per sequence per step, so a seed and an
 * arrival order give the same acceptances.
 *
 * @param draftTokens {@code k}, draft tokens per step; 0 turns speculation off
 * @param acceptance {@code α}, each draft token's acceptance probability, in [0, 1]
 * @param draftCost {@code c}, one draft forward pass as a fraction of the target's step, ≥ 0
 */
public record SimSpeculative(int draftTokens, double acceptance, double draftCost) {
    /** Config key: draft tokens per step {@code k}; absent or 0: no speculative decoding. */
    public static final String TOKENS = "spec-tokens";
    /** Config key: per-token acceptance probability {@code α}; default 0.7. */
    public static final String ACCEPTANCE = "spec-acceptance";
    /** Config key: a draft pass's cost as a fraction of the target's step {@code c}; default 0.05. */
    public static final String DRAFT_COST = "spec-draft-cost";
    /** Default {@code α}: an illustrative value, not a measurement of any model pair. */
    public static final double DEFAULT_ACCEPTANCE = 0.7;
    /** Default {@code c}: an illustrative value for a draft model about twenty times cheaper than its target. */
    public static final double DEFAULT_DRAFT_COST = 0.05;

    private static final SimSpeculative NONE = new SimSpeculative(0, DEFAULT_ACCEPTANCE, DEFAULT_DRAFT_COST);

    /**
     * @param draftTokens draft tokens per step, 0 for none
     * @param acceptance per-token acceptance probability
     * @param draftCost one draft pass as a fraction of the target's step
     * @throws IllegalArgumentException naming the component out of range
     */
    public SimSpeculative {
        if (draftTokens < 0 || draftTokens > 64) {
            throw new IllegalArgumentException("draftTokens must be in [0, 64], got " + draftTokens);
        }
        if (!(acceptance >= 0 && acceptance <= 1)) {
            throw new IllegalArgumentException("acceptance must be in [0, 1], got " + acceptance);
        }
        if (!(draftCost >= 0) || Double.isInfinite(draftCost)) {
            throw new IllegalArgumentException("draftCost must be a finite number >= 0, got " + draftCost);
        }
    }

    /**
     * No speculative decoding.
     *
     * @return the settings that turn it off
     */
    public static SimSpeculative none() {
        return NONE;
    }

    /**
     * Reads {@link #TOKENS}, {@link #ACCEPTANCE} and {@link #DRAFT_COST}.
     *
     * @param config the backend configuration
     * @return the speculation they set, {@link #none()} without {@link #TOKENS}
     * @throws ConfigurationException naming the key of a bad value
     */
    public static SimSpeculative fromConfig(BackendConfig config) {
        int k = config.integer(TOKENS, 0);
        double alpha = config.number(ACCEPTANCE, DEFAULT_ACCEPTANCE);
        double c = config.number(DRAFT_COST, DEFAULT_DRAFT_COST);
        try {
            return new SimSpeculative(k, alpha, c);
        } catch (IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            String key = m.startsWith("draftTokens") ? TOKENS : m.startsWith("acceptance") ? ACCEPTANCE : DRAFT_COST;
            throw new ConfigurationException(key, "backend config key '" + key + "': " + m, e);
        }
    }

    /**
     * The options {@link #fromConfig} reads.
     *
     * @return their declarations
     */
    public static List<BackendOption> options() {
        return List.of(
                BackendOption.integer(TOKENS, "speculative decoding: draft tokens per decode step (k); the server then "
                        + "exposes vLLM's spec_decode counters").withDefault("0"),
                BackendOption.number(ACCEPTANCE, "speculative decoding: each draft token's acceptance probability "
                        + "(alpha, i.i.d. until the first rejection)").withDefault(Double.toString(DEFAULT_ACCEPTANCE)),
                BackendOption.number(DRAFT_COST, "speculative decoding: one draft pass as a fraction of the target's "
                        + "step (c)").withDefault(Double.toString(DEFAULT_DRAFT_COST)));
    }

    /**
     * Whether decode steps speculate.
     *
     * @return whether {@code k > 0}
     */
    public boolean enabled() {
        return draftTokens > 0;
    }

    /**
     * Accepted draft tokens of one verification: successes before the first failure, at most {@code drafts}.
     *
     * @param random the engine's generator
     * @param drafts draft tokens verified (k, or fewer when the step's token budget was short)
     * @return accepted drafts, in {@code [0, drafts]}
     */
    public int sampleAccepted(SplittableRandom random, int drafts) {
        int a = 0;
        while (a < drafts && random.nextDouble() < acceptance) a++;
        return a;
    }

    /**
     * Expected tokens per speculating step, the bonus token included: {@code (1 − α^(k+1)) / (1 − α)}
     * ({@code k + 1} when {@code α = 1}).
     *
     * @return the expected mean accepted length
     */
    public double expectedTokensPerStep() {
        if (acceptance == 1) return draftTokens + 1;
        return (1 - Math.pow(acceptance, draftTokens + 1)) / (1 - acceptance);
    }

    /**
     * Expected accepted ÷ draft tokens, the figure vLLM calls the draft acceptance rate:
     * {@code (expectedTokensPerStep − 1) / k}. Lower than {@code α}: drafts after a rejection are never accepted.
     *
     * @return the expected acceptance rate, NaN when off
     */
    public double expectedAcceptanceRate() {
        return enabled() ? (expectedTokensPerStep() - 1) / draftTokens : Double.NaN;
    }

    /**
     * Expected acceptance at draft position {@code i} (0-based): {@code α^(i+1)}, all drafts up to it accepted.
     *
     * @param position the draft position
     * @return its expected acceptance rate
     */
    public double expectedAcceptanceAt(int position) {
        return Math.pow(acceptance, position + 1);
    }

    /**
     * How much longer a speculating step takes than a plain one for the draft passes: {@code 1 + k·c}.
     *
     * @return the step-time factor
     */
    public double draftStepFactor() {
        return 1 + draftTokens * draftCost;
    }

    @Override
    public String toString() {
        return enabled() ? "k=" + draftTokens + ", alpha=" + acceptance + ", c=" + draftCost : "none";
    }
}
