package io.benchsuite.api.util;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The header of a RIFF/WAVE file: its sample format and how many bytes of samples it holds, read from (and
 * written as) the canonical form, a {@code fmt } chunk then a {@code data} chunk, with any other chunk
 * between them skipped. One reader for the client (a file clip's length) and the simulated server (the
 * length of each clip it receives), so both count a clip's seconds the same way.
 *
 * @param sampleRate samples per second
 * @param channels channels per sample frame
 * @param bitsPerSample bits per sample of one channel
 * @param dataBytes bytes of sample data ({@code data} chunk size, cut to the bytes present)
 */
public record WavHeader(int sampleRate, int channels, int bitsPerSample, long dataBytes) {
    /** Bytes of the canonical header written by {@link #write}. */
    public static final int SIZE = 44;
    /** The most chunks read before the {@code data} chunk: a bound on a damaged file's walk. */
    private static final int MAX_CHUNKS = 1000;

    /**
     * Checks the values.
     *
     * @param sampleRate samples per second, at least 1
     * @param channels channels, at least 1
     * @param bitsPerSample bits per sample, at least 1
     * @param dataBytes bytes of sample data, at least 0
     */
    public WavHeader {
        if (sampleRate < 1 || channels < 1 || bitsPerSample < 1 || dataBytes < 0) {
            throw new IllegalArgumentException("not a WAV format: " + sampleRate + " Hz, " + channels + " channels, "
                    + bitsPerSample + " bits, " + dataBytes + " bytes");
        }
    }

    /**
     * The length of the sound, in seconds: sample bytes over bytes per second.
     *
     * @return seconds
     */
    public double seconds() {
        return dataBytes / ((double) sampleRate * channels * ((bitsPerSample + 7) / 8));
    }

    /**
     * Reads the header of a WAV file.
     *
     * @param b the file's bytes (at least its header)
     * @return the header, or empty when the bytes are not a RIFF/WAVE file with a {@code fmt } and a {@code data} chunk
     */
    public static Optional<WavHeader> read(byte[] b) {
        try {
            return Optional.of(walk((at, into) -> {
                int n = (int) Math.max(0, Math.min(into.length, b.length - at));
                if (n > 0) System.arraycopy(b, (int) at, into, 0, n);
                return n;
            }, b.length));
        } catch (IOException e) {
            return Optional.empty(); // the bytes say why not; this form tells only whether
        }
    }

    /**
     * Reads the header of a WAV file without reading its samples: the RIFF header, then each chunk's 8-byte header
     * (skipping a chunk it does not need, such as {@code LIST}) and the {@code fmt } chunk's first 16 bytes, up to
     * the {@code data} chunk's header; a few dozen bytes for a canonical file, however long its sound.
     *
     * @param file the file
     * @return the header; its {@code dataBytes} are cut to the bytes the file holds
     * @throws NotWavException when the file is not a RIFF/WAVE file with a {@code fmt } chunk before its {@code data}
     *     chunk (the message says what is missing)
     * @throws IOException when the file cannot be read
     */
    public static WavHeader read(Path file) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            return walk((at, into) -> {
                ByteBuffer buf = ByteBuffer.wrap(into);
                while (buf.hasRemaining()) {
                    if (in.read(buf, at + buf.position()) < 0) break;
                }
                return buf.position();
            }, in.size());
        } catch (NotWavException e) {
            throw new NotWavException(file + ": " + e.getMessage());
        }
    }

    /** Bytes read at a position of a file or an array: how many were read into {@code into}, fewer at its end. */
    private interface PositionedBytes {
        int read(long at, byte[] into) throws IOException;
    }

    /** The chunk walk of both {@code read}s: {@code length} bytes in all. */
    private static WavHeader walk(PositionedBytes in, long length) throws IOException {
        byte[] riff = new byte[12];
        if (length < 12 || in.read(0, riff) < 12 || !tag(riff, 0, "RIFF") || !tag(riff, 8, "WAVE")) {
            throw new NotWavException("not a RIFF/WAVE file (" + (length < 12 ? length + " bytes" : "no RIFF/WAVE header") + ")");
        }
        int rate = -1, channels = -1, bits = -1;
        byte[] chunk = new byte[8];
        byte[] fmt = new byte[16];
        long p = 12;
        for (int n = 0; p + 8 <= length; n++) {
            if (n == MAX_CHUNKS) throw new NotWavException("no data chunk among its first " + MAX_CHUNKS + " chunks");
            if (in.read(p, chunk) < 8) break;
            long size = int32(chunk, 4) & 0xffffffffL;
            if (tag(chunk, 0, "fmt ") && p + 24 <= length && in.read(p + 8, fmt) == 16) {
                channels = int16(fmt, 2);
                rate = int32(fmt, 4);
                bits = int16(fmt, 14);
            } else if (tag(chunk, 0, "data")) {
                if (rate < 1 || channels < 1 || bits < 1) {
                    throw new NotWavException(rate == -1 && channels == -1 ? "no fmt chunk before its data chunk"
                            : "its fmt chunk says " + rate + " Hz, " + channels + " channels, " + bits + " bits");
                }
                return new WavHeader(rate, channels, bits, Math.min(size, length - (p + 8)));
            }
            p += 8 + size + (size & 1); // chunks are padded to an even size
        }
        throw new NotWavException("no data chunk in its " + length + " bytes");
    }

    /** A file that holds no readable WAV header; the message says what is missing. */
    public static final class NotWavException extends IOException {
        private static final long serialVersionUID = 1L;

        /**
         * An exception saying why.
         *
         * @param message what is missing, e.g. {@code clip.wav: no fmt chunk before its data chunk}
         */
        public NotWavException(String message) {
            super(message);
        }
    }

    /**
     * Writes the canonical 44-byte header (PCM) at the start of {@code out}.
     *
     * @param out the file's bytes, at least {@value #SIZE} long
     */
    public void write(byte[] out) {
        if (out.length < SIZE) throw new IllegalArgumentException("a WAV header needs 44 bytes, got " + out.length);
        if (dataBytes > 0xffffffffL - 36) throw new IllegalArgumentException("WAV data over 4 GB: " + dataBytes + " bytes");
        int blockAlign = channels * ((bitsPerSample + 7) / 8);
        ascii(out, 0, "RIFF");
        put32(out, 4, (int) (36 + dataBytes));
        ascii(out, 8, "WAVE");
        ascii(out, 12, "fmt ");
        put32(out, 16, 16);
        put16(out, 20, 1); // PCM
        put16(out, 22, channels);
        put32(out, 24, sampleRate);
        put32(out, 28, sampleRate * blockAlign);
        put16(out, 32, blockAlign);
        put16(out, 34, bitsPerSample);
        ascii(out, 36, "data");
        put32(out, 40, (int) dataBytes);
    }

    private static boolean tag(byte[] b, int at, String tag) {
        if (at + 4 > b.length) return false;
        for (int i = 0; i < 4; i++) if (b[at + i] != tag.charAt(i)) return false;
        return true;
    }

    private static int int16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }

    private static int int32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }

    private static void ascii(byte[] out, int at, String s) {
        for (int i = 0; i < 4; i++) out[at + i] = (byte) s.charAt(i);
    }

    private static void put16(byte[] out, int at, int v) {
        out[at] = (byte) v;
        out[at + 1] = (byte) (v >>> 8);
    }

    private static void put32(byte[] out, int at, int v) {
        put16(out, at, v);
        put16(out, at + 2, v >>> 16);
    }
}
