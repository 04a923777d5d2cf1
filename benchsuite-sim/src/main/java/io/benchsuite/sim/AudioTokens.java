package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Locale;

/**
 * How many prompt tokens an audio clip becomes, as a speech model family defines it; the simulated engine
 * prefills them with the text (the audio encoder's cost per clip, in the positions its output adds).
 *
 * <ul>
 *   <li>{@code qwen2-audio}: 25 tokens per second. Qwen2-Audio reads 16 kHz audio as 128-bin log-mel frames
 *       every 10 ms (100 per second); its Whisper-style encoder halves them (a stride-2 convolution) and an
 *       average pool halves them again: Transformers' {@code Qwen2AudioEncoder._get_feat_extract_output_lengths}
 *       gives {@code ((frames - 1) // 2 + 1 - 2) // 2 + 1}, about 25 per second (750 for 30 s).</li>
 *   <li>{@code whisper}: 1500 encoder positions per started 30-second window. Whisper pads or cuts every input
 *       to 30 s (3000 mel frames, halved by its stride-2 convolution: {@code max_source_positions} = 1500 in
 *       its Transformers config), so a 3 s clip costs what a 30 s one does.</li>
 *   <li>a number: that many tokens per second of audio (rounded up per clip).</li>
 * </ul>
 *
 * <p>A clip whose length is not known (a file without a WAV header the simulator can read: an MP3, a damaged file)
 * counts as 10 seconds.
 */
public final class AudioTokens {
    /** Qwen2-Audio's 25 tokens per second. */
    public static final AudioTokens QWEN2_AUDIO = new AudioTokens("qwen2-audio", 0);
    /** Whisper's 1500 positions per 30-second window. */
    public static final AudioTokens WHISPER = new AudioTokens("whisper", 0);
    /** The length assumed for a clip of unknown length, in seconds. */
    public static final double UNKNOWN_SECONDS = 10;

    private final String name;
    private final int perSecond;

    private AudioTokens(String name, int perSecond) {
        this.name = name;
        this.perSecond = perSecond;
    }

    /**
     * Reads {@code qwen2-audio}, {@code whisper} or a number of tokens per second.
     *
     * @param text the rule's name
     * @return the rule
     * @throws IllegalArgumentException for another text
     */
    public static AudioTokens parse(String text) {
        String t = notNull(text, "audio tokens").strip().toLowerCase(Locale.ROOT);
        if (t.equals(QWEN2_AUDIO.name)) return QWEN2_AUDIO;
        if (t.equals(WHISPER.name)) return WHISPER;
        try {
            int n = Integer.parseInt(t);
            if (n >= 1) return new AudioTokens(Integer.toString(n), n);
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new IllegalArgumentException("audio tokens must be qwen2-audio, whisper or a number of tokens per second (at least 1), got '"
                + text + "'");
    }

    /**
     * The prompt tokens of a clip.
     *
     * @param seconds its length, below 0 when unknown
     * @return its tokens, at least 1
     */
    public int tokens(double seconds) {
        double s = seconds < 0 ? UNKNOWN_SECONDS : seconds;
        if (this == WHISPER) return 1500 * (int) Math.max(1, Math.ceil(s / 30 - 1e-9));
        if (this == QWEN2_AUDIO) {
            long frames = Math.round(s * 100); // 10 ms hop
            long afterConv = (frames - 1) / 2 + 1;
            return (int) Math.max(1, (afterConv - 2) / 2 + 1);
        }
        return (int) Math.max(1, Math.ceil(s * perSecond - 1e-9));
    }

    @Override
    public String toString() {
        return "AudioTokens[" + name + "]";
    }
}
