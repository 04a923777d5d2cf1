package io.benchsuite.api.util;

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
        if (b.length < 12 || !tag(b, 0, "RIFF") || !tag(b, 8, "WAVE")) return Optional.empty();
        int rate = -1, channels = -1, bits = -1;
        long p = 12;
        while (p + 8 <= b.length) {
            int at = (int) p;
            long size = int32(b, at + 4) & 0xffffffffL;
            if (tag(b, at, "fmt ") && at + 24 <= b.length) {
                channels = int16(b, at + 10);
                rate = int32(b, at + 12);
                bits = int16(b, at + 22);
            } else if (tag(b, at, "data")) {
                if (rate < 1 || channels < 1 || bits < 1) return Optional.empty();
                return Optional.of(new WavHeader(rate, channels, bits, Math.min(size, b.length - (p + 8))));
            }
            p += 8 + size + (size & 1); // chunks are padded to an even size
        }
        return Optional.empty();
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
