/**
 * The report's {@code gpu} section: {@link io.benchsuite.metrics.gpu.GpuTelemetry} samples the GPUs
 * during a run from a {@link io.benchsuite.metrics.gpu.GpuSource} ({@link io.benchsuite.metrics.gpu.NvidiaSmi}
 * or a {@link io.benchsuite.metrics.gpu.DcgmExporter}) and reports utilisation, memory, power and
 * energy, or that no source was available.
 */
package io.benchsuite.metrics.gpu;
