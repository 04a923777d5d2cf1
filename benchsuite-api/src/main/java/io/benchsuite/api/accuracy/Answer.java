package io.benchsuite.api.accuracy;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.RequestExtras;
import java.util.Optional;

/**
 * Everything a scorer may look at for one request: the answer's text, the reference answer, what the
 * request carried beyond its messages (tools, a response format, the call a dataset expects) and what
 * the response reported beyond its text (the tool calls it made).
 *
 * @param text the text the model answered (empty when it only called tools)
 * @param reference the reference answer, when the request had one
 * @param sent the request's extras
 * @param received the response's extras
 */
public record Answer(String text, Optional<String> reference, RequestExtras sent, RequestExtras received) {
    /**
     * Checks the components.
     *
     * @param text the text the model answered
     * @param reference the reference answer, or empty
     * @param sent the request's extras
     * @param received the response's extras
     */
    public Answer {
        notNull(text, "text");
        notNull(reference, "reference");
        notNull(sent, "sent");
        notNull(received, "received");
    }

    /**
     * An answer of text alone against a reference.
     *
     * @param text the text the model answered
     * @param reference the reference answer
     * @return the answer, without extras
     */
    public static Answer of(String text, String reference) {
        return new Answer(text, Optional.of(notNull(reference, "reference")), RequestExtras.none(), RequestExtras.none());
    }
}
