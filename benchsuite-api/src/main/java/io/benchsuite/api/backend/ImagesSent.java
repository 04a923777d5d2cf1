package io.benchsuite.api.backend;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a request that carried images sent, a response extra reported by the backend
 * ({@link ResponseListener#onExtra}) and written into the request log: {@code "images":2,
 * "imageBytes":1573120,"payloadBytes":2098301}. An in-process backend builds no request body: its {@code payloadBytes}
 * are {@link #NO_BODY}, and it encodes no synthetic image, so a request carrying one has {@link #NOT_ENCODED} image
 * bytes; the log leaves such a field out.
 *
 * @param images how many images the body carried
 * @param imageBytes the images' own bytes (decoded, before base64), 0 for images sent as a URL to fetch;
 *     {@link #NOT_ENCODED} when a synthetic one was never encoded
 * @param payloadBytes the whole request body, in bytes; {@link #NO_BODY} when no body was built
 */
public record ImagesSent(int images, long imageBytes, long payloadBytes) implements RequestExtras.Logged {
    /** The {@code payloadBytes} of a request that was not serialized: one run in process. */
    public static final long NO_BODY = -1;
    /** The {@code imageBytes} of a request whose synthetic images were never encoded: one run in process. */
    public static final long NOT_ENCODED = -1;

    /**
     * Checks that no count is negative (but for the two markers).
     *
     * @param images how many images the body carried
     * @param imageBytes the images' own bytes, or {@link #NOT_ENCODED}
     * @param payloadBytes the whole request body, in bytes, or {@link #NO_BODY}
     */
    public ImagesSent {
        if (images < 0 || (imageBytes < 0 && imageBytes != NOT_ENCODED) || (payloadBytes < 0 && payloadBytes != NO_BODY)) {
            throw new IllegalArgumentException("counts must be >= 0, got " + images + ", " + imageBytes + ", " + payloadBytes);
        }
    }

    @Override
    public Map<String, Object> logFields() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("images", images);
        if (imageBytes != NOT_ENCODED) f.put("imageBytes", imageBytes);
        if (payloadBytes != NO_BODY) f.put("payloadBytes", payloadBytes);
        return f;
    }
}
