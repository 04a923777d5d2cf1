package io.benchsuite.api.backend;

/** A backend cannot be created or is not usable (bad configuration, server down at pre-flight). */
public class BackendException extends RuntimeException {
    public BackendException(String message) {
        super(message);
    }

    public BackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
