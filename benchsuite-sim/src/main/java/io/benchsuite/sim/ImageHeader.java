package io.benchsuite.sim;

import java.util.Base64;
import java.util.Locale;

/**
 * An image's format and size in pixels, read from its first bytes (PNG, JPEG, GIF, WebP), and its bytes: what the
 * simulator needs to count the image's vision tokens ({@link VisionTokens}). {@code serve-sim} reads the images it
 * receives with it, and the in-process simulator the image files a request names, so both count the same tokens.
 *
 * @param format {@code png}, {@code jpeg}, {@code gif}, {@code webp}, {@code url} (not fetched) or {@code unknown}
 * @param width width in pixels, -1 when unknown
 * @param height height in pixels, -1 when unknown
 * @param bytes the image's own bytes (decoded from base64), -1 when unknown (a URL, or a synthetic image the in-process
 *     simulator never encodes)
 */
public record ImageHeader(String format, int width, int height, long bytes) {

    /**
     * What a client that sends {@code url} as an image part tells the server: a {@code data:} URL's image is decoded
     * and read ({@link #of}); any other URL is not fetched, so its size is unknown ({@code url}, -1 by -1, -1 bytes).
     *
     * @param url the part's URL
     * @return the image's format, size and bytes as far as they can be known without fetching
     */
    public static ImageHeader ofUrl(String url) {
        if (!url.regionMatches(true, 0, "data:", 0, 5)) return new ImageHeader("url", -1, -1, -1);
        int comma = url.indexOf(',');
        if (comma < 0 || !url.substring(0, comma).toLowerCase(Locale.ROOT).endsWith(";base64")) {
            return new ImageHeader("unknown", -1, -1, -1);
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(url.substring(comma + 1));
        } catch (IllegalArgumentException e) {
            return new ImageHeader("unknown", -1, -1, -1);
        }
        return of(bytes);
    }

    /**
     * The format and size from an image file's bytes.
     *
     * @param b the file's bytes
     * @return its format and size ({@code unknown}, -1 by -1, when its header is none of the four)
     */
    public static ImageHeader of(byte[] b) {
        long n = b.length;
        if (n >= 24 && (b[0] & 0xff) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G' && b[12] == 'I' && b[13] == 'H') {
            return new ImageHeader("png", int32(b, 16), int32(b, 20), n);
        }
        if (n >= 4 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xD8) return jpeg(b);
        if (n >= 10 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F') {
            return new ImageHeader("gif", (b[6] & 0xff) | (b[7] & 0xff) << 8, (b[8] & 0xff) | (b[9] & 0xff) << 8, n);
        }
        if (n >= 30 && b[0] == 'R' && b[8] == 'W' && b[9] == 'E' && b[10] == 'B' && b[12] == 'V' && b[13] == 'P' && b[14] == '8') {
            if (b[15] == ' ') return new ImageHeader("webp", ((b[26] & 0xff) | (b[27] & 0xff) << 8) & 0x3fff,
                    ((b[28] & 0xff) | (b[29] & 0xff) << 8) & 0x3fff, n);
            if (b[15] == 'L') {
                int bits = (b[21] & 0xff) | (b[22] & 0xff) << 8 | (b[23] & 0xff) << 16 | (b[24] & 0xff) << 24;
                return new ImageHeader("webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, n);
            }
            return new ImageHeader("webp", -1, -1, n);
        }
        return new ImageHeader("unknown", -1, -1, n);
    }

    /** A JPEG's size from its first start-of-frame segment (SOF0 to SOF15 but DHT, JPG and DAC). */
    private static ImageHeader jpeg(byte[] b) {
        int p = 2;
        while (p + 9 < b.length) {
            if ((b[p] & 0xff) != 0xFF) break;
            int marker = b[p + 1] & 0xff;
            if (marker == 0xFF) { // fill byte
                p++;
                continue;
            }
            if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { // no length
                p += 2;
                continue;
            }
            int length = (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
            if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
                int height = (b[p + 5] & 0xff) << 8 | (b[p + 6] & 0xff);
                int width = (b[p + 7] & 0xff) << 8 | (b[p + 8] & 0xff);
                return new ImageHeader("jpeg", width, height, b.length);
            }
            if (marker == 0xDA || length < 2) break; // scan data before any frame header: malformed
            p += 2 + length;
        }
        return new ImageHeader("jpeg", -1, -1, b.length);
    }

    private static int int32(byte[] b, int p) {
        return (b[p] & 0xff) << 24 | (b[p + 1] & 0xff) << 16 | (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
    }
}
