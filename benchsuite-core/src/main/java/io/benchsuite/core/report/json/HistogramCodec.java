package io.benchsuite.core.report.json;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The text form of a histogram in {@code report.json}: base64 of HdrHistogram's compressed
 * encoding, nanoseconds. Used only when a report is written or read, never between parts of one run.
 */
final class HistogramCodec {
    /** The {@code encoding} entry of the {@code histograms} block. */
    static final String ENCODING = "HdrHistogram compressed, base64, nanoseconds";

    private HistogramCodec() {}

    static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), len));
    }

    /** @throws IllegalArgumentException naming the metric when the text is not an encoded histogram */
    static Histogram decode(String metric, String base64) {
        try {
            Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
            h.setAutoResize(true);
            return h;
        } catch (DataFormatException | IllegalArgumentException | BufferUnderflowException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("histogram '" + metric + "' is corrupt: " + e.getMessage(), e);
        }
    }
}
