package io.benchsuite.core.run;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * Writes histograms in HdrHistogram's compressed encoding, byte for byte what
 * {@link LatencyHistograms#compress} (HdrHistogram's {@code encodeIntoCompressedByteBuffer}) writes,
 * reusing its buffers and its {@link Deflater} from one histogram to the next. HdrHistogram's own
 * method allocates a target buffer as large as the uncompressed form (about 200 KB for a latency
 * histogram) and a new {@code Deflater} (native memory, mapped and unmapped) per call; a run closes
 * two per-second histograms every second, and over a simulated hour those allocations were a tenth
 * of the client's CPU samples and much of its system time. Not thread-safe: one per owner.
 */
public final class HistogramCompressor implements AutoCloseable {
    /** The first int of every compressed histogram: read once from HdrHistogram's own encoding. */
    private static final int COOKIE = cookie();

    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
    private ByteBuffer uncompressed = ByteBuffer.allocate(0);
    private byte[] target = new byte[0];

    /** A compressor whose buffers grow to the largest histogram it has written. */
    public HistogramCompressor() {}

    /**
     * The histogram's compressed encoding, or null when it holds no sample (as {@link LatencyHistograms#compress}).
     *
     * @param h the histogram, left unchanged
     */
    public byte[] compress(Histogram h) {
        if (h.getTotalCount() == 0) return null;
        int needed = h.getNeededByteBufferCapacity();
        if (uncompressed.capacity() < needed) uncompressed = ByteBuffer.allocate(needed).order(ByteOrder.BIG_ENDIAN);
        if (target.length < needed + 8) target = new byte[needed + 8];
        uncompressed.clear();
        int length = h.encodeIntoByteBuffer(uncompressed);
        deflater.reset();
        deflater.setInput(uncompressed.array(), 0, length);
        deflater.finish();
        int compressed = deflater.deflate(target, 8, target.length - 8);
        // a histogram that deflate cannot shrink (never a latency histogram): HdrHistogram's own path
        if (!deflater.finished()) return LatencyHistograms.compress(h);
        ByteBuffer header = ByteBuffer.wrap(target).order(ByteOrder.BIG_ENDIAN);
        header.putInt(0, COOKIE);
        header.putInt(4, compressed);
        return Arrays.copyOf(target, compressed + 8);
    }

    /** Frees the deflater's native memory; the compressor is not used after. */
    @Override
    public void close() {
        deflater.end();
    }

    private static int cookie() {
        Histogram h = new Histogram(3);
        h.recordValue(1);
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        h.encodeIntoCompressedByteBuffer(b);
        return b.getInt(0);
    }
}
