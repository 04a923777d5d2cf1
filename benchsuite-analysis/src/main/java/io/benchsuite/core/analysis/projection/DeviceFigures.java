package io.benchsuite.core.analysis.projection;

/**
 * The two figures of a device the projection needs. The simulator's device profiles, a datasheet table
 * ({@link DatasheetDevices}) or a user's own numbers can all supply them.
 */
public interface DeviceFigures {

    /**
     * The device's name, e.g. {@code a100-80gb-sxm}.
     *
     * @return the name
     */
    String name();

    /**
     * Peak dense tensor throughput at the precision the model runs in, FLOP/s (or OP/s for integer
     * precisions); {@code NaN} when not known.
     *
     * @return FLOP/s, or NaN
     */
    double peakFlops();

    /**
     * Peak memory bandwidth, bytes/s; {@code NaN} when not known.
     *
     * @return bytes/s, or NaN
     */
    double memoryBandwidth();
}
