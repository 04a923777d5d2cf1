package io.benchsuite.api.backend;

import java.util.Map;

/**
 * The request's text prompt was not sent: a transcription request sends its audio clip alone. A response extra
 * a backend reports ({@link ResponseListener#onExtra}) before the request's end; the request's record then
 * counts as its input tokens the prompt tokens the server reported, or none when it reported none (never the
 * planned prompt's), and its line of the request log says {@code "promptSent":false}.
 */
public record PromptNotSent() implements RequestExtras.Logged {
    /** The one value. */
    public static final PromptNotSent INSTANCE = new PromptNotSent();

    @Override
    public Map<String, Object> logFields() {
        return Map.of("promptSent", false);
    }
}
