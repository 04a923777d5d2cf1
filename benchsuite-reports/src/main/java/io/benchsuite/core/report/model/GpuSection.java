package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;

/**
 * The report's {@code gpu} section: accelerator telemetry from nvidia-smi or a DCGM exporter.
 *
 * @param source where the readings came from, or {@code null} when no source was found
 * @param available whether at least one reading was taken
 * @param reason why there are no readings, or {@code null} when available
 * @param utilPct GPU utilisation, %
 * @param memoryUsedBytes accelerator memory in use
 * @param powerW power draw, watts
 * @param energyJoules energy over the run (trapezoid over the power samples)
 */
public record GpuSection(String source, boolean available, String reason, MeanPeak utilPct, MemoryPeak memoryUsedBytes,
                         MeanPeak powerW, double energyJoules) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "gpu";

    public GpuSection {
        utilPct = utilPct == null ? MeanPeak.UNKNOWN : utilPct;
        memoryUsedBytes = memoryUsedBytes == null ? new MemoryPeak(null) : memoryUsedBytes;
        powerW = powerW == null ? MeanPeak.UNKNOWN : powerW;
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * Mean and peak of the samples.
     *
     * @param mean mean
     * @param peak largest sample
     */
    public record MeanPeak(double mean, double peak) {
        static final MeanPeak UNKNOWN = new MeanPeak(Double.NaN, Double.NaN);
    }

    /**
     * Accelerator memory.
     *
     * @param peak highest memory in use, bytes, or {@code null} when not read
     */
    public record MemoryPeak(Long peak) {}
}
