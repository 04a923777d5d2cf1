package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.EngineSnapshotBuilder;
import io.benchsuite.sim.EnginePreset;
import io.benchsuite.sim.SimEngineState;
import io.benchsuite.sim.SimPhysics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Accounts what the simulated devices go through: memory over time and its peak, energy from the
 * power model, KV fragmentation sampled once per simulated second. Updated by the engine's driving
 * thread at each step; read from any thread ({@link #usage}), hence synchronized (never contended in
 * virtual time).
 */
final class DeviceMeter {
    /** At most this many seconds of memory curve are kept (11.6 days of simulated time). */
    private static final int MAX_SERIES = 1_000_000;

    private final SimPhysics physics;
    private final int devices;
    private final double weightBytes;
    private final double blockBytes;
    private final long originNanos;
    private final double nanosPerSimSecond;
    private final boolean hasPower;
    private final CompiledGraphs graphs;

    private final long kvBlocks;
    private int usedBlocks;
    private double kvBytesInUse;
    private double activationBytes;
    private double utilisation;
    private final double kvPoolBytes;
    private final boolean preallocates;
    private double peakMemory;
    private double busySeconds;
    private double busyEnergy;
    private double utilisationSeconds;
    private double peakPower = Double.NaN;
    private double trafficBytes;
    private double fragmentationNow;
    private double fragmentationSum;
    private long fragmentationSamples;
    private double fragmentationMax;
    private long lastSampledSecond = -1;
    private double[] series = new double[64];
    private int seriesLength;

    /**
     * @param originNanos the engine's time zero
     * @param timeScale driver nanoseconds per simulated nanosecond (the real-time engine's time scale; 1 in virtual time)
     */
    DeviceMeter(SimPhysics physics, long kvBlocks, long originNanos, double timeScale, CompiledGraphs graphs) {
        this.physics = physics;
        this.graphs = graphs;
        this.kvBlocks = kvBlocks;
        this.kvPoolBytes = kvBlocks * physics.kvBytesPerTokenPerDevice() * physics.tensorParallel() * SimPhysics.BLOCK_TOKENS;
        this.preallocates = physics.engine() != EnginePreset.TRANSFORMERS;
        this.devices = physics.tensorParallel();
        this.weightBytes = physics.weightBytes();
        this.blockBytes = physics.kvBytesPerTokenPerDevice() * devices * SimPhysics.BLOCK_TOKENS;
        this.originNanos = originNanos;
        this.nanosPerSimSecond = 1e9 * timeScale;
        this.hasPower = physics.device().hasPower();
        record(originNanos);
    }

    /** A step starts at {@code nowNanos} with {@code usedBlocks} KV blocks held and these activations on each device. */
    synchronized void stepStarted(long nowNanos, int usedBlocks, double activationBytesPerDevice, double utilisation) {
        fill(nowNanos);
        this.utilisation = utilisation;
        this.usedBlocks = usedBlocks;
        kvBytesInUse = usedBlocks * blockBytes;
        activationBytes = activationBytesPerDevice * devices;
        record(nowNanos);
    }

    /** A step of {@code seconds} (simulated) with this cost ended at {@code endNanos}; {@code usedBlocks} are held now. */
    synchronized void stepEnded(long endNanos, double seconds, SimPhysics.StepCost cost, int usedBlocks, KvBlockPool pool) {
        double utilisation = cost.utilisation();
        // the memory time is the step's bytes at the effective bandwidth, per device
        trafficBytes += cost.memorySeconds() * physics.effectiveBandwidth() * devices;
        fill(endNanos);
        busySeconds += seconds;
        utilisationSeconds += utilisation * seconds;
        if (hasPower) {
            double watts = devices * physics.device().powerWatts(utilisation);
            busyEnergy += watts * seconds;
            peakPower = Double.isNaN(peakPower) ? watts : Math.max(peakPower, watts);
        }
        record(endNanos); // the step's activations count until its end
        activationBytes = 0;
        this.utilisation = 0;
        this.usedBlocks = usedBlocks;
        kvBytesInUse = usedBlocks * blockBytes;
        long second = second(endNanos);
        if (second != lastSampledSecond) {
            lastSampledSecond = second;
            fragmentationNow = pool.fragmentation();
            fragmentationSum += fragmentationNow;
            fragmentationSamples++;
            fragmentationMax = Math.max(fragmentationMax, fragmentationNow);
        }
        record(endNanos);
    }

    /** Blocks were freed or taken outside a step (a cancellation, a shutdown). */
    synchronized void blocksChanged(long nowNanos, int usedBlocks) {
        fill(nowNanos);
        this.usedBlocks = usedBlocks;
        kvBytesInUse = usedBlocks * blockBytes;
        record(nowNanos);
    }

    private double memoryNow() {
        return weightBytes + kvBytesInUse + activationBytes;
    }

    private long second(long nanos) {
        return (long) Math.floor(Math.max(0, nanos - originNanos) / nanosPerSimSecond);
    }

    /** Before a change at {@code nanos}: the seconds up to it (it included) start with what was resident until then. */
    private void fill(long nanos) {
        long s = Math.min(second(nanos), MAX_SERIES - 1L);
        int i = (int) s;
        if (i >= series.length) series = Arrays.copyOf(series, Math.max(series.length * 2, i + 1));
        double resident = memoryNow();
        // a fill, not a loop: the loop's limit check failed now and then in compiled code, and each failure threw
        // away the simulator's whole compiled step (JFR: two recompilations of ~100 ms each in a simulated hour)
        if (seriesLength <= i) {
            Arrays.fill(series, seriesLength, i + 1, resident);
            seriesLength = i + 1;
        }
    }

    /** After a change at {@code nanos}: the new memory counts in its second and in the peak. */
    private void record(long nanos) {
        double m = memoryNow();
        peakMemory = Math.max(peakMemory, m);
        long s = second(nanos);
        if (s >= MAX_SERIES) return;
        fill(nanos);
        int i = (int) s;
        series[i] = Math.max(series[i], m);
    }

    /** The device figures at {@code nowNanos}, with the idle time up to then; counters from the engine's {@code state}. */
    synchronized EngineSnapshotBuilder usage(long nowNanos, SimEngineState state) {
        fill(nowNanos);
        double elapsed = Math.max(0, nowNanos - originNanos) / nanosPerSimSecond;
        double idle = Math.max(0, elapsed - busySeconds);
        double energy = hasPower ? busyEnergy + devices * physics.device().idleWatts() * idle : Double.NaN;
        List<Double> curve = new ArrayList<>(seriesLength);
        for (int i = 0; i < seriesLength; i++) curve.add(series[i]);
        return EngineSnapshot.builder().simulated(true).device(physics.device().name()).devices(devices)
                .memoryCapacityBytes(physics.device().memoryBytes() * devices).weightBytes(weightBytes).kvBytesInUse(kvBytesInUse)
                .activationBytes(activationBytes).memoryBytes(memoryNow()).peakMemoryBytes(peakMemory).kvBlocks(kvBlocks)
                .kvBlocksInUse(usedBlocks).fragmentation(fragmentationNow)
                .meanFragmentation(fragmentationSamples == 0 ? 0 : fragmentationSum / fragmentationSamples)
                .maxFragmentation(fragmentationMax).prefixQueryTokens(state.prefixQueryTokens())
                .prefixHitTokens(state.prefixHitTokens()).generationTokens(state.generationTokens()).energyJoules(energy)
                .elapsedSeconds(elapsed).busySeconds(busySeconds).memoryPerSecond(curve)
                .reservedBytes(weightBytes + (preallocates ? kvPoolBytes : kvBytesInUse) + activationBytes)
                .utilisation(utilisation).powerWatts(hasPower ? devices * physics.device().powerWatts(utilisation) : Double.NaN)
                .meanUtilisation(elapsed > 0 ? Math.min(1, utilisationSeconds / elapsed) : 0)
                .peakPowerWatts(hasPower && Double.isNaN(peakPower) ? devices * physics.device().idleWatts() : peakPower)
                .compilation(switch (graphs.mode()) {
                    case CUDA_GRAPHS -> "cuda-graphs";
                    case AHEAD_OF_TIME -> "ahead-of-time";
                    case NONE -> "eager";
                })
                // compiled with a dynamic batch dimension (or ahead of time): no shape is ever recompiled
                .compilations(graphs.compilations()).recompilations(0).compileSeconds(graphs.compileSeconds())
                .maxCapturedBatch(graphs.maxCaptured()).steps(graphs.steps()).graphRequests(graphs.decodeSteps())
                .graphHits(graphs.replays()).eagerSteps(graphs.eagerSteps())
                .memoryTrafficBytes(trafficBytes)
                .peakMemoryBandwidth(physics.device().memoryBandwidth() * physics.tensorParallel());
    }
}
