package io.benchsuite.core.run;

import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;

/**
 * Wraps each request on its way to the backend, e.g. to start a trace span, add a
 * {@code traceparent} header and observe the response events. Called on the dispatcher thread.
 */
public interface RequestDecorator {

    /**
     * Returns the request to send (possibly with extra headers) and the listener to give the backend,
     * which must forward every event to {@code downstream}.
     */
    Decorated decorate(InferenceRequest request, ResponseListener downstream);

    /**
     * A decorated request and listener.
     *
     * @param request the request to send
     * @param listener the listener handed to the backend
     */
    record Decorated(InferenceRequest request, ResponseListener listener) {}
}
