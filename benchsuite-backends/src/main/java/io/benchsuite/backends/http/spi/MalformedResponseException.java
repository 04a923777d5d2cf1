package io.benchsuite.backends.http.spi;

/**
 * Thrown by a {@link ResponseDialect} for a response body or event it cannot parse; the request fails
 * as {@code MALFORMED_RESPONSE} with the message (secrets masked).
 */
public final class MalformedResponseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * A parse failure.
     *
     * @param message what could not be understood, e.g. the field and an excerpt of the data
     */
    public MalformedResponseException(String message) {
        super(message);
    }
}
