package io.benchsuite.backends.media;

import io.benchsuite.api.backend.ImageInputs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

/**
 * The URL each image is sent as ({@code "image_url":{"url":...}}), as ASCII bytes ready to be copied into a
 * request body: a synthetic image or a file becomes a base64 data URL, an {@code http(s)} or {@code data:}
 * URL stays what it is.
 *
 * <p>Bounded memory: each distinct image (keyed by what defines it: size, format and seed, or its
 * location) is encoded once and kept while it is among the most recently used within
 * {@link #budgetBytes()}; a run whose every request brings new images keeps only the latest, a run
 * drawing from a small pool encodes each image of the pool once ({@link ByteBudgetCache}). A request body
 * copies the URL bytes once, and nothing keeps a per-request copy. Thread-safe; two senders never encode
 * the same image twice.
 */
public final class ImageUrls {
    /** The default budget: 64 MiB of data URLs, about 60 images of 512x512 PNG noise. */
    public static final long DEFAULT_BUDGET = 64L << 20;

    private final ByteBudgetCache<ImageInputs.Image, Encoded> cache;

    /**
     * A cache holding at most {@code budgetBytes} of URLs.
     *
     * @param budgetBytes the most URL bytes kept; 0 keeps none
     */
    public ImageUrls(long budgetBytes) {
        this.cache = new ByteBudgetCache<>(budgetBytes, ImageUrls::encode, e -> e.url().length);
    }

    /**
     * An image as it is sent.
     *
     * @param url the URL's ASCII bytes (a data URL, or the location given); never modify
     * @param imageBytes the image's own bytes (0 for a URL the server fetches)
     */
    public record Encoded(byte[] url, long imageBytes) {
    }

    /**
     * The image's URL, encoded now unless it is held.
     *
     * @param image the image
     * @return its URL and size
     * @throws UncheckedIOException when a referenced file cannot be read
     */
    public Encoded url(ImageInputs.Image image) {
        return cache.get(image);
    }

    /**
     * How many times an image was encoded (or a file read): the number of distinct images seen, when the
     * budget holds them all.
     *
     * @return the encodings so far
     */
    public long encodings() {
        return cache.made();
    }

    /**
     * The URL bytes held now.
     *
     * @return bytes held
     */
    public long heldBytes() {
        return cache.heldBytes();
    }

    /**
     * The most URL bytes held.
     *
     * @return the budget
     */
    public long budgetBytes() {
        return cache.budgetBytes();
    }

    private static Encoded encode(ImageInputs.Image image) {
        if (image instanceof ImageInputs.Synthetic s) {
            byte[] bytes = SyntheticImages.encode(s);
            return new Encoded(dataUrl(s.format().mediaType(), bytes), bytes.length);
        }
        ImageInputs.Reference r = (ImageInputs.Reference) image;
        if (r.isUrl()) return new Encoded(r.location().getBytes(StandardCharsets.UTF_8), 0);
        Path file = Path.of(r.location());
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the image " + file + ": " + e.getMessage(), e);
        }
        return new Encoded(dataUrl(mediaType(file, bytes), bytes), bytes.length);
    }

    /** {@code data:<type>;base64,<bytes>} in ASCII, made in one array. */
    static byte[] dataUrl(String mediaType, byte[] bytes) {
        return base64(("data:" + mediaType + ";base64,").getBytes(StandardCharsets.US_ASCII), bytes);
    }

    /** {@code head} then the base64 of {@code bytes}, in one array (an audio part's data has no head). */
    static byte[] base64(byte[] head, byte[] bytes) {
        Base64.Encoder b64 = Base64.getEncoder();
        int encodedLength = 4 * ((bytes.length + 2) / 3);
        byte[] url = new byte[head.length + encodedLength];
        System.arraycopy(head, 0, url, 0, head.length);
        // encode in slices of whole 3-byte groups straight into place: no second copy of the base64 text
        int slice = 3 * 16_384;
        int at = head.length;
        for (int off = 0; off < bytes.length; off += slice) {
            int n = Math.min(slice, bytes.length - off);
            byte[] part = b64.encode(Arrays.copyOfRange(bytes, off, off + n));
            System.arraycopy(part, 0, url, at, part.length);
            at += part.length;
        }
        return url;
    }

    /** The media type from the file's first bytes, else its extension. */
    static String mediaType(Path file, byte[] bytes) {
        if (bytes.length >= 8 && (bytes[0] & 0xff) == 0x89 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G') return "image/png";
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xFF && (bytes[1] & 0xff) == 0xD8) return "image/jpeg";
        if (bytes.length >= 6 && bytes[0] == 'G' && bytes[1] == 'I' && bytes[2] == 'F') return "image/gif";
        if (bytes.length >= 12 && bytes[0] == 'R' && bytes[8] == 'W' && bytes[9] == 'E' && bytes[10] == 'B') return "image/webp";
        String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
        Map<String, String> byExtension = Map.of(".png", "image/png", ".jpg", "image/jpeg", ".jpeg", "image/jpeg",
                ".gif", "image/gif", ".webp", "image/webp");
        for (Map.Entry<String, String> e : byExtension.entrySet()) if (name.endsWith(e.getKey())) return e.getValue();
        return "application/octet-stream";
    }
}
