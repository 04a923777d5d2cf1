package io.benchsuite.api.backend;

/** Lets the engine abandon an in-flight request (run stopped, request timeout). */
@FunctionalInterface
public interface RequestHandle {
    /** A handle for requests that cannot be cancelled. */
    RequestHandle NONE = () -> { };

    /**
     * Asks the backend to stop the request. The backend then delivers {@code onError} with
     * {@link ErrorKind#CANCELLED} unless a terminal event was already delivered. Idempotent.
     */
    void cancel();
}
