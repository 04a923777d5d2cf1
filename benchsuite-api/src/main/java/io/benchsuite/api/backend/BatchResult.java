package io.benchsuite.api.backend;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an embeddings, rerank or score response returned for its batch: how many inputs were sent, how
 * many vectors, ranks or scores came back, and the vectors' length. A response extra
 * ({@link ResponseListener#onExtra}), kept on the request's record and written into its line of the
 * request log ({@code "inputs":32,"returned":32,"dimensions":384}).
 *
 * <p>A response that returned fewer items than inputs failed, whatever its HTTP status: the figures
 * (inputs per second) count only the inputs of successful requests.
 *
 * @param inputs the inputs the request sent
 * @param inputTokens the inputs' tokens under the run's tokenizer (the query's excluded)
 * @param returned the vectors, ranks or scores the response held
 * @param dimensions each vector's length (embeddings), or 0 when the response held none
 */
public record BatchResult(int inputs, long inputTokens, int returned, int dimensions) implements RequestExtras.Logged {

    /**
     * Checks the counts are not negative.
     *
     * @param inputs the inputs the request sent
     * @param inputTokens the inputs' tokens
     * @param returned the items the response held
     * @param dimensions each vector's length, or 0
     */
    public BatchResult {
        if (inputs < 0 || inputTokens < 0 || returned < 0 || dimensions < 0) {
            throw new IllegalArgumentException("counts must be >= 0: inputs=" + inputs + ", inputTokens=" + inputTokens
                    + ", returned=" + returned + ", dimensions=" + dimensions);
        }
    }

    @Override
    public Map<String, Object> logFields() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("inputs", inputs);
        f.put("batchInputTokens", inputTokens);
        f.put("returned", returned);
        if (dimensions > 0) f.put("dimensions", dimensions);
        return f;
    }
}
