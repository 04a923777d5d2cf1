package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;

/**
 * The report's {@code engine} section: what a backend that is its own serving engine (the simulator) told
 * about its server side over the run, from the differences of its running totals between the run's start
 * and end ({@link io.benchsuite.api.backend.EngineTotals}). Queue, prefill and decode are exact per-request
 * sums of vLLM's request phases; memory peak and fragmentation are since the engine started. A figure the
 * engine does not know is {@code NaN} ({@code null} in JSON).
 *
 * @param source the backend's name, e.g. {@code sim}
 * @param device the device it models or runs on
 * @param requests requests completed during the run (those the phase means are over)
 * @param queueMs mean time from arrival at the engine to the first step that scheduled the request
 * @param prefillMs mean time from that step's start to the first token
 * @param decodeMs mean time from the first token to the last
 * @param e2eMs mean end-to-end time at the engine (= queue + prefill + decode)
 * @param prefixCacheHitRate prompt tokens found in the prefix cache ÷ prompt tokens looked up, 0..1; {@code NaN}
 *     when nothing was looked up (no prefix caching)
 * @param generationTokens tokens generated during the run
 * @param energyJoules energy of the devices during the run (power model)
 * @param energyPerOutputToken energy ÷ generated tokens, joules
 * @param averagePowerWatts energy ÷ the engine's seconds
 * @param peakMemoryBytes the largest device memory in use since the engine started (weights, KV in use, activations)
 * @param memoryCapacityBytes device memory in all
 * @param meanKvFragmentation the KV allocator's fragmentation (1 − largest free block ÷ free blocks), mean since the start
 * @param deviceSeconds the engine's own seconds over the run (simulated seconds for the simulator)
 * @param busyShare share of those seconds the devices ran steps, 0..1
 * @param memoryTrafficBytes bytes moved between device memory and compute units over the run (weights and KV cache read)
 * @param peakMemoryBandwidth the devices' datasheet bandwidth in all, bytes/s
 * @param kvReadEntropyBits the spatial locality entropy (SLE) of the KV cache's reads over the run, in bits: −Σ p log2 p
 *     over the KV blocks, p a block's share of the block reads (a KV block is the line); {@code NaN} when the engine does
 *     not count its reads or read none
 * @param kvBlocks N, the KV blocks the entropy is over (the whole pool, blocks never read included); {@code NaN} when unknown
 */
public record EngineSection(String source, String device, long requests, double queueMs, double prefillMs, double decodeMs,
                            double e2eMs, double prefixCacheHitRate, long generationTokens, double energyJoules,
                            double energyPerOutputToken, double averagePowerWatts, double peakMemoryBytes,
                            double memoryCapacityBytes, double meanKvFragmentation, double deviceSeconds, double busyShare,
                            double memoryTrafficBytes, double peakMemoryBandwidth, double kvReadEntropyBits,
                            double kvBlocks) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "engine";

    @Override
    public String key() {
        return KEY;
    }

    /** Whether the three phase means are known. */
    public boolean phasesKnown() {
        return requests > 0 && Double.isFinite(queueMs) && Double.isFinite(prefillMs) && Double.isFinite(decodeMs);
    }
}
