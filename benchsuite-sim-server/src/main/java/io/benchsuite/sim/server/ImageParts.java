package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.sim.VisionTokens;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The images a chat request's messages carry ({@code {"type":"image_url","image_url":{"url":...}}} content
 * parts), read as far as the simulator needs: a data URL is decoded to count its bytes and to read the
 * image's width and height from its PNG, JPEG, GIF or WebP header; an {@code http(s)} URL is not fetched
 * (its size is unknown). What was received goes into the request log, so a test can check that a client's
 * bodies carried the images it was configured to send.
 *
 * @param images the images, in the order received
 */
record ImageParts(List<Image> images) {
    /** A request without images. */
    static final ImageParts NONE = new ImageParts(List.of());

    /**
     * One image as received.
     *
     * @param format {@code png}, {@code jpeg}, {@code gif}, {@code webp}, {@code url} (not fetched) or {@code unknown}
     * @param width width in pixels, -1 when unknown
     * @param height height in pixels, -1 when unknown
     * @param bytes the image's own bytes (decoded from base64), -1 for a URL
     */
    record Image(String format, int width, int height, long bytes) {
    }

    /** The image parts of every message of {@code messages} (a chat request's array). */
    static ImageParts read(JsonNode messages) {
        List<Image> images = null;
        for (JsonNode m : messages) {
            JsonNode content = m.get("content");
            if (content == null || !content.isArray()) continue;
            for (JsonNode part : content) {
                JsonNode type = part.get("type");
                if (type == null || !"image_url".equals(type.asText())) continue;
                JsonNode url = part.path("image_url").get("url");
                if (url == null) url = part.get("image_url"); // the older shape: "image_url": "<url>"
                if (images == null) images = new ArrayList<>();
                images.add(url != null && url.isTextual() ? image(url.asText()) : new Image("unknown", -1, -1, -1));
            }
        }
        return images == null ? NONE : new ImageParts(List.copyOf(images));
    }

    /** The prompt tokens of these images under {@code rule}. */
    int tokens(VisionTokens rule) {
        int sum = 0;
        for (Image i : images) sum += rule.tokens(i.width(), i.height());
        return sum;
    }

    /** The log's form: {@code [{"format":"png","width":512,"height":512,"bytes":786571}]}. */
    String json() {
        StringBuilder b = new StringBuilder("[");
        for (Image i : images) {
            if (b.length() > 1) b.append(',');
            b.append("{\"format\":\"").append(i.format()).append("\",\"width\":").append(i.width()).append(",\"height\":")
                    .append(i.height()).append(",\"bytes\":").append(i.bytes()).append('}');
        }
        return b.append(']').toString();
    }

    private static Image image(String url) {
        if (!url.regionMatches(true, 0, "data:", 0, 5)) return new Image("url", -1, -1, -1);
        int comma = url.indexOf(',');
        if (comma < 0 || !url.substring(0, comma).toLowerCase(Locale.ROOT).endsWith(";base64")) {
            return new Image("unknown", -1, -1, -1);
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(url.substring(comma + 1));
        } catch (IllegalArgumentException e) {
            return new Image("unknown", -1, -1, -1);
        }
        return header(bytes);
    }

    /** The format and size from the image's first bytes. */
    static Image header(byte[] b) {
        long n = b.length;
        if (n >= 24 && (b[0] & 0xff) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G' && b[12] == 'I' && b[13] == 'H') {
            return new Image("png", int32(b, 16), int32(b, 20), n);
        }
        if (n >= 4 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xD8) return jpeg(b);
        if (n >= 10 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F') {
            return new Image("gif", (b[6] & 0xff) | (b[7] & 0xff) << 8, (b[8] & 0xff) | (b[9] & 0xff) << 8, n);
        }
        if (n >= 30 && b[0] == 'R' && b[8] == 'W' && b[9] == 'E' && b[10] == 'B' && b[12] == 'V' && b[13] == 'P' && b[14] == '8') {
            if (b[15] == ' ') return new Image("webp", ((b[26] & 0xff) | (b[27] & 0xff) << 8) & 0x3fff,
                    ((b[28] & 0xff) | (b[29] & 0xff) << 8) & 0x3fff, n);
            if (b[15] == 'L') {
                int bits = (b[21] & 0xff) | (b[22] & 0xff) << 8 | (b[23] & 0xff) << 16 | (b[24] & 0xff) << 24;
                return new Image("webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, n);
            }
            return new Image("webp", -1, -1, n);
        }
        return new Image("unknown", -1, -1, n);
    }

    /** A JPEG's size from its first start-of-frame segment (SOF0 to SOF15 but DHT, JPG and DAC). */
    private static Image jpeg(byte[] b) {
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
                return new Image("jpeg", width, height, b.length);
            }
            if (marker == 0xDA || length < 2) break; // scan data before any frame header: malformed
            p += 2 + length;
        }
        return new Image("jpeg", -1, -1, b.length);
    }

    private static int int32(byte[] b, int p) {
        return (b[p] & 0xff) << 24 | (b[p + 1] & 0xff) << 16 | (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
    }
}
