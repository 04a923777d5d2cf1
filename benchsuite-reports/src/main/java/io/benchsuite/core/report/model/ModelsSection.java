package io.benchsuite.core.report.model;

import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.core.run.ReportSection;
import java.util.List;
import java.util.Optional;

/**
 * The report's {@code models} section: a run's headline figures broken down per model name, for a run whose
 * requests a {@link io.benchsuite.api.workload.ModelMix} spread over several models. Counts and latencies are over
 * the measured window's requests (warm-up and cool-down excluded), latencies over the successful ones, from
 * HdrHistograms as the run's own; throughput is each model's share over the window from the first measured
 * request's scheduled instant to the last one's end.
 *
 * @param by what one draw of the mix was made for: {@code request} or {@code session}
 * @param mix the mix as configured ({@code name=weight,...})
 * @param windowSeconds the window the throughput figures divide by, in seconds
 * @param models one entry per model of the mix, in the mix's order
 */
public record ModelsSection(String by, String mix, double windowSeconds, List<Model> models) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "models";

    /**
     * Copies the list.
     *
     * @param by what one draw was made for
     * @param mix the mix as configured
     * @param windowSeconds the throughput window in seconds
     * @param models the entries
     */
    public ModelsSection {
        models = models == null ? List.of() : List.copyOf(models);
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * The entry of one model.
     *
     * @param name the model name
     * @return its entry, or empty
     */
    public Optional<Model> model(String name) {
        return models.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /**
     * The figures of one model.
     *
     * @param name the model name the requests asked for
     * @param configuredShare its share of the mix's weights
     * @param requests measured requests that asked for it, any outcome
     * @param share its share of the measured requests of the mix
     * @param succeeded those that succeeded
     * @param failed those that failed
     * @param cancelled those cancelled (by design or at the run's end)
     * @param outputTokens output tokens of the successful ones
     * @param requestsPerSecond successful requests per second over the window
     * @param outputTokensPerSecond output tokens per second over the window
     * @param ttft time to first token, ms
     * @param tpot time per output token, ms
     * @param e2e end-to-end latency, ms
     */
    public record Model(String name, double configuredShare, long requests, double share, long succeeded, long failed,
                        long cancelled, long outputTokens, double requestsPerSecond, double outputTokensPerSecond,
                        LatencyStats ttft, LatencyStats tpot, LatencyStats e2e) {
        /**
         * Empty latency sets for absent ones.
         *
         * @param name the model name
         * @param configuredShare its configured share
         * @param requests measured requests
         * @param share its measured share
         * @param succeeded successes
         * @param failed failures
         * @param cancelled cancellations
         * @param outputTokens output tokens
         * @param requestsPerSecond successful requests per second
         * @param outputTokensPerSecond output tokens per second
         * @param ttft time to first token
         * @param tpot time per output token
         * @param e2e end-to-end latency
         */
        public Model {
            ttft = ttft == null ? LatencyStats.empty() : ttft;
            tpot = tpot == null ? LatencyStats.empty() : tpot;
            e2e = e2e == null ? LatencyStats.empty() : e2e;
        }
    }
}
