package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The image and audio flags' mistakes are refused with the flag named, before anything is sent. */
class MediaFlagsTest {

    private static CliHarness refused(String... flags) {
        CliHarness cli = new CliHarness();
        String[] args = new String[flags.length + 4];
        args[0] = "run";
        args[1] = "--num-requests";
        args[2] = "1";
        args[3] = "--no-progress";
        System.arraycopy(flags, 0, args, 4, flags.length);
        assertThat(cli.run(args)).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        return cli;
    }

    @Test
    void badImageFlagsAreNamed() {
        assertThat(refused("--image-size", "256x256").err()).contains("--image-size: needs --image-count");
        assertThat(refused("--image-pool", "4").err()).contains("--image-pool: needs --image-count");
        assertThat(refused("--image-count", "1", "--image-size", "512").err()).contains("WIDTHxHEIGHT");
        assertThat(refused("--image-count", "1", "--image-format", "bmp").err()).contains("png or jpeg");
        assertThat(refused("--image-count", "100").err()).contains("at most 64 images per request");
        assertThat(refused("--image-count", "1", "--image-size", "9000x10").err()).contains("at most 8192");
    }

    @Test
    void badAudioFlagsAreNamed() {
        assertThat(refused("--audio-seconds", "5").err()).contains("--audio-seconds: needs --audio-count (or --endpoint transcriptions)");
        assertThat(refused("--audio-pool", "4").err()).contains("--audio-pool: needs --audio-count");
        assertThat(refused("--audio-sample-rate", "16000").err()).contains("--audio-sample-rate: needs --audio-count");
        assertThat(refused("--audio-count", "1", "--audio-sample-rate", "4000").err())
                .contains("--audio-sample-rate: audio sample rate must be 8000 to 48000 Hz, got 4000");
        assertThat(refused("--audio-count", "1", "--audio-seconds", "uniform:2-4000").err())
                .contains("--audio-seconds: audio clip lengths must be 1 to 3600 seconds, got uniform:2-4000");
        assertThat(refused("--audio-count", "1", "--audio-seconds", "4000").err())
                .contains("--audio-seconds: audio clip lengths must be 1 to 3600 seconds");
        assertThat(refused("--audio-count", "17").err()).contains("--audio-count: audio clips per request must be 1 to 16, got fixed:17");
        assertThat(refused("--audio-count", "uniform:1-2", "--endpoint", "transcriptions").err())
                .contains("--audio-count: a transcription request carries one clip, got uniform:1-2");
    }
}
