package io.benchsuite.backends.http.internal;

/** A response body or event that cannot be parsed; becomes {@code MALFORMED_RESPONSE}. */
public final class MalformedResponseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MalformedResponseException(String message) {
        super(message);
    }
}
