package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;

/**
 * The report's {@code batches} section: the figures of an embeddings, rerank or score run, whose requests
 * each carry a batch of inputs and generate no token (so there is no time to first token nor inter-token
 * latency; the request latency is the end-to-end one). Over the measured window (first measured scheduled
 * instant to the last measured end, the window of the report's other rates); only successful requests'
 * inputs count: a response holding fewer items than its inputs failed.
 *
 * <pre>{@code
 * "batches": {"requests": 40, "inputs": 1280, "inputTokens": 327680, "serverPromptTokens": 327680,
 *             "meanBatchSize": 32.0, "windowSeconds": 4.02, "inputsPerSecond": 318.4,
 *             "inputTokensPerSecond": 81511.4, "shortResponses": 0}
 * }</pre>
 *
 * @param requests successful measured requests that carried a batch
 * @param inputs their inputs
 * @param inputTokens their inputs' tokens under the run's tokenizer (a rerank or score query's excluded)
 * @param serverPromptTokens the prompt tokens the server reported for them, or -1 when it reported none
 * @param meanBatchSize inputs per successful request ({@code NaN} with none)
 * @param windowSeconds the measured window in seconds
 * @param inputsPerSecond {@code inputs} over the window ({@code NaN} with an empty window)
 * @param inputTokensPerSecond {@code inputTokens} over the window ({@code NaN} with an empty window)
 * @param shortResponses measured requests that failed because the response held fewer items than inputs
 */
public record BatchSection(long requests, long inputs, long inputTokens, long serverPromptTokens, double meanBatchSize,
                           double windowSeconds, double inputsPerSecond, double inputTokensPerSecond, long shortResponses)
        implements ReportSection {
    /** The section's key. */
    public static final String KEY = "batches";

    @Override
    public String key() {
        return KEY;
    }
}
