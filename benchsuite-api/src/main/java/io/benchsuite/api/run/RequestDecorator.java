package io.benchsuite.api.run;

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
     *
     * @param request the request as the run built it
     * @param downstream the run's listener for the request's events
     * @return the request to send and the listener to give the backend
     */
    Decorated decorate(InferenceRequest request, ResponseListener downstream);

    /**
     * Wraps {@code delivery}, which gives a finished request to the run's listeners on a thread of the
     * run's own, in what this decorator makes current on the thread passing the request's terminal
     * event on (a trace's span, which a metrics registry samples exemplars from). Called on that thread.
     * The default adds nothing.
     *
     * @param delivery the delivery to run on the listeners' thread
     * @return {@code delivery}, or a wrapper that runs it in this decorator's context
     */
    default Runnable carry(Runnable delivery) {
        return delivery;
    }

    /**
     * Runs this decorator's per-request code once on a throwaway request, with nothing anyone can see (no
     * span exported, nothing counted, no header sent anywhere), so that a run's first requests are not
     * decorated by code the JVM runs for the first time (loading and linking it cost a replay's first
     * request milliseconds). A real-time run calls it a few dozen times just before its clock starts, on
     * the thread that starts the run. The default does nothing.
     */
    default void rehearse() {
    }

    /**
     * A decorated request and listener.
     *
     * @param request the request to send
     * @param listener the listener handed to the backend
     */
    record Decorated(InferenceRequest request, ResponseListener listener) {}
}
