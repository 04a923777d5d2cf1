package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.List;

/**
 * The texts one embeddings, rerank or score request carries: a batch of inputs (the texts to embed, the
 * documents to rank against a query, the second texts of the pairs to score) and, for rerank and score,
 * the query they are compared with. A request extra ({@link RequestExtras}): an HTTP backend that calls
 * such an endpoint sends these instead of the chat messages; a generating backend ignores it.
 *
 * <p>Why the token counts travel with the texts: the run's figures (input tokens per second) count the
 * tokens each input had under the run's tokenizer, the same count the workload's length distribution drew.
 *
 * @param inputs the batch's texts, at least one
 * @param inputTokens each input's length in tokens under the run's tokenizer, one per input
 * @param query the text the inputs are compared with (rerank, score), or {@code null} for embeddings
 * @param queryTokens the query's length in tokens, 0 without a query
 */
public record BatchInputs(List<String> inputs, List<Integer> inputTokens, String query, int queryTokens) {

    /**
     * Checks the sizes agree and copies the lists.
     *
     * @param inputs the batch's texts, at least one
     * @param inputTokens each input's length in tokens, one per input
     * @param query the query, or {@code null}
     * @param queryTokens the query's length in tokens, 0 without a query
     */
    public BatchInputs {
        inputs = List.copyOf(notNull(inputs, "inputs"));
        inputTokens = List.copyOf(notNull(inputTokens, "inputTokens"));
        if (inputs.isEmpty()) throw new IllegalArgumentException("a batch needs at least one input");
        if (inputs.size() != inputTokens.size()) {
            throw new IllegalArgumentException("inputTokens has " + inputTokens.size() + " counts for " + inputs.size()
                    + " inputs");
        }
        if (queryTokens < 0 || (query == null && queryTokens != 0)) {
            throw new IllegalArgumentException("queryTokens must be >= 0, and 0 without a query, got " + queryTokens);
        }
    }

    /**
     * A batch of inputs without a query (embeddings).
     *
     * @param inputs the texts
     * @param inputTokens each text's length in tokens
     * @return the batch
     */
    public static BatchInputs of(List<String> inputs, List<Integer> inputTokens) {
        return new BatchInputs(inputs, inputTokens, null, 0);
    }

    /**
     * How many inputs the batch holds.
     *
     * @return the batch size
     */
    public int size() {
        return inputs.size();
    }

    /**
     * The inputs' tokens together, the query's excluded.
     *
     * @return the sum of {@link #inputTokens()}
     */
    public long totalInputTokens() {
        long sum = 0;
        for (int t : inputTokens) sum += t;
        return sum;
    }
}
