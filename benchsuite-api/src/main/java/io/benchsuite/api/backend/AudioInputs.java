package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.util.WavHeader;
import java.util.List;

/**
 * The audio clips a request carries, a request extra ({@link RequestExtras}): sent as {@code input_audio}
 * content parts of a chat request's last user message, or as the {@code file} of a transcription request
 * (its first clip). Each clip is described, not held: a synthetic one by what makes its bytes (length,
 * sample rate and seed), a file by its path. A backend renders the bytes when the request is prepared or
 * sent (once per distinct clip), so a queue of planned requests holds no audio data.
 *
 * @param clips the clips, in the order they are sent; at least one
 */
public record AudioInputs(List<Clip> clips) {

    /**
     * Checks that there is at least one clip and copies the list.
     *
     * @param clips the clips, in the order they are sent
     */
    public AudioInputs {
        clips = List.copyOf(notNull(clips, "clips"));
        if (clips.isEmpty()) throw new IllegalArgumentException("audio clips must not be empty");
    }

    /**
     * How many clips the request carries.
     *
     * @return the number of clips
     */
    public int count() {
        return clips.size();
    }

    /** One clip: synthetic, or a WAV file. */
    public sealed interface Clip permits Synthetic, File {
    }

    /**
     * A synthetic clip: a WAV file of 16-bit PCM mono samples drawn from {@code seed}, so the same values
     * always give the same bytes.
     *
     * @param millis its length in milliseconds, 1 to {@value #MAX_MILLIS}
     * @param sampleRate samples per second, {@value #MIN_RATE} to {@value #MAX_RATE}
     * @param seed the seed of its samples (from the run's seed chain)
     */
    public record Synthetic(int millis, int sampleRate, long seed) implements Clip {
        /** The longest clip: one hour, beyond any speech model's single request. */
        public static final int MAX_MILLIS = 3_600_000;
        /** The lowest sample rate: 8 kHz, telephone speech. */
        public static final int MIN_RATE = 8_000;
        /** The highest sample rate: 48 kHz. */
        public static final int MAX_RATE = 48_000;

        /**
         * Checks the length and rate.
         *
         * @param millis its length in milliseconds
         * @param sampleRate samples per second
         * @param seed the seed of its samples
         */
        public Synthetic {
            positive(millis, "millis");
            if (millis > MAX_MILLIS) throw new IllegalArgumentException("an audio clip lasts at most 3600 s, got " + millis / 1000.0 + " s");
            if (sampleRate < MIN_RATE || sampleRate > MAX_RATE) {
                throw new IllegalArgumentException("audio sample rate must be 8000 to 48000 Hz, got " + sampleRate);
            }
        }

        /**
         * The clip's length.
         *
         * @return seconds
         */
        public double seconds() {
            return millis / 1000.0;
        }

        /**
         * How many samples the clip holds: its length times its rate, rounded down.
         *
         * @return samples
         */
        public long samples() {
            return (long) millis * sampleRate / 1000;
        }

        /**
         * The header of the clip's WAV file: its rate, one channel, 16 bits, two bytes per sample. The file is this
         * header's {@value WavHeader#SIZE} bytes and the samples; its {@link WavHeader#seconds()} are the length a
         * reader of the file finds ({@link #samples()} over the rate), which a client and a simulator both count.
         *
         * @return the header
         */
        public WavHeader header() {
            return new WavHeader(sampleRate, 1, 16, samples() * 2);
        }
    }

    /**
     * A clip given by its file's path (read and sent as it is; its length is read from its WAV header).
     *
     * @param path the file's path
     */
    public record File(String path) implements Clip {
        /**
         * Checks that the path is not blank.
         *
         * @param path the file's path
         */
        public File {
            if (notNull(path, "path").isBlank()) throw new IllegalArgumentException("audio path must not be blank");
        }
    }
}
