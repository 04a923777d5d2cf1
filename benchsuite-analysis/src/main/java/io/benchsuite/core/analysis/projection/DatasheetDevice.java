package io.benchsuite.core.analysis.projection;

import static io.benchsuite.api.util.Checks.notNull;

/**
 * A device's figures as a vendor datasheet prints them.
 *
 * @param name lower-case name
 * @param peakFlops dense BF16/FP16 tensor FLOP/s, NaN when the datasheets read give none
 * @param memoryBandwidth bytes/s, NaN when none is published
 * @param source where the figures come from
 */
public record DatasheetDevice(String name, double peakFlops, double memoryBandwidth, String source) implements DeviceFigures {

    /**
     * Checks the figures: each NaN (unknown) or a finite number above 0.
     *
     * @param name the name
     * @param peakFlops FLOP/s or NaN
     * @param memoryBandwidth bytes/s or NaN
     * @param source the citation
     */
    public DatasheetDevice {
        notNull(name, "name");
        notNull(source, "source");
        check(peakFlops, "peakFlops", name);
        check(memoryBandwidth, "memoryBandwidth", name);
    }

    private static void check(double v, String what, String device) {
        if (!Double.isNaN(v) && !(v > 0 && Double.isFinite(v))) {
            throw new IllegalArgumentException(device + ": " + what + " must be NaN (unknown) or a finite number > 0, got " + v);
        }
    }
}
