package io.benchsuite.metrics.gpu;

import java.io.IOException;

/** Where GPU samples come from: {@code nvidia-smi} or a DCGM exporter. */
public interface GpuSource {
    /** Name in the report ({@code nvidia-smi} or {@code dcgm}). */
    String name();

    /** Reads the GPUs now. */
    GpuReading read() throws IOException;
}
