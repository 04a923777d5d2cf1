package io.benchsuite.backends.media;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.util.WavHeader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Each audio clip as it is sent: its file's bytes (the {@code file} of a multipart transcription request)
 * and their base64 (the {@code data} of an {@code input_audio} content part, which carries no {@code data:}
 * prefix), with its length read from its WAV header. A synthetic clip is written by {@link SyntheticAudio},
 * a file is read. Each distinct clip is made once and kept within a byte budget ({@link ByteBudgetCache}),
 * as {@link ImageUrls} keeps images. Thread-safe.
 */
public final class AudioClips {
    /** The default budget: 64 MiB, about 12 minutes of 16 kHz audio (file and base64 together). */
    public static final long DEFAULT_BUDGET = 64L << 20;

    private final ByteBudgetCache<AudioInputs.Clip, Encoded> cache;

    /**
     * A cache holding at most {@code budgetBytes} of clips (file and base64 bytes together).
     *
     * @param budgetBytes the most bytes kept; 0 keeps none
     */
    public AudioClips(long budgetBytes) {
        this.cache = new ByteBudgetCache<>(budgetBytes, AudioClips::encode, e -> (long) e.wav().length + e.base64().length);
    }

    /**
     * A clip as it is sent.
     *
     * @param wav the file's bytes; never modify
     * @param base64 their base64, ASCII; never modify
     * @param format the {@code input_audio} format: {@code wav}, or {@code mp3} for an MP3 file
     * @param seconds its length from its WAV header, -1 when the file is not a WAV file
     */
    public record Encoded(byte[] wav, byte[] base64, String format, double seconds) {
    }

    /**
     * The clip, made now unless it is held.
     *
     * @param clip the clip
     * @return its bytes and length
     * @throws UncheckedIOException when a file cannot be read
     */
    public Encoded clip(AudioInputs.Clip clip) {
        return cache.get(clip);
    }

    /**
     * How many times a clip was made (or a file read).
     *
     * @return the encodings so far
     */
    long encodings() {
        return cache.made();
    }

    private static Encoded encode(AudioInputs.Clip clip) {
        byte[] bytes;
        String format = "wav";
        if (clip instanceof AudioInputs.Synthetic s) {
            bytes = SyntheticAudio.wav(s);
        } else {
            Path file = Path.of(((AudioInputs.File) clip).path());
            try {
                bytes = Files.readAllBytes(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the audio file " + file + ": " + e.getMessage(), e);
            }
            if (String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT).endsWith(".mp3")) format = "mp3";
        }
        double seconds = WavHeader.read(bytes).map(WavHeader::seconds).orElse(-1.0);
        return new Encoded(bytes, ImageUrls.base64(new byte[0], bytes), format, seconds);
    }
}
