package io.benchsuite.cli;

import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.backends.openai.Endpoint;
import io.benchsuite.core.workload.AudioOptions;
import io.benchsuite.core.workload.AudioSource;
import io.benchsuite.core.workload.LengthDistributions;
import io.benchsuite.core.workload.SyntheticSource;
import picocli.CommandLine.Option;

/**
 * {@code benchsuite run}'s audio flags: synthetic WAV clips sent with each chat request ({@code input_audio}
 * parts) or as each transcription request's file.
 */
final class AudioFlags {
    /** A transcription request's clip when no flag says: one of 10 s. */
    private static final String DEFAULT_SECONDS = "10";

    @Option(converter = FlagValues.Length.class, names = "--audio-count", paramLabel = "<n>",
            description = "Send synthetic audio clips (WAV, 16-bit PCM mono) with each chat request, in its last user message "
                    + "(input_audio content parts, base64): a count or a distribution (1, uniform:1-3). Deterministic from the seed. "
                    + "--endpoint transcriptions sends one clip per request without this flag. A jsonl dataset's \"audio\" "
                    + "(file paths) are sent as they are.")
    LengthDistribution audioCount;

    @Option(converter = FlagValues.Length.class, names = "--audio-seconds", paramLabel = "<distribution>",
            description = "Length of each synthetic clip in seconds: a number or a distribution (30, uniform:5-30; default: 10).")
    LengthDistribution audioSeconds;

    @Option(converter = FlagValues.PositiveInt.class, names = "--audio-sample-rate", paramLabel = "<hz>",
            description = "Sample rate of the synthetic clips, 8000 to 48000 (default: 16000, what Whisper reads).")
    Integer audioSampleRate;

    @Option(converter = FlagValues.PositiveInt.class, names = "--audio-pool", paramLabel = "<n>",
            description = "Draw each clip from n distinct ones instead of a new clip each time (the client writes n).")
    Integer audioPool;

    /**
     * {@code source} with the clips the flags ask for; {@code source} itself without audio flags (and not
     * transcribing).
     *
     * @param source the run's source, or {@code null} for the synthetic source of {@code in}/{@code out}
     * @param endpoint the {@code --endpoint} value, or {@code null}
     * @param in prompt lengths of the synthetic source
     * @param out output lengths of the synthetic source
     */
    WorkloadSource apply(WorkloadSource source, String endpoint, LengthDistribution in, LengthDistribution out) {
        boolean transcribing = endpoint != null && Endpoint.parse(endpoint) == Endpoint.TRANSCRIPTIONS;
        if (audioCount == null && !transcribing) {
            if (audioSeconds != null || audioSampleRate != null || audioPool != null) {
                throw CliException.usage((audioSeconds != null ? "--audio-seconds" : audioSampleRate != null ? "--audio-sample-rate"
                        : "--audio-pool") + ": needs --audio-count (or --endpoint transcriptions)");
            }
            return source;
        }
        LengthDistribution count = audioCount != null ? audioCount : LengthDistributions.parse("1");
        if (transcribing && count.max() > 1) {
            throw CliException.usage("--audio-count: a transcription request carries one clip, got " + count.describe());
        }
        AudioOptions options;
        try {
            options = new AudioOptions(count, audioSeconds != null ? audioSeconds : LengthDistributions.parse(DEFAULT_SECONDS),
                    audioSampleRate == null ? 16_000 : audioSampleRate, audioPool == null ? 0 : audioPool);
        } catch (IllegalArgumentException e) {
            throw CliException.usage((e.getMessage().contains("rate") ? "--audio-sample-rate: " : e.getMessage().contains("length")
                    ? "--audio-seconds: " : "--audio-count: ") + e.getMessage());
        }
        WorkloadSource base = source != null ? source : SyntheticSource.builder().inputTokens(in).outputTokens(out).build();
        return new AudioSource(base, options, transcribing);
    }
}
