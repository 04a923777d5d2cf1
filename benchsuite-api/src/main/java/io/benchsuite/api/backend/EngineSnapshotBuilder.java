package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.List;

/**
 * Sets the figures of an {@link EngineSnapshot} (each described at its accessor there); those not set stay unknown.
 * Made by {@link EngineSnapshot#builder()}.
 */
public final class EngineSnapshotBuilder {
    String device = "";
    int devices = 1;
    boolean simulated = false;
    double memoryCapacityBytes = Double.NaN;
    double weightBytes = Double.NaN;
    double kvBytesInUse = Double.NaN;
    double activationBytes = Double.NaN;
    double memoryBytes = Double.NaN;
    double peakMemoryBytes = Double.NaN;
    double reservedBytes = Double.NaN;
    long kvBlocks = 0;
    long kvBlocksInUse = 0;
    double fragmentation = Double.NaN;
    double meanFragmentation = Double.NaN;
    double maxFragmentation = Double.NaN;
    long prefixQueryTokens = 0;
    long prefixHitTokens = 0;
    long generationTokens = 0;
    double energyJoules = Double.NaN;
    double powerWatts = Double.NaN;
    double peakPowerWatts = Double.NaN;
    double utilisation = Double.NaN;
    double meanUtilisation = Double.NaN;
    double elapsedSeconds = 0;
    double busySeconds = 0;
    long completedRequests = 0;
    double queueSeconds = 0;
    double prefillSeconds = 0;
    double decodeSeconds = 0;
    double endToEndSeconds = 0;
    double memoryTrafficBytes = Double.NaN;
    double peakMemoryBandwidth = Double.NaN;
    String compilation = "";
    long compilations = 0;
    long recompilations = 0;
    double compileSeconds = Double.NaN;
    int maxCapturedBatch = 0;
    long steps = 0;
    long graphRequests = 0;
    long graphHits = 0;
    long eagerSteps = 0;
    List<Double> memoryPerSecond = List.of();
    long[] kvBlockReads = new long[0];

    EngineSnapshotBuilder() {}

    EngineSnapshotBuilder copy() {
        EngineSnapshotBuilder b = new EngineSnapshotBuilder();
        b.device = device;
        b.devices = devices;
        b.simulated = simulated;
        b.memoryCapacityBytes = memoryCapacityBytes;
        b.weightBytes = weightBytes;
        b.kvBytesInUse = kvBytesInUse;
        b.activationBytes = activationBytes;
        b.memoryBytes = memoryBytes;
        b.peakMemoryBytes = peakMemoryBytes;
        b.reservedBytes = reservedBytes;
        b.kvBlocks = kvBlocks;
        b.kvBlocksInUse = kvBlocksInUse;
        b.fragmentation = fragmentation;
        b.meanFragmentation = meanFragmentation;
        b.maxFragmentation = maxFragmentation;
        b.prefixQueryTokens = prefixQueryTokens;
        b.prefixHitTokens = prefixHitTokens;
        b.generationTokens = generationTokens;
        b.energyJoules = energyJoules;
        b.powerWatts = powerWatts;
        b.peakPowerWatts = peakPowerWatts;
        b.utilisation = utilisation;
        b.meanUtilisation = meanUtilisation;
        b.elapsedSeconds = elapsedSeconds;
        b.busySeconds = busySeconds;
        b.completedRequests = completedRequests;
        b.queueSeconds = queueSeconds;
        b.prefillSeconds = prefillSeconds;
        b.decodeSeconds = decodeSeconds;
        b.endToEndSeconds = endToEndSeconds;
        b.memoryTrafficBytes = memoryTrafficBytes;
        b.peakMemoryBandwidth = peakMemoryBandwidth;
        b.compilation = compilation;
        b.compilations = compilations;
        b.recompilations = recompilations;
        b.compileSeconds = compileSeconds;
        b.maxCapturedBatch = maxCapturedBatch;
        b.steps = steps;
        b.graphRequests = graphRequests;
        b.graphHits = graphHits;
        b.eagerSteps = eagerSteps;
        b.memoryPerSecond = memoryPerSecond;
        b.kvBlockReads = kvBlockReads.clone();
        return b;
    }

    /**
     * {@return this builder}
     *
     * @param device the device the engine models or runs on, e.g. {@code a100-80gb}
     */
    public EngineSnapshotBuilder device(String device) {
        this.device = notNull(device, "device");
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param devices devices in the tensor-parallel group
     */
    public EngineSnapshotBuilder devices(int devices) {
        this.devices = devices;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param simulated whether the figures come from a model of the devices (a simulator) rather than from the engine's own measurements
     */
    public EngineSnapshotBuilder simulated(boolean simulated) {
        this.simulated = simulated;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param memoryCapacityBytes datasheet memory of all devices, bytes
     */
    public EngineSnapshotBuilder memoryCapacityBytes(double memoryCapacityBytes) {
        this.memoryCapacityBytes = memoryCapacityBytes;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param weightBytes model weights on all devices, bytes
     */
    public EngineSnapshotBuilder weightBytes(double weightBytes) {
        this.weightBytes = weightBytes;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param kvBytesInUse KV-cache bytes in blocks held by sequences, now
     */
    public EngineSnapshotBuilder kvBytesInUse(double kvBytesInUse) {
        this.kvBytesInUse = kvBytesInUse;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param activationBytes activation bytes of the step in flight, now (0 when idle)
     */
    public EngineSnapshotBuilder activationBytes(double activationBytes) {
        this.activationBytes = activationBytes;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param memoryBytes weights + KV in use + activations, now
     */
    public EngineSnapshotBuilder memoryBytes(double memoryBytes) {
        this.memoryBytes = memoryBytes;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param peakMemoryBytes the largest {@code memoryBytes} since the engine started (not a running total)
     */
    public EngineSnapshotBuilder peakMemoryBytes(double peakMemoryBytes) {
        this.peakMemoryBytes = peakMemoryBytes;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param reservedBytes memory the engine holds from the devices now, as {@code nvidia-smi} would show it (the weights, the KV pool of an engine that allocates it at start, the activations)
     */
    public EngineSnapshotBuilder reservedBytes(double reservedBytes) {
        this.reservedBytes = reservedBytes;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param kvBlocks KV-cache blocks in all (each a fixed number of tokens, 16 in vLLM)
     */
    public EngineSnapshotBuilder kvBlocks(long kvBlocks) {
        this.kvBlocks = kvBlocks;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param kvBlocksInUse KV blocks held by sequences, now
     */
    public EngineSnapshotBuilder kvBlocksInUse(long kvBlocksInUse) {
        this.kvBlocksInUse = kvBlocksInUse;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param fragmentation the KV allocator's fragmentation now: {@code 1 - longest run of adjacent free blocks / free blocks} (0 when none is free)
     */
    public EngineSnapshotBuilder fragmentation(double fragmentation) {
        this.fragmentation = fragmentation;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param meanFragmentation mean of {@code fragmentation} sampled once per second while the engine worked (not a running total)
     */
    public EngineSnapshotBuilder meanFragmentation(double meanFragmentation) {
        this.meanFragmentation = meanFragmentation;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param maxFragmentation largest sampled {@code fragmentation}
     */
    public EngineSnapshotBuilder maxFragmentation(double maxFragmentation) {
        this.maxFragmentation = maxFragmentation;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param prefixQueryTokens prompt tokens looked up in the prefix cache
     */
    public EngineSnapshotBuilder prefixQueryTokens(long prefixQueryTokens) {
        this.prefixQueryTokens = prefixQueryTokens;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param prefixHitTokens of those, tokens found cached
     */
    public EngineSnapshotBuilder prefixHitTokens(long prefixHitTokens) {
        this.prefixHitTokens = prefixHitTokens;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param generationTokens tokens generated
     */
    public EngineSnapshotBuilder generationTokens(long generationTokens) {
        this.generationTokens = generationTokens;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param energyJoules energy of all devices since the start, joules; NaN without power figures
     */
    public EngineSnapshotBuilder energyJoules(double energyJoules) {
        this.energyJoules = energyJoules;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param powerWatts power of all devices now, watts; NaN without power figures
     */
    public EngineSnapshotBuilder powerWatts(double powerWatts) {
        this.powerWatts = powerWatts;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param peakPowerWatts the highest power of all devices in any step, watts; NaN without power figures
     */
    public EngineSnapshotBuilder peakPowerWatts(double peakPowerWatts) {
        this.peakPowerWatts = peakPowerWatts;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param utilisation the devices' utilisation now, 0..1 (0 between steps)
     */
    public EngineSnapshotBuilder utilisation(double utilisation) {
        this.utilisation = utilisation;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param meanUtilisation utilisation averaged over the elapsed time, 0..1
     */
    public EngineSnapshotBuilder meanUtilisation(double meanUtilisation) {
        this.meanUtilisation = meanUtilisation;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param elapsedSeconds the engine's own seconds since it started (simulated seconds for a simulator)
     */
    public EngineSnapshotBuilder elapsedSeconds(double elapsedSeconds) {
        this.elapsedSeconds = elapsedSeconds;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param busySeconds of those, seconds the devices spent running steps
     */
    public EngineSnapshotBuilder busySeconds(double busySeconds) {
        this.busySeconds = busySeconds;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param completedRequests requests that completed and were added to the stage sums
     */
    public EngineSnapshotBuilder completedRequests(long completedRequests) {
        this.completedRequests = completedRequests;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param queueSeconds sum of the completed requests' queue times (arrival to the first step that scheduled them)
     */
    public EngineSnapshotBuilder queueSeconds(double queueSeconds) {
        this.queueSeconds = queueSeconds;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param prefillSeconds sum of their prefill times (that step's start to the first token)
     */
    public EngineSnapshotBuilder prefillSeconds(double prefillSeconds) {
        this.prefillSeconds = prefillSeconds;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param decodeSeconds sum of their decode times (first token to last)
     */
    public EngineSnapshotBuilder decodeSeconds(double decodeSeconds) {
        this.decodeSeconds = decodeSeconds;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param endToEndSeconds sum of their end-to-end times (arrival to last token)
     */
    public EngineSnapshotBuilder endToEndSeconds(double endToEndSeconds) {
        this.endToEndSeconds = endToEndSeconds;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param memoryTrafficBytes bytes moved between device memory and the compute units since the start (weights and KV read per step); NaN when not modelled
     */
    public EngineSnapshotBuilder memoryTrafficBytes(double memoryTrafficBytes) {
        this.memoryTrafficBytes = memoryTrafficBytes;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param peakMemoryBandwidth the devices' datasheet memory bandwidth in all, bytes/s; NaN when unknown
     */
    public EngineSnapshotBuilder peakMemoryBandwidth(double peakMemoryBandwidth) {
        this.peakMemoryBandwidth = peakMemoryBandwidth;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param compilation how the engine runs its forward pass: {@code cuda-graphs}, {@code ahead-of-time}, {@code eager}, or empty when the backend does not say
     */
    public EngineSnapshotBuilder compilation(String compilation) {
        this.compilation = notNull(compilation, "compilation");
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param compilations graphs compiled or captured (one per captured batch size; one prebuilt engine)
     */
    public EngineSnapshotBuilder compilations(long compilations) {
        this.compilations = compilations;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param recompilations of those, compiled again because a step needed a shape the compiled set did not cover
     */
    public EngineSnapshotBuilder recompilations(long recompilations) {
        this.recompilations = recompilations;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param compileSeconds seconds spent compiling and capturing at start (the engine's warm-up); NaN when unknown
     */
    public EngineSnapshotBuilder compileSeconds(double compileSeconds) {
        this.compileSeconds = compileSeconds;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param maxCapturedBatch the largest decode batch with a captured graph, 0 without graphs
     */
    public EngineSnapshotBuilder maxCapturedBatch(int maxCapturedBatch) {
        this.maxCapturedBatch = maxCapturedBatch;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param steps engine steps (forward passes) run
     */
    public EngineSnapshotBuilder steps(long steps) {
        this.steps = steps;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param graphRequests decode-only steps: the steps a compiled graph could serve
     */
    public EngineSnapshotBuilder graphRequests(long graphRequests) {
        this.graphRequests = graphRequests;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param graphHits of those, steps compiled code served (a replayed graph, the prebuilt engine)
     */
    public EngineSnapshotBuilder graphHits(long graphHits) {
        this.graphHits = graphHits;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param eagerSteps steps that launched their kernels eagerly
     */
    public EngineSnapshotBuilder eagerSteps(long eagerSteps) {
        this.eagerSteps = eagerSteps;
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param memoryPerSecond the peak {@code memoryBytes} of each second since the start (index = second)
     */
    public EngineSnapshotBuilder memoryPerSecond(List<Double> memoryPerSecond) {
        this.memoryPerSecond = List.copyOf(notNull(memoryPerSecond, "memoryPerSecond"));
        return this;
    }

    /**
     * {@return this builder}
     *
     * @param kvBlockReads the reads per KV block position since the start (copied); see {@link EngineSnapshot#kvBlockReads()}
     */
    public EngineSnapshotBuilder kvBlockReads(long[] kvBlockReads) {
        this.kvBlockReads = notNull(kvBlockReads, "kvBlockReads").clone();
        return this;
    }

    /**
     * The snapshot.
     *
     * @return an immutable snapshot of the figures set
     * @throws IllegalArgumentException when a count is negative
     */
    public EngineSnapshot build() {
        return new EngineSnapshot(this);
    }
}
