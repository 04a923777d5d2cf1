package io.benchsuite.core.analysis.decomposition;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.List;

/**
 * How end-to-end latency splits into queueing, prefill and decode, as shares of the mean E2E. The shares
 * add up to 1 with {@code other}, the part no stage accounts for (network, HTTP and tokenisation around a
 * server's own stages); {@code other} is 0 for an exact per-request partition.
 *
 * @param source where the figures come from, e.g. {@code client} or {@code server (vllm histograms)}
 * @param requests how many requests the means are over
 * @param meanE2eMs mean end-to-end latency the shares are of, milliseconds
 * @param queueing share spent waiting (client wait, server queue)
 * @param prefill share until the first token (prompt processing)
 * @param decode share from the first token to the last
 * @param other share not accounted for by the three stages
 * @param notes what the reader must know to read the shares
 */
public record StageShares(String source, long requests, double meanE2eMs, double queueing, double prefill, double decode,
                          double other, List<String> notes) {

    /**
     * Copies the notes.
     *
     * @param source where the figures come from
     * @param requests how many requests
     * @param meanE2eMs mean E2E
     * @param queueing queueing share
     * @param prefill prefill share
     * @param decode decode share
     * @param other unaccounted share
     * @param notes notes
     */
    public StageShares {
        notNull(source, "source");
        notes = List.copyOf(notes);
    }
}
