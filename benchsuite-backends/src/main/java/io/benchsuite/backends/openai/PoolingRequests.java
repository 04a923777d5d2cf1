package io.benchsuite.backends.openai;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.spi.HttpTransport;

/**
 * Sends one embeddings, rerank or score request: the body {@link PoolingApi} writes, posted without
 * streaming (these endpoints answer with one JSON body), read by a {@link PoolingResponseReader}.
 */
final class PoolingRequests {
    private PoolingRequests() {}

    /**
     * Posts {@code request}'s batch; never throws for a body that cannot be built (the listener hears of it).
     *
     * @param settings the backend's settings, with {@link OpenAiSettings#pooling()} set
     * @param transport the backend's transport
     * @param request the request, whose {@link BatchInputs} extra (or prompt) is sent
     * @param listener where the response goes
     * @return the request's handle
     */
    static RequestHandle send(OpenAiSettings settings, HttpTransport transport, InferenceRequest request,
                              ResponseListener listener) {
        PoolingApi api = settings.pooling();
        BatchInputs batch = api.batch(request);
        byte[] body;
        try {
            body = bodyBytes(settings, request, batch);
        } catch (RuntimeException e) {
            listener.onError(System.nanoTime(), BackendError.of(ErrorKind.BACKEND_EXCEPTION,
                    "cannot build the request body: " + transport.scrub(String.valueOf(e.getMessage()))));
            return RequestHandle.NONE;
        }
        return transport.post(api.path(), body, request.headers(), false, new PoolingResponseReader(api, batch, listener), listener);
    }

    /** The body as sent; package-private for tests. */
    static byte[] bodyBytes(OpenAiSettings settings, InferenceRequest request, BatchInputs batch) {
        ObjectNode extra = Json.object();
        settings.extraParams().forEach((k, v) -> extra.set(k, OpenAiBackend.parseParam(v)));
        String model = request.model().isBlank() ? settings.model() : request.model();
        return Json.bytes(settings.pooling().body(model, batch, extra));
    }
}
