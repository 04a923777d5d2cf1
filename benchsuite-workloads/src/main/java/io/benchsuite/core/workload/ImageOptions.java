package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.workload.LengthDistribution;
import java.util.Locale;

/**
 * Synthetic images per request: how many, their size and format, and whether they are new for every
 * request or drawn from a pool.
 *
 * @param count images per request, drawn per request from the seed chain
 * @param width width in pixels
 * @param height height in pixels
 * @param format PNG or JPEG
 * @param pool 0: every image of every request is a new one; n: each is one of n distinct images, chosen
 *     per image from the seed chain (a server's image cache then sees repeats, and the client encodes n)
 */
public record ImageOptions(LengthDistribution count, int width, int height, ImageInputs.Format format, int pool) {

    /**
     * Checks the values.
     *
     * @param count images per request
     * @param width width in pixels, 1 to {@value ImageInputs.Synthetic#MAX_SIDE}
     * @param height height in pixels, 1 to {@value ImageInputs.Synthetic#MAX_SIDE}
     * @param format PNG or JPEG
     * @param pool 0 for new images, else the number of distinct images
     */
    public ImageOptions {
        notNull(count, "count");
        notNull(format, "format");
        new ImageInputs.Synthetic(width, height, format, 0); // checks the size
        if (count.max() > 64) throw new IllegalArgumentException("at most 64 images per request, got " + count.describe());
        if (pool < 0) throw new IllegalArgumentException("the image pool must be >= 0, got " + pool);
    }

    /**
     * Reads a size such as {@code 512x512} (width x height).
     *
     * @param text the size
     * @return {width, height}
     * @throws IllegalArgumentException for another form
     */
    public static int[] parseSize(String text) {
        String t = notNull(text, "size").strip().toLowerCase(Locale.ROOT);
        int x = t.indexOf('x');
        try {
            if (x > 0) return new int[] {Integer.parseInt(t.substring(0, x).strip()), Integer.parseInt(t.substring(x + 1).strip())};
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new IllegalArgumentException("an image size is WIDTHxHEIGHT, e.g. 512x512, got '" + text + "'");
    }

    /**
     * The canonical text, e.g. {@code 2 x 512x512 png} or {@code uniform:1-4 x 336x336 jpeg, pool 8}.
     *
     * @return the description
     */
    public String describe() {
        return count.describe() + " x " + width + "x" + height + " " + format.name().toLowerCase(Locale.ROOT)
                + (pool > 0 ? ", pool " + pool : "");
    }
}
