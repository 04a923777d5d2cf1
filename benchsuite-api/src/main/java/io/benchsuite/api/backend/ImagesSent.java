package io.benchsuite.api.backend;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a request that carried images sent, a response extra reported by the backend
 * ({@link ResponseListener#onExtra}) and written into the request log: {@code "images":2,
 * "imageBytes":1573120,"payloadBytes":2098301}.
 *
 * @param images how many images the body carried
 * @param imageBytes the images' own bytes (decoded, before base64), 0 for images sent as a URL to fetch
 * @param payloadBytes the whole request body, in bytes
 */
public record ImagesSent(int images, long imageBytes, long payloadBytes) implements RequestExtras.Logged {

    /**
     * Checks that no count is negative.
     *
     * @param images how many images the body carried
     * @param imageBytes the images' own bytes
     * @param payloadBytes the whole request body, in bytes
     */
    public ImagesSent {
        if (images < 0 || imageBytes < 0 || payloadBytes < 0) {
            throw new IllegalArgumentException("counts must be >= 0, got " + images + ", " + imageBytes + ", " + payloadBytes);
        }
    }

    @Override
    public Map<String, Object> logFields() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("images", images);
        f.put("imageBytes", imageBytes);
        f.put("payloadBytes", payloadBytes);
        return f;
    }
}
