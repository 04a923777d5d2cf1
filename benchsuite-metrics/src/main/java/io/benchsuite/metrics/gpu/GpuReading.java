package io.benchsuite.metrics.gpu;

/**
 * One sample of the GPUs, aggregated over the devices: mean utilisation, total memory, total power.
 *
 * @param gpus devices read
 * @param utilPct mean utilisation, %, NaN when not reported
 * @param memoryUsedBytes total memory used, bytes, NaN when not reported
 * @param powerW total power draw, watts, NaN when not reported
 */
public record GpuReading(int gpus, double utilPct, double memoryUsedBytes, double powerW) {}
