package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.List;

/**
 * What the devices of a serving engine went through, from the engine's start to the moment this was
 * taken: the device figures of the report's headline (memory peak, KV-cache fragmentation,
 * prefix-cache hit rate, energy per token) and the memory curve behind them. A backend that can see
 * its own devices (the simulator) returns it from {@link Backend#deviceUsage()}, which a run reads
 * when it ends. Times are the engine's seconds: simulated seconds for a simulator.
 *
 * <p>Memory is the sum over the {@code devices}: the weights, the KV blocks in use (held by a running
 * sequence; cached but free blocks are free memory, as in vLLM) and the activations of the step in
 * flight. Energy follows the power model {@code idle + utilisation x (TDP - idle)} per device, with
 * the utilisation of each engine step and idle power between steps; NaN when the device has no power
 * figures. Fragmentation is {@code 1 - largest free block / total free} of the KV-cache allocator,
 * where a free block is a run of adjacent free KV blocks.
 *
 * @param device the device profile's name
 * @param devices devices in the tensor-parallel group
 * @param memoryCapacityBytes datasheet memory of all devices
 * @param weightBytes weights on all devices
 * @param kvBytesInUse KV-cache bytes in blocks held by sequences, now
 * @param activationBytes activation bytes of the step in flight, now (0 when idle)
 * @param memoryBytes weights + KV in use + activations, now
 * @param peakMemoryBytes the largest {@code memoryBytes} seen
 * @param kvBlocks KV-cache blocks in all (each a fixed number of tokens, 16 in vLLM)
 * @param kvBlocksInUse blocks held by sequences, now
 * @param fragmentation {@code 1 - longest run of adjacent free blocks / free blocks}, now (0 when none is free)
 * @param meanFragmentation mean of {@code fragmentation} sampled once per second while the engine worked
 * @param maxFragmentation largest sampled {@code fragmentation}
 * @param prefixQueryTokens prompt tokens looked up in the prefix cache
 * @param prefixHitTokens of those, tokens found cached
 * @param generationTokens tokens generated
 * @param energyJoules energy of all devices since the start, joules; NaN without power figures
 * @param elapsedSeconds seconds since the engine started
 * @param busySeconds seconds the devices spent in steps
 * @param memoryPerSecond the peak {@code memoryBytes} of each second since the start (index = second)
 * @param reservedBytes memory the engine holds from the devices now, as {@code nvidia-smi} would show it: the weights,
 *     the whole KV pool of an engine that allocates it at start (or what its sequences use, for one that
 *     allocates as it goes) and the activations of the step in flight
 * @param utilisation the devices' utilisation now: the power model's utilisation of the step in flight, 0 between steps
 * @param powerWatts power of all devices now, watts; NaN without power figures
 * @param meanUtilisation utilisation averaged over the elapsed time (0 between steps), 0..1
 * @param peakPowerWatts the highest power of all devices in any step, watts; NaN without power figures
 */
public record DeviceUsage(String device, int devices, double memoryCapacityBytes, double weightBytes, double kvBytesInUse,
                          double activationBytes, double memoryBytes, double peakMemoryBytes, long kvBlocks, long kvBlocksInUse,
                          double fragmentation, double meanFragmentation, double maxFragmentation, long prefixQueryTokens,
                          long prefixHitTokens, long generationTokens, double energyJoules, double elapsedSeconds,
                          double busySeconds, List<Double> memoryPerSecond, double reservedBytes, double utilisation,
                          double powerWatts, double meanUtilisation, double peakPowerWatts) {

    /**
     * Checks the names and copies the memory curve.
     *
     * @param device the device profile's name
     * @param devices devices in the tensor-parallel group
     * @param memoryCapacityBytes datasheet memory of all devices
     * @param weightBytes weights on all devices
     * @param kvBytesInUse KV-cache bytes in blocks held by sequences, now
     * @param activationBytes activation bytes of the step in flight, now
     * @param memoryBytes weights + KV in use + activations, now
     * @param peakMemoryBytes the largest {@code memoryBytes} seen
     * @param kvBlocks KV-cache blocks in all
     * @param kvBlocksInUse blocks held by sequences, now
     * @param fragmentation {@code 1 - longest run of adjacent free blocks / free blocks}, now
     * @param meanFragmentation mean of the sampled {@code fragmentation}
     * @param maxFragmentation largest sampled {@code fragmentation}
     * @param prefixQueryTokens prompt tokens looked up in the prefix cache
     * @param prefixHitTokens of those, tokens found cached
     * @param generationTokens tokens generated
     * @param energyJoules energy of all devices since the start, joules
     * @param elapsedSeconds seconds since the engine started
     * @param busySeconds seconds the devices spent in steps
     * @param memoryPerSecond the peak {@code memoryBytes} of each second since the start
     * @param reservedBytes memory the engine holds from the devices now
     * @param utilisation the devices' utilisation now
     * @param powerWatts power of all devices now, watts
     * @param meanUtilisation utilisation averaged over the elapsed time
     * @param peakPowerWatts the highest power of all devices in any step, watts
     */
    public DeviceUsage {
        notNull(device, "device");
        memoryPerSecond = List.copyOf(notNull(memoryPerSecond, "memoryPerSecond"));
    }

    /**
     * Prefix-cache hit rate in tokens.
     *
     * @return hit tokens / queried tokens, 0 when nothing was queried
     */
    public double prefixHitRate() {
        return prefixQueryTokens == 0 ? 0 : (double) prefixHitTokens / prefixQueryTokens;
    }

    /**
     * Energy per generated token.
     *
     * @return joules per token; NaN before the first token or without power figures
     */
    public double energyPerOutputToken() {
        return generationTokens == 0 ? Double.NaN : energyJoules / generationTokens;
    }

    /**
     * Mean power of all devices since the start.
     *
     * @return watts; NaN without power figures or elapsed time
     */
    public double averagePowerWatts() {
        return elapsedSeconds > 0 ? energyJoules / elapsedSeconds : Double.NaN;
    }

    /**
     * The memory peak's share of the devices' memory.
     *
     * @return {@code peakMemoryBytes / memoryCapacityBytes}
     */
    public double peakMemoryShare() {
        return peakMemoryBytes / memoryCapacityBytes;
    }

    /**
     * Share of the elapsed time the devices were running steps.
     *
     * @return 0..1
     */
    public double busyShare() {
        return elapsedSeconds > 0 ? Math.min(1, busySeconds / elapsedSeconds) : 0;
    }
}
