package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.workload.LengthDistribution;

/**
 * Synthetic audio clips per request: how many, how long, at which sample rate, and whether they are new for
 * every request or drawn from a pool.
 *
 * @param count clips per request, drawn per request from the seed chain
 * @param seconds each clip's length in whole seconds, drawn per clip from the seed chain
 * @param sampleRate samples per second (16000: what Whisper and Qwen2-Audio read)
 * @param pool 0: every clip is a new one; n: each is one of n distinct clips, chosen per clip from the seed
 *     chain (their lengths drawn once per pooled clip)
 */
public record AudioOptions(LengthDistribution count, LengthDistribution seconds, int sampleRate, int pool) {
    /** The most clips per request. */
    public static final int MAX_CLIPS = 16;

    /**
     * Checks the values.
     *
     * @param count clips per request, 1 to {@value #MAX_CLIPS}
     * @param seconds each clip's length, 1 s to one hour
     * @param sampleRate samples per second, 8000 to 48000
     * @param pool 0 for new clips, else the number of distinct clips
     */
    public AudioOptions {
        notNull(count, "count");
        notNull(seconds, "seconds");
        if (count.min() < 1 || count.max() > MAX_CLIPS) {
            throw new IllegalArgumentException("audio clips per request must be 1 to " + MAX_CLIPS + ", got " + count.describe());
        }
        if (seconds.min() < 1 || (long) seconds.max() * 1000 > AudioInputs.Synthetic.MAX_MILLIS) {
            throw new IllegalArgumentException("audio clip lengths must be 1 to 3600 seconds, got " + seconds.describe());
        }
        new AudioInputs.Synthetic(1000, sampleRate, 0); // checks the rate
        if (pool < 0) throw new IllegalArgumentException("the audio pool must be >= 0, got " + pool);
    }

    /**
     * The canonical text, e.g. {@code 1 x uniform:5-30 s at 16000 Hz} or {@code 2 x 10 s at 16000 Hz, pool 4}.
     *
     * @return the description
     */
    public String describe() {
        return count.describe() + " x " + seconds.describe() + " s at " + sampleRate + " Hz" + (pool > 0 ? ", pool " + pool : "");
    }
}
