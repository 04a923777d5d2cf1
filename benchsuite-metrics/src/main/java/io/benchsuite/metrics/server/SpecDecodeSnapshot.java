package io.benchsuite.metrics.server;

import java.util.List;

/**
 * The speculative-decoding figures of one scrape, as the server exposes them: cumulative counters
 * (NaN when absent) and the server's own averages as gauges (SGLang, TensorRT-LLM; NaN when absent).
 *
 * @param drafts cumulative verification steps that carried drafts (vLLM's {@code num_drafts}; TGI: steps observed)
 * @param draftTokens cumulative draft tokens proposed
 * @param acceptedTokens cumulative draft tokens accepted
 * @param acceptedPerPosition cumulative accepted tokens at each draft position (index = position), empty when absent
 * @param acceptanceLengthGauge the server's own mean acceptance length, bonus token included
 * @param acceptanceRateGauge the server's own acceptance rate, 0..1
 */
public record SpecDecodeSnapshot(double drafts, double draftTokens, double acceptedTokens, List<Double> acceptedPerPosition,
                                 double acceptanceLengthGauge, double acceptanceRateGauge) {
    /** A scrape without any speculative-decoding metric. */
    public static final SpecDecodeSnapshot NONE =
            new SpecDecodeSnapshot(Double.NaN, Double.NaN, Double.NaN, List.of(), Double.NaN, Double.NaN);

    /**
     * @param drafts cumulative verification steps that carried drafts
     * @param draftTokens cumulative draft tokens proposed
     * @param acceptedTokens cumulative draft tokens accepted
     * @param acceptedPerPosition cumulative accepted tokens by draft position
     * @param acceptanceLengthGauge the server's own mean acceptance length
     * @param acceptanceRateGauge the server's own acceptance rate
     */
    public SpecDecodeSnapshot {
        acceptedPerPosition = acceptedPerPosition == null ? List.of() : List.copyOf(acceptedPerPosition);
    }

    /** Whether the scrape carried any speculative-decoding metric. */
    public boolean exposed() {
        return !Double.isNaN(drafts) || !Double.isNaN(draftTokens) || !Double.isNaN(acceptedTokens)
                || !Double.isNaN(acceptanceLengthGauge) || !Double.isNaN(acceptanceRateGauge);
    }
}
