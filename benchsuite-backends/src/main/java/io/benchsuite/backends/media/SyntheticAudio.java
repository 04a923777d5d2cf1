package io.benchsuite.backends.media;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.util.WavHeader;
import java.util.SplittableRandom;

/**
 * Encodes synthetic audio clips: a WAV file of 16-bit PCM mono samples drawn from the clip's seed. The same
 * clip always gives the same bytes, another seed other bytes.
 *
 * <p>What the samples are: a sum of three tones whose frequencies (80 Hz to 4 kHz, the band of speech) and
 * amplitudes come from the seed, under white noise at a quarter of full scale. A speech model then gets a
 * signal with energy in its band, not silence (which a voice-activity filter may cut) nor a constant; PCM
 * is not compressed, so the bytes are the length times the rate times two, whatever the content.
 */
public final class SyntheticAudio {
    private static final int TONES = 3;

    private SyntheticAudio() {
    }

    /**
     * The clip's WAV bytes: the 44-byte header, then its samples.
     *
     * @param clip what defines the clip
     * @return the file's bytes
     */
    public static byte[] wav(AudioInputs.Synthetic clip) {
        long samples = clip.samples();
        WavHeader header = clip.header(); // 16-bit mono, as an in-process simulator counts the clip without writing it
        long dataBytes = header.dataBytes();
        if (dataBytes > Integer.MAX_VALUE - WavHeader.SIZE) throw new IllegalArgumentException("audio clip over 2 GB: " + dataBytes + " bytes");
        byte[] out = new byte[(int) (WavHeader.SIZE + dataBytes)];
        header.write(out);
        SplittableRandom r = new SplittableRandom(clip.seed());
        double[] step = new double[TONES];
        double[] amplitude = new double[TONES];
        for (int k = 0; k < TONES; k++) {
            double hz = 80 * Math.pow(50, r.nextDouble()); // 80 Hz to 4 kHz, evenly on a log scale
            step[k] = 2 * Math.PI * hz / clip.sampleRate();
            amplitude[k] = 0.1 + 0.1 * r.nextDouble();
        }
        int p = WavHeader.SIZE;
        for (long i = 0; i < samples; i++) {
            double v = (r.nextDouble() - 0.5) * 0.5;
            for (int k = 0; k < TONES; k++) v += amplitude[k] * Math.sin(step[k] * i);
            int s = (int) Math.round(Math.max(-1, Math.min(1, v)) * Short.MAX_VALUE);
            out[p++] = (byte) s;
            out[p++] = (byte) (s >>> 8);
        }
        return out;
    }
}
