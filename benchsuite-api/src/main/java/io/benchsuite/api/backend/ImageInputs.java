package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import java.util.List;
import java.util.Locale;

/**
 * The images a chat request carries with its last user message, a request extra
 * ({@link RequestExtras}). Each image is described, not held: a synthetic one by what makes its bytes
 * (size, format and seed), a referenced one by its location. A backend that sends images renders the
 * bytes when the request is sent (once per distinct image), so a queue of planned requests holds no
 * image data.
 *
 * @param images the images, in the order they are sent; at least one
 */
public record ImageInputs(List<Image> images) {

    /**
     * Checks that there is at least one image and copies the list.
     *
     * @param images the images, in the order they are sent
     */
    public ImageInputs {
        images = List.copyOf(notNull(images, "images"));
        if (images.isEmpty()) throw new IllegalArgumentException("images must not be empty");
    }

    /**
     * How many images the request carries.
     *
     * @return the number of images
     */
    public int count() {
        return images.size();
    }

    /** One image: synthetic, or a reference to a file or URL. */
    public sealed interface Image permits Synthetic, Reference {
    }

    /** The encodings a synthetic image is sent in. */
    public enum Format {
        /** Lossless PNG. */
        PNG("image/png"),
        /** JPEG (lossy, baseline). */
        JPEG("image/jpeg");

        private final String mediaType;

        Format(String mediaType) {
            this.mediaType = mediaType;
        }

        /**
         * The media type of the data URL, e.g. {@code image/png}.
         *
         * @return the media type
         */
        public String mediaType() {
            return mediaType;
        }

        /**
         * Reads {@code png}, {@code jpeg} or {@code jpg}, in any case.
         *
         * @param text the format's name
         * @return the format
         * @throws IllegalArgumentException for another name
         */
        public static Format parse(String text) {
            String t = notNull(text, "format").strip().toLowerCase(Locale.ROOT);
            return switch (t) {
                case "png" -> PNG;
                case "jpeg", "jpg" -> JPEG;
                default -> throw new IllegalArgumentException("image format must be png or jpeg, got '" + text + "'");
            };
        }
    }

    /**
     * A synthetic image: pixels drawn from {@code seed}, so the same values always give the same bytes.
     *
     * @param width width in pixels, at least 1
     * @param height height in pixels, at least 1
     * @param format the encoding
     * @param seed the seed of its pixels (from the run's seed chain)
     */
    public record Synthetic(int width, int height, Format format, long seed) implements Image {
        /** The most pixels on one side: 8192, beyond any vision model's input and a 200 MB raw image. */
        public static final int MAX_SIDE = 8192;

        /**
         * Checks the size and format.
         *
         * @param width width in pixels, 1 to {@value #MAX_SIDE}
         * @param height height in pixels, 1 to {@value #MAX_SIDE}
         * @param format the encoding
         * @param seed the seed of its pixels
         */
        public Synthetic {
            positive(width, "width");
            positive(height, "height");
            if (width > MAX_SIDE || height > MAX_SIDE) {
                throw new IllegalArgumentException("image sides must be at most " + MAX_SIDE + ", got " + width + "x" + height);
            }
            notNull(format, "format");
        }
    }

    /**
     * An image given by where it is: an {@code http(s)} URL (sent as it is, the server fetches it), a
     * {@code data:} URL (sent as it is) or a file path (read and sent as a data URL).
     *
     * @param location the URL or path
     */
    public record Reference(String location) implements Image {
        /**
         * Checks that the location is not blank.
         *
         * @param location the URL or path
         */
        public Reference {
            if (notNull(location, "location").isBlank()) throw new IllegalArgumentException("image location must not be blank");
        }

        /**
         * Whether the server is given the location itself (an {@code http(s)} or {@code data:} URL) rather than
         * the bytes of a file read here.
         *
         * @return true for a URL
         */
        public boolean isUrl() {
            String l = location.toLowerCase(Locale.ROOT);
            return l.startsWith("http://") || l.startsWith("https://") || l.startsWith("data:");
        }
    }
}
