package io.benchsuite.cli;

import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.workload.ImageOptions;
import io.benchsuite.core.workload.ImageSource;
import io.benchsuite.core.workload.LengthDistributions;
import io.benchsuite.core.workload.SyntheticSource;
import picocli.CommandLine.Option;

/** {@code benchsuite run}'s image flags: synthetic images sent with each chat request. */
final class ImageFlags {
    @Option(converter = ImageCount.class, names = "--image-count", paramLabel = "<n>",
            description = "Send synthetic images with each chat request, in its last user message (image_url content "
                    + "parts, base64 data URLs): a count or a distribution (2, uniform:1-4). Deterministic from the seed. "
                    + "A jsonl dataset's \"images\" (paths or URLs) are sent as they are.")
    LengthDistribution imageCount;

    @Option(converter = ImageSize.class, names = "--image-size", paramLabel = "<WxH>",
            description = "Size of each synthetic image in pixels (default: 512x512).")
    Size imageSize;

    @Option(converter = ImageFormat.class, names = "--image-format", paramLabel = "png|jpeg",
            description = "Encoding of the synthetic images (default: png).")
    ImageInputs.Format imageFormat;

    @Option(converter = FlagValues.PositiveInt.class, names = "--image-pool", paramLabel = "<n>",
            description = "Draw each image from n distinct ones instead of a new image each time (a server's "
                    + "image cache then sees repeats; the client encodes n).")
    Integer imagePool;

    /**
     * {@code source} with the images the flags ask for; {@code source} itself without {@code --image-count}.
     *
     * @param source the run's source, or {@code null} for the synthetic source of {@code in}/{@code out}
     * @param in prompt lengths of the synthetic source
     * @param out output lengths of the synthetic source
     */
    WorkloadSource apply(WorkloadSource source, LengthDistribution in, LengthDistribution out) {
        if (imageCount == null) {
            if (imageSize != null || imageFormat != null || imagePool != null) {
                throw CliException.usage((imageSize != null ? "--image-size" : imageFormat != null ? "--image-format"
                        : "--image-pool") + ": needs --image-count");
            }
            return source;
        }
        ImageOptions options;
        try {
            Size size = imageSize == null ? new Size(512, 512) : imageSize;
            options = new ImageOptions(imageCount, size.width(), size.height(), imageFormat == null ? ImageInputs.Format.PNG : imageFormat,
                    imagePool == null ? 0 : imagePool);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--image-count: " + e.getMessage());
        }
        WorkloadSource base = source != null ? source : SyntheticSource.builder().inputTokens(in).outputTokens(out).build();
        return new ImageSource(base, options);
    }

    /** An image count: a number or a length distribution, at most 64. */
    static final class ImageCount extends FlagValues.Parsed<LengthDistribution> {
        ImageCount() {
            super(LengthDistributions::parse);
        }
    }

    /** An image size in pixels (a record: picocli would read an array flag as a list of values). */
    record Size(int width, int height) {
    }

    /** {@code WIDTHxHEIGHT}. */
    static final class ImageSize extends FlagValues.Parsed<Size> {
        ImageSize() {
            super(t -> {
                int[] s = ImageOptions.parseSize(t);
                new ImageInputs.Synthetic(s[0], s[1], ImageInputs.Format.PNG, 0); // checks the sides
                return new Size(s[0], s[1]);
            });
        }
    }

    /** {@code png} or {@code jpeg}. */
    static final class ImageFormat extends FlagValues.Parsed<ImageInputs.Format> {
        ImageFormat() {
            super(ImageInputs.Format::parse);
        }
    }
}
