package io.benchsuite.core;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.LatencyStats;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The authoritative latency distributions of a run: one HdrHistogram per metric, in nanoseconds,
 * with 3 significant digits (values are exact to 0.1%). Histograms merge losslessly
 * ({@link #merge}), so shards or repeated runs combine into exact joint percentiles, and they
 * serialize to compact base64 for {@code report.json}.
 */
public final class LatencyHistograms {
    /** Metric names, in report order. */
    public static final List<String> METRICS =
            List.of("ttft", "ttftFromSend", "itl", "tpot", "e2e", "scheduleLag", "dispatchLag", "slotWait");

    private final Map<String, Histogram> byName;

    private LatencyHistograms(Map<String, Histogram> byName) {
        this.byName = byName;
    }

    /** Empty histograms for every metric. */
    public static LatencyHistograms create() {
        Map<String, Histogram> m = new LinkedHashMap<>();
        for (String name : METRICS) m.put(name, newHistogram());
        return new LatencyHistograms(m);
    }

    static Histogram newHistogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    /** Records a value in nanoseconds; negative values are ignored (the event did not happen). */
    public void record(String metric, long nanos) {
        if (nanos >= 0) histogram(metric).recordValue(nanos);
    }

    private Histogram histogram(String metric) {
        Histogram h = byName.get(metric);
        if (h == null) throw new IllegalArgumentException("unknown latency metric '" + metric + "'; known: " + METRICS);
        return h;
    }

    /** A copy of one histogram (nanoseconds). */
    public Histogram get(String metric) {
        return histogram(metric).copy();
    }

    /** The percentile set of one metric in milliseconds. */
    public LatencyStats stats(String metric) {
        return stats(histogram(metric));
    }

    /** A percentile of one metric in milliseconds ({@code NaN} with no samples), e.g. {@code percentile("ttft", 99.9)}. */
    public double percentileMillis(String metric, double percentile) {
        Histogram h = histogram(metric);
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1e6;
    }

    /** The percentile set of a histogram of nanoseconds, in milliseconds. */
    public static LatencyStats stats(Histogram h) {
        if (h.getTotalCount() == 0) return LatencyStats.empty();
        return new LatencyStats(h.getTotalCount(), h.getMean() / 1e6, ms(h, 50), ms(h, 90), ms(h, 95), ms(h, 99),
                ms(h, 99.9), h.getMinValue() / 1e6, h.getMaxValue() / 1e6, h.getStdDeviation() / 1e6);
    }

    private static double ms(Histogram h, double p) {
        return h.getValueAtPercentile(p) / 1e6;
    }

    /** A new set holding the samples of both (lossless). */
    public LatencyHistograms merge(LatencyHistograms other) {
        notNull(other, "other");
        Map<String, Histogram> m = new LinkedHashMap<>();
        for (String name : METRICS) {
            Histogram h = byName.get(name).copy();
            h.add(other.byName.get(name));
            m.put(name, h);
        }
        return new LatencyHistograms(m);
    }

    /** A deep copy. */
    public LatencyHistograms copy() {
        Map<String, Histogram> m = new LinkedHashMap<>();
        byName.forEach((k, v) -> m.put(k, v.copy()));
        return new LatencyHistograms(m);
    }

    /** Each histogram as base64 of HdrHistogram's compressed encoding. */
    public Map<String, String> encode() {
        Map<String, String> out = new LinkedHashMap<>();
        byName.forEach((name, h) -> {
            ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
            int len = h.encodeIntoCompressedByteBuffer(buf);
            out.put(name, Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), len)));
        });
        return Collections.unmodifiableMap(out);
    }

    /**
     * Decodes {@link #encode()}'s output; missing metrics are empty.
     *
     * @throws IllegalArgumentException naming the metric whose data is corrupt
     */
    public static LatencyHistograms decode(Map<String, String> encoded) {
        LatencyHistograms result = create();
        encoded.forEach((name, b64) -> {
            if (!result.byName.containsKey(name)) return;
            try {
                Histogram h = Histogram.decodeFromCompressedByteBuffer(
                        ByteBuffer.wrap(Base64.getDecoder().decode(b64)), 0);
                h.setAutoResize(true);
                result.byName.put(name, h);
            } catch (DataFormatException | IllegalArgumentException | java.nio.BufferUnderflowException e) {
                throw new IllegalArgumentException("histogram '" + name + "' is corrupt: " + e.getMessage(), e);
            }
        });
        return result;
    }
}
