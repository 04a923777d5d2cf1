package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

/**
 * What a backend that is its own serving engine (the simulator, an in-process engine) knows about its
 * server side, as running totals since the engine started: what a serving stack's {@code /metrics} would
 * expose. A run reads the totals when it starts and when it ends and reports the differences
 * ({@link EngineTotalsSource}). A figure the engine cannot know is {@code NaN}.
 *
 * <p>The phase sums follow vLLM's request phases: <em>queue</em> from arrival to the first step that
 * schedules the request, <em>prefill</em> from there to its first token, <em>decode</em> from the first token
 * to the last, <em>end to end</em> from arrival to the last token; each request is added when it completes,
 * so the four sums cover the same requests and queue + prefill + decode = end to end exactly. They are in the
 * clock the backend's events carry (the client's, for a backend that reports {@link System#nanoTime()}).
 *
 * @param device the device the engine models or runs on, e.g. {@code a100-80gb}
 * @param completedRequests requests that completed and were added to the phase sums
 * @param queueSeconds sum of the completed requests' queue times
 * @param prefillSeconds sum of their prefill times
 * @param decodeSeconds sum of their decode times
 * @param endToEndSeconds sum of their end-to-end times
 * @param prefixQueryTokens prompt tokens looked up in a prefix cache
 * @param prefixHitTokens of those, tokens found cached
 * @param generationTokens tokens generated
 * @param energyJoules energy of the devices, joules; NaN when not modelled
 * @param peakMemoryBytes the largest device memory in use since the start (not a running total), bytes; NaN when unknown
 * @param memoryCapacityBytes device memory in all, bytes; NaN when unknown
 * @param meanKvFragmentation the KV-cache allocator's fragmentation (1 − largest free block ÷ free blocks) averaged
 *     since the start (not a running total); NaN when unknown
 * @param deviceSeconds the engine's own seconds since the start (simulated seconds for the simulator)
 * @param busySeconds of those, seconds the devices spent running steps
 * @param memoryTrafficBytes bytes moved between device memory and the compute units (weights and KV cache read per
 *     step); NaN when not modelled
 * @param peakMemoryBandwidth the devices' datasheet memory bandwidth in all, bytes/s; NaN when unknown
 */
public record EngineTotals(String device, long completedRequests, double queueSeconds, double prefillSeconds,
                           double decodeSeconds, double endToEndSeconds, long prefixQueryTokens, long prefixHitTokens,
                           long generationTokens, double energyJoules, double peakMemoryBytes, double memoryCapacityBytes,
                           double meanKvFragmentation, double deviceSeconds, double busySeconds, double memoryTrafficBytes,
                           double peakMemoryBandwidth) {

    /**
     * Checks the counts.
     *
     * @param device the device
     * @param completedRequests requests in the phase sums
     * @param queueSeconds queue sum
     * @param prefillSeconds prefill sum
     * @param decodeSeconds decode sum
     * @param endToEndSeconds end-to-end sum
     * @param prefixQueryTokens prefix-cache queries
     * @param prefixHitTokens prefix-cache hits
     * @param generationTokens tokens generated
     * @param energyJoules energy
     * @param peakMemoryBytes memory peak
     * @param memoryCapacityBytes memory capacity
     * @param meanKvFragmentation mean KV fragmentation
     * @param deviceSeconds engine seconds
     * @param busySeconds busy seconds
     * @param memoryTrafficBytes memory traffic
     * @param peakMemoryBandwidth datasheet bandwidth
     */
    public EngineTotals {
        notNull(device, "device");
        if (completedRequests < 0 || prefixQueryTokens < 0 || prefixHitTokens < 0 || generationTokens < 0) {
            throw new IllegalArgumentException("engine totals: counts must be >= 0, got requests " + completedRequests
                    + ", prefix queries " + prefixQueryTokens + ", prefix hits " + prefixHitTokens + ", tokens " + generationTokens);
        }
    }
}
