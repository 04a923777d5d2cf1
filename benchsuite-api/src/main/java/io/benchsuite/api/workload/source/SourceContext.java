package io.benchsuite.api.workload.source;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.tokenizer.Tokenizer;

/**
 * What a source needs from the run to produce its plans.
 *
 * @param tokenizer the run's tokenizer: every token count in a plan is measured with it, and synthetic text is built to exact lengths under it
 * @param seed the scenario seed; every random choice of a source derives from it, so the same seed gives the same plans
 */
public record SourceContext(Tokenizer tokenizer, ScenarioSeed seed) {
    /**
     * Checks that both are present.
     *
     * @param tokenizer the run's tokenizer
     * @param seed the scenario seed
     */
    public SourceContext {
        notNull(tokenizer, "tokenizer");
        notNull(seed, "seed");
    }
}
