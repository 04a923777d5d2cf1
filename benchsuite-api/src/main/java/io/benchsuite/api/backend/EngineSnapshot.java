package io.benchsuite.api.backend;

import java.util.List;

/**
 * What a serving engine did from its start to the moment this was taken: the one value a backend that
 * can see its own engine (the simulator, an in-process engine) gives through {@link Backend#engineSnapshot()}.
 * It holds what a serving stack's {@code /metrics} would expose (request stage sums, prefix-cache hits,
 * tokens) and what the engine's devices went through (memory and its curve, KV-cache fragmentation,
 * energy, compiled code). A run takes one when it starts and one when it ends and reports the figures
 * over the run in its {@code engineSnapshot} section.
 *
 * <p>Counters and sums ({@code prefixQueryTokens}, {@code energyJoules}, {@code queueSeconds}, ...) are
 * running totals since the engine started; figures marked "now" are instantaneous; peaks and means are
 * since the start. A figure the engine cannot know is {@code NaN} (doubles) or 0 (counts). The stage sums
 * follow vLLM's request stages, queue, prefill and decode (each request added when it completes), and are in the
 * clock the backend's events carry, so that queue + prefill + decode = end to end exactly. Memory is the sum over the devices;
 * energy follows the power model {@code idle + utilisation x (TDP - idle)} per device for a simulator.
 * Built with {@link #builder()}; immutable.
 */
public final class EngineSnapshot {
    // the figures, frozen in a builder no one else holds
    private final EngineSnapshotBuilder f;

    EngineSnapshot(EngineSnapshotBuilder b) {
        this.f = b.copy();
        if (f.completedRequests < 0 || f.prefixQueryTokens < 0 || f.prefixHitTokens < 0 || f.generationTokens < 0) {
            throw new IllegalArgumentException("engine snapshot: counts must be >= 0, got requests " + f.completedRequests
                    + ", prefix queries " + f.prefixQueryTokens + ", prefix hits " + f.prefixHitTokens + ", tokens "
                    + f.generationTokens);
        }
    }

    /**
     * A builder whose figures are all unknown (NaN, 0, empty) until set.
     *
     * @return a new builder
     */
    public static EngineSnapshotBuilder builder() {
        return new EngineSnapshotBuilder();
    }

    /**
     * A builder holding this snapshot's figures, to change some of them.
     *
     * @return a new builder
     */
    public EngineSnapshotBuilder toBuilder() {
        return f.copy();
    }

    /** {@return the device the engine models or runs on, e.g. {@code a100-80gb}} */
    public String device() {
        return f.device;
    }

    /** {@return devices in the tensor-parallel group} */
    public int devices() {
        return f.devices;
    }

    /** {@return whether the figures come from a model of the devices (a simulator) rather than from the engine's own measurements} */
    public boolean simulated() {
        return f.simulated;
    }

    /** {@return datasheet memory of all devices, bytes} */
    public double memoryCapacityBytes() {
        return f.memoryCapacityBytes;
    }

    /** {@return model weights on all devices, bytes} */
    public double weightBytes() {
        return f.weightBytes;
    }

    /** {@return KV-cache bytes in blocks held by sequences, now} */
    public double kvBytesInUse() {
        return f.kvBytesInUse;
    }

    /** {@return activation bytes of the step in flight, now (0 when idle)} */
    public double activationBytes() {
        return f.activationBytes;
    }

    /** {@return weights + KV in use + activations, now} */
    public double memoryBytes() {
        return f.memoryBytes;
    }

    /** {@return the largest {@code memoryBytes} since the engine started (not a running total)} */
    public double peakMemoryBytes() {
        return f.peakMemoryBytes;
    }

    /** {@return memory the engine holds from the devices now, as {@code nvidia-smi} would show it (the weights, the KV pool of an engine that allocates it at start, the activations)} */
    public double reservedBytes() {
        return f.reservedBytes;
    }

    /** {@return KV-cache blocks in all (each a fixed number of tokens, 16 in vLLM)} */
    public long kvBlocks() {
        return f.kvBlocks;
    }

    /** {@return KV blocks held by sequences, now} */
    public long kvBlocksInUse() {
        return f.kvBlocksInUse;
    }

    /** {@return the KV allocator's fragmentation now: {@code 1 - longest run of adjacent free blocks / free blocks} (0 when none is free)} */
    public double fragmentation() {
        return f.fragmentation;
    }

    /** {@return mean of {@code fragmentation} sampled once per second while the engine worked (not a running total)} */
    public double meanFragmentation() {
        return f.meanFragmentation;
    }

    /** {@return largest sampled {@code fragmentation}} */
    public double maxFragmentation() {
        return f.maxFragmentation;
    }

    /** {@return prompt tokens looked up in the prefix cache} */
    public long prefixQueryTokens() {
        return f.prefixQueryTokens;
    }

    /** {@return of those, tokens found cached} */
    public long prefixHitTokens() {
        return f.prefixHitTokens;
    }

    /** {@return tokens generated} */
    public long generationTokens() {
        return f.generationTokens;
    }

    /** {@return energy of all devices since the start, joules; NaN without power figures} */
    public double energyJoules() {
        return f.energyJoules;
    }

    /** {@return power of all devices now, watts; NaN without power figures} */
    public double powerWatts() {
        return f.powerWatts;
    }

    /** {@return the highest power of all devices in any step, watts; NaN without power figures} */
    public double peakPowerWatts() {
        return f.peakPowerWatts;
    }

    /** {@return the devices' utilisation now, 0..1 (0 between steps)} */
    public double utilisation() {
        return f.utilisation;
    }

    /** {@return utilisation averaged over the elapsed time, 0..1} */
    public double meanUtilisation() {
        return f.meanUtilisation;
    }

    /** {@return the engine's own seconds since it started (simulated seconds for a simulator)} */
    public double elapsedSeconds() {
        return f.elapsedSeconds;
    }

    /** {@return of those, seconds the devices spent running steps} */
    public double busySeconds() {
        return f.busySeconds;
    }

    /** {@return requests that completed and were added to the stage sums} */
    public long completedRequests() {
        return f.completedRequests;
    }

    /** {@return sum of the completed requests' queue times (arrival to the first step that scheduled them)} */
    public double queueSeconds() {
        return f.queueSeconds;
    }

    /** {@return sum of their prefill times (that step's start to the first token)} */
    public double prefillSeconds() {
        return f.prefillSeconds;
    }

    /** {@return sum of their decode times (first token to last)} */
    public double decodeSeconds() {
        return f.decodeSeconds;
    }

    /** {@return sum of their end-to-end times (arrival to last token)} */
    public double endToEndSeconds() {
        return f.endToEndSeconds;
    }

    /** {@return bytes moved between device memory and the compute units since the start (weights and KV read per step); NaN when not modelled} */
    public double memoryTrafficBytes() {
        return f.memoryTrafficBytes;
    }

    /** {@return the devices' datasheet memory bandwidth in all, bytes/s; NaN when unknown} */
    public double peakMemoryBandwidth() {
        return f.peakMemoryBandwidth;
    }

    /** {@return how the engine runs its forward pass: {@code cuda-graphs}, {@code ahead-of-time}, {@code eager}, or empty when the backend does not say} */
    public String compilation() {
        return f.compilation;
    }

    /** {@return graphs compiled or captured (one per captured batch size; one prebuilt engine)} */
    public long compilations() {
        return f.compilations;
    }

    /** {@return of those, compiled again because a step needed a shape the compiled set did not cover} */
    public long recompilations() {
        return f.recompilations;
    }

    /** {@return seconds spent compiling and capturing at start (the engine's warm-up); NaN when unknown} */
    public double compileSeconds() {
        return f.compileSeconds;
    }

    /** {@return the largest decode batch with a captured graph, 0 without graphs} */
    public int maxCapturedBatch() {
        return f.maxCapturedBatch;
    }

    /** {@return engine steps (forward passes) run} */
    public long steps() {
        return f.steps;
    }

    /** {@return decode-only steps: the steps a compiled graph could serve} */
    public long graphRequests() {
        return f.graphRequests;
    }

    /** {@return of those, steps compiled code served (a replayed graph, the prebuilt engine)} */
    public long graphHits() {
        return f.graphHits;
    }

    /** {@return steps that launched their kernels eagerly} */
    public long eagerSteps() {
        return f.eagerSteps;
    }

    /** {@return the peak {@code memoryBytes} of each second since the start (index = second)} */
    public List<Double> memoryPerSecond() {
        return f.memoryPerSecond;
    }

    /**
     * How often each position of the KV cache was read since the engine started: one count per block per step
     * that attended to the tokens it holds, indexed by the block's position in device memory (the per-line
     * access counts of the spatial locality entropy, SLE).
     *
     * @return a copy; empty when the engine does not count them
     */
    public long[] kvBlockReads() {
        return f.kvBlockReads.clone();
    }

    /** {@return the prefix-cache hit rate in tokens: hit tokens / queried tokens, 0 when nothing was queried} */
    public double prefixHitRate() {
        return f.prefixQueryTokens == 0 ? 0 : (double) f.prefixHitTokens / f.prefixQueryTokens;
    }

    /** {@return {@code recompilations / compilations}; NaN when nothing was compiled} */
    public double recompileRatio() {
        return f.compilations == 0 ? Double.NaN : (double) f.recompilations / f.compilations;
    }

    /** {@return {@code graphHits / graphRequests}; NaN before the first decode-only step or when the engine does not say} */
    public double graphHitRate() {
        return f.graphRequests == 0 ? Double.NaN : (double) f.graphHits / f.graphRequests;
    }

    /** {@return joules per generated token since the start; NaN before the first token or without power figures} */
    public double energyPerOutputToken() {
        return f.generationTokens == 0 ? Double.NaN : f.energyJoules / f.generationTokens;
    }

    /** {@return the mean power of all devices since the start, watts; NaN without power figures or elapsed time} */
    public double averagePowerWatts() {
        return f.elapsedSeconds > 0 ? f.energyJoules / f.elapsedSeconds : Double.NaN;
    }

    /** {@return {@code peakMemoryBytes / memoryCapacityBytes}} */
    public double peakMemoryShare() {
        return f.peakMemoryBytes / f.memoryCapacityBytes;
    }

    /** {@return the share of the elapsed time the devices were running steps, 0..1} */
    public double busyShare() {
        return f.elapsedSeconds > 0 ? Math.min(1, f.busySeconds / f.elapsedSeconds) : 0;
    }

    @Override
    public String toString() {
        return "EngineSnapshot[" + f.device + " x" + f.devices + (f.simulated ? " simulated" : "") + ", " + f.elapsedSeconds
                + " s, " + f.completedRequests + " requests, " + f.generationTokens + " tokens, peak memory "
                + f.peakMemoryBytes + " B]";
    }
}
