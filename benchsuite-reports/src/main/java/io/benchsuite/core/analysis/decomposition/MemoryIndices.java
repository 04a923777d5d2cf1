package io.benchsuite.core.analysis.decomposition;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The memory-bandwidth and locality indices of SPEC §2.4, as the seed defines them (its §2.4 table), computed
 * where their inputs exist and otherwise absent with the reason.
 *
 * <ul>
 *   <li><b>NMI</b> (normalised memory intensity, "relative bandwidth saturation"): bytes transferred ÷ (cycles ×
 *       peak bandwidth per cycle), which is bytes ÷ (seconds × peak bytes/s): the share of the peak memory
 *       bandwidth the window used, in [0, 1]. Inputs: the DRAM (HBM) bytes moved over a window and the device's
 *       peak bandwidth. The simulator knows the bytes it models; on hardware they come from a memory-controller
 *       or GPU-profiler byte counter the user supplies. Latency histograms do not contain them.</li>
 *   <li><b>SLE</b> (spatial locality entropy): −Σ p<sub>i</sub> log<sub>2</sub> p<sub>i</sub> over the cache lines,
 *       p<sub>i</sub> the share of accesses that hit line i; 0 when one line takes every access, log<sub>2</sub> N
 *       when N lines are hit equally (smaller is better locality). Inputs: per-line access counts from a memory
 *       trace or the simulator; no serving metric provides them. Normalised: SLE ÷ log<sub>2</sub> N, N the number
 *       of lines given.</li>
 *   <li><b>Q</b>, the seed's combined index α·NMI + β·(1 − SLE ÷ log<sub>2</sub> N): always absent. The seed names
 *       no values for α and β (and its text lost the operator in extraction), so there is nothing to compute
 *       without inventing them.</li>
 * </ul>
 */
public final class MemoryIndices {
    private MemoryIndices() {}

    /** Why Q is never computed. */
    public static final String Q_ABSENT =
            "Q = alpha*NMI + beta*(1 - SLE/log2 N) needs weights alpha and beta that its definition does not give (docs/analysis.md §6); "
                    + "not computed rather than invented";

    /**
     * The indices a run's inputs allow.
     *
     * @param nmi NMI, computed or absent
     * @param sle SLE in bits, computed or absent
     * @param sleNormalised SLE ÷ log2 N, computed or absent
     * @param q the combined index, always absent
     */
    public record IndexSet(IndexValue nmi, IndexValue sle, IndexValue sleNormalised, IndexValue q) {}

    /**
     * NMI over a window.
     *
     * @param bytesTransferred DRAM bytes moved in the window, or empty when not measured
     * @param seconds the window's length, above 0
     * @param peakBandwidth the device's peak memory bandwidth in bytes/s, or NaN when unknown
     * @return the index, or absent with the missing input named
     * @throws IllegalArgumentException when the bytes exceed what the peak allows in the window (wrong units or
     *     a counter that includes cache traffic)
     */
    public static IndexValue nmi(OptionalDouble bytesTransferred, double seconds, double peakBandwidth) {
        if (bytesTransferred.isEmpty()) {
            return IndexValue.absent("NMI", "no DRAM byte count for the window (needs the simulator or a memory byte counter)");
        }
        if (Double.isNaN(peakBandwidth)) return IndexValue.absent("NMI", "the device's peak memory bandwidth is not known");
        double bytes = bytesTransferred.getAsDouble();
        if (!(bytes >= 0) || Double.isInfinite(bytes)) throw new IllegalArgumentException("bytesTransferred must be a finite number >= 0, got " + bytes);
        if (!(seconds > 0) || Double.isInfinite(seconds)) throw new IllegalArgumentException("seconds must be a finite number > 0, got " + seconds);
        if (!(peakBandwidth > 0) || Double.isInfinite(peakBandwidth)) {
            throw new IllegalArgumentException("peakBandwidth must be a finite number > 0 B/s, got " + peakBandwidth);
        }
        double nmi = bytes / (seconds * peakBandwidth);
        if (nmi > 1 + 1e-9) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%.4g bytes in %.4g s is %.3gx the peak bandwidth %.4g B/s: "
                    + "check the units, or whether the counter includes cache traffic", bytes, seconds, nmi, peakBandwidth));
        }
        return IndexValue.of("NMI", nmi);
    }

    /**
     * SLE in bits.
     *
     * @param lineAccessCounts accesses per cache line (the N lines considered), or null when not measured
     * @return the index, or absent
     */
    public static IndexValue sle(long[] lineAccessCounts) {
        if (lineAccessCounts == null) return IndexValue.absent("SLE", "no per-cache-line access counts (needs a memory trace or the simulator)");
        return IndexValue.of("SLE", entropy(lineAccessCounts));
    }

    /**
     * SLE ÷ log2 N, in [0, 1].
     *
     * @param lineAccessCounts accesses per cache line, or null when not measured
     * @return the index, or absent (also with fewer than 2 lines, where log2 N is 0)
     */
    public static IndexValue sleNormalised(long[] lineAccessCounts) {
        if (lineAccessCounts == null) {
            return IndexValue.absent("SLE/log2 N", "no per-cache-line access counts (needs a memory trace or the simulator)");
        }
        double h = entropy(lineAccessCounts);
        if (lineAccessCounts.length < 2) return IndexValue.absent("SLE/log2 N", "fewer than 2 cache lines: log2 N is 0");
        return IndexValue.of("SLE/log2 N", h / (Math.log(lineAccessCounts.length) / Math.log(2)));
    }

    /**
     * Every index the inputs allow.
     *
     * @param bytesTransferred DRAM bytes in the window, or empty
     * @param seconds the window's length
     * @param peakBandwidth peak bytes/s, or NaN
     * @param lineAccessCounts per-line access counts, or null
     * @return the report
     */
    public static IndexSet report(OptionalDouble bytesTransferred, double seconds, double peakBandwidth, long[] lineAccessCounts) {
        return new IndexSet(nmi(bytesTransferred, seconds, peakBandwidth), sle(lineAccessCounts), sleNormalised(lineAccessCounts),
                IndexValue.absent("Q", Q_ABSENT));
    }

    private static double entropy(long[] counts) {
        if (counts.length == 0) throw new IllegalArgumentException("lineAccessCounts must hold at least one line");
        long total = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) throw new IllegalArgumentException("lineAccessCounts[" + i + "] must be >= 0, got " + counts[i]);
            total += counts[i];
        }
        if (total == 0) throw new IllegalArgumentException("lineAccessCounts must record at least one access");
        double h = 0;
        for (long c : counts) {
            if (c == 0) continue;
            double p = (double) c / total;
            h -= p * Math.log(p);
        }
        return h / Math.log(2);
    }
}
