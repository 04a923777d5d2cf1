package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.time.Duration;

/**
 * A typed failure of one request.
 *
 * @param kind the category counted in reports
 * @param message a short human explanation; must never contain secrets (API keys, auth headers)
 * @param httpStatus the HTTP status when there was one, else 0
 * @param retryAfter the server's Retry-After for 429/503, or {@code null}
 */
public record BackendError(ErrorKind kind, String message, int httpStatus, Duration retryAfter) {
    /**
     * Checks that kind and message are present.
     *
     * @param kind the category counted in reports
     * @param message a short human explanation; must never contain secrets (API keys, auth headers)
     * @param httpStatus the HTTP status when there was one, else 0
     * @param retryAfter the server's Retry-After for 429/503, or {@code null}
     */
    public BackendError {
        notNull(kind, "kind");
        notNull(message, "message");
    }

    /**
     * An error with no HTTP status.
     *
     * @param kind the error category
     * @param message a short explanation (no secrets)
     * @return an error with no HTTP status
     */
    public static BackendError of(ErrorKind kind, String message) {
        return new BackendError(kind, message, 0, null);
    }
}
