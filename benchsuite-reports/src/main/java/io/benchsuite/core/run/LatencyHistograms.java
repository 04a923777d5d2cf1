package io.benchsuite.core.run;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RequestRecord;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The authoritative latency distributions of a run: one HdrHistogram per {@link LatencyMetric}, in
 * nanoseconds, with 3 significant digits (values are exact to 0.1%). Immutable: a run records into
 * a {@link Builder}. Histograms merge losslessly ({@link #merge}), so shards or repeated runs combine
 * into exact joint percentiles.
 */
public final class LatencyHistograms {
    private final Map<LatencyMetric, Histogram> byMetric;

    private LatencyHistograms(Map<LatencyMetric, Histogram> byMetric) {
        this.byMetric = Collections.unmodifiableMap(byMetric);
    }

    /** Histograms without samples. */
    public static LatencyHistograms empty() {
        return builder().build();
    }

    /** A builder with an empty histogram per metric. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Histograms holding copies of the given ones; a metric missing from {@code histograms} is empty.
     *
     * @param histograms nanosecond histograms by metric
     */
    public static LatencyHistograms of(Map<LatencyMetric, Histogram> histograms) {
        notNull(histograms, "histograms");
        Map<LatencyMetric, Histogram> m = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric metric : LatencyMetric.values()) {
            Histogram h = histograms.get(metric);
            m.put(metric, h == null ? newHistogram() : copyOf(h));
        }
        return new LatencyHistograms(m);
    }

    /** A new histogram as every metric uses: 3 significant digits, auto-resizing. */
    public static Histogram newHistogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    /**
     * A histogram in HdrHistogram's compressed encoding (a few hundred bytes for a second's samples),
     * or null when it holds no sample.
     */
    public static byte[] compress(Histogram h) {
        if (h.getTotalCount() == 0) return null;
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        return Arrays.copyOf(buf.array(), len);
    }

    /**
     * The histogram {@link #compress} encoded (an empty one for null).
     *
     * @throws IllegalArgumentException when the bytes are not a compressed histogram
     */
    public static Histogram decompress(byte[] compressed) {
        if (compressed == null) return newHistogram();
        try {
            Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), 0);
            h.setAutoResize(true);
            return h;
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not a compressed HdrHistogram: " + e.getMessage(), e);
        }
    }

    private static Histogram copyOf(Histogram h) {
        Histogram c = h.copy();
        c.setAutoResize(true);
        return c;
    }

    /** A copy of one metric's histogram (nanoseconds). */
    public Histogram get(LatencyMetric metric) {
        return copyOf(byMetric.get(notNull(metric, "metric")));
    }

    /** The number of samples of one metric. */
    public long count(LatencyMetric metric) {
        return byMetric.get(notNull(metric, "metric")).getTotalCount();
    }

    /** The percentile set of one metric in milliseconds. */
    public LatencyStats stats(LatencyMetric metric) {
        return stats(byMetric.get(notNull(metric, "metric")));
    }

    /** A percentile of one metric in milliseconds ({@code NaN} with no samples), e.g. {@code percentileMillis(TTFT, 99.9)}. */
    public double percentileMillis(LatencyMetric metric, double percentile) {
        Histogram h = byMetric.get(notNull(metric, "metric"));
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
        Map<LatencyMetric, Histogram> m = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric metric : LatencyMetric.values()) {
            Histogram h = copyOf(byMetric.get(metric));
            h.add(other.byMetric.get(metric));
            m.put(metric, h);
        }
        return new LatencyHistograms(m);
    }

    /** Collects samples; not thread-safe. */
    public static final class Builder {
        private final Map<LatencyMetric, Histogram> byMetric = new EnumMap<>(LatencyMetric.class);
        /**
         * Gaps that are both {@link LatencyMetric#ITL} and {@link LatencyMetric#ANSWER_ITL} samples: a request without
         * reasoning has the same gaps for both, so they are recorded once here and counted in both when read (a
         * simulated hour has 18 M gaps).
         */
        private final Histogram sharedGaps = newHistogram();

        private Builder() {
            for (LatencyMetric m : LatencyMetric.values()) byMetric.put(m, newHistogram());
        }

        /** Records a value in nanoseconds; negative values are ignored (the event did not happen). */
        public Builder record(LatencyMetric metric, long nanos) {
            if (nanos >= 0) byMetric.get(notNull(metric, "metric")).recordValue(nanos);
            return this;
        }

        /** Records every sample {@code record} gives each metric ({@link LatencyMetric#samples}). */
        public Builder recordAll(RequestRecord record) {
            notNull(record, "record");
            boolean answerGapsAreAllGaps = record.reasoning().answerItl().equals(record.itl());
            for (LatencyMetric m : LatencyMetric.values()) {
                if (answerGapsAreAllGaps && m == LatencyMetric.ANSWER_ITL) continue; // recorded with ITL's
                Histogram h = answerGapsAreAllGaps && m == LatencyMetric.ITL ? sharedGaps : byMetric.get(m);
                m.samples(record, h::recordValue);
            }
            return this;
        }

        /** The percentile set recorded so far of one metric. */
        public LatencyStats stats(LatencyMetric metric) {
            return LatencyHistograms.stats(recorded(notNull(metric, "metric")));
        }

        /** An immutable copy of what was recorded. */
        public LatencyHistograms build() {
            Map<LatencyMetric, Histogram> m = new EnumMap<>(LatencyMetric.class);
            for (LatencyMetric metric : LatencyMetric.values()) m.put(metric, recorded(metric));
            return of(m);
        }

        /**
         * What {@code metric} recorded: for a gap metric its own samples and the shared ones together (a sum of
         * counts, exact), or the shared histogram itself when it has none of its own, as it was recorded (so a run
         * without reasoning encodes its gap histograms as when each was recorded on its own). Nothing is changed.
         */
        private Histogram recorded(LatencyMetric metric) {
            Histogram own = byMetric.get(metric);
            if (metric != LatencyMetric.ITL && metric != LatencyMetric.ANSWER_ITL || sharedGaps.getTotalCount() == 0) {
                return own;
            }
            if (own.getTotalCount() == 0) return sharedGaps;
            Histogram sum = copyOf(own);
            sum.add(sharedGaps);
            return sum;
        }
    }
}
