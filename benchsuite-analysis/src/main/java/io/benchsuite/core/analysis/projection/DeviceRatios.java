package io.benchsuite.core.analysis.projection;

import static io.benchsuite.api.util.Checks.notNull;

/**
 * How a target device compares with the device a run was measured on: its FLOP/s and its memory
 * bandwidth, each as target ÷ measured. A ratio below 1 is a slower device. {@code NaN} means unknown.
 *
 * @param measuredOn the device the run was measured on
 * @param target the device projected onto
 * @param flopsRatio target FLOP/s ÷ measured FLOP/s, or NaN
 * @param bandwidthRatio target bandwidth ÷ measured bandwidth, or NaN
 */
public record DeviceRatios(String measuredOn, String target, double flopsRatio, double bandwidthRatio) {

    /**
     * The seed's table (A100 = 1.0): NVIDIA Jetson Orin, memory-bandwidth ratio 0.32. The seed gives no FLOP/s ratio.
     */
    public static final DeviceRatios SEED_JETSON_ORIN = new DeviceRatios("a100", "jetson-orin (seed table)", Double.NaN, 0.32);
    /**
     * The seed's table (A100 = 1.0): Raspberry Pi 5 with a Coral TPU, memory-bandwidth ratio 0.08. No FLOP/s ratio.
     */
    public static final DeviceRatios SEED_RASPBERRY_PI5_CORAL =
            new DeviceRatios("a100", "raspberry-pi-5+coral (seed table)", Double.NaN, 0.08);

    /**
     * Checks the ratios: each NaN or a finite number above 0.
     *
     * @param measuredOn the measured device
     * @param target the target device
     * @param flopsRatio FLOP/s ratio or NaN
     * @param bandwidthRatio bandwidth ratio or NaN
     */
    public DeviceRatios {
        notNull(measuredOn, "measuredOn");
        notNull(target, "target");
        for (double r : new double[] {flopsRatio, bandwidthRatio}) {
            if (!Double.isNaN(r) && !(r > 0 && Double.isFinite(r))) {
                throw new IllegalArgumentException("a device ratio must be NaN (unknown) or a finite number > 0, got " + r
                        + " (" + measuredOn + " -> " + target + ")");
            }
        }
    }

    /**
     * The ratios of two devices' figures; a figure unknown on either side gives an unknown ratio.
     *
     * @param measuredOn the device the run was measured on
     * @param target the device projected onto
     * @return target ÷ measured for FLOP/s and for bandwidth
     */
    public static DeviceRatios between(DeviceFigures measuredOn, DeviceFigures target) {
        notNull(measuredOn, "measuredOn");
        notNull(target, "target");
        return new DeviceRatios(measuredOn.name(), target.name(), target.peakFlops() / measuredOn.peakFlops(),
                target.memoryBandwidth() / measuredOn.memoryBandwidth());
    }
}
