package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The image flags' mistakes are refused with the flag named, before anything is sent. */
class ImageFlagsTest {

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
}
