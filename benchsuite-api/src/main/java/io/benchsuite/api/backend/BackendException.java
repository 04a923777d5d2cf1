package io.benchsuite.api.backend;

/** A backend cannot be created or is not usable (bad configuration, server down at pre-flight). */
public class BackendException extends RuntimeException {
    /**
     * An exception with a message.
     *
     * @param message what is wrong and how to fix it (no secrets)
     */
    public BackendException(String message) {
        super(message);
    }

    /**
     * An exception with a message and its cause.
     *
     * @param message what is wrong and how to fix it (no secrets)
     * @param cause the underlying failure
     */
    public BackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
