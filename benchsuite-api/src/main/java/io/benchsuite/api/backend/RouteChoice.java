package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a request was routed with: the model a {@link io.benchsuite.api.workload.ModelMix} chose for it, and the
 * ids sent in the routing headers. Carried on the request and its record as a {@link RequestExtras} value and
 * written into its line of the request log ({@code model}, {@code routeSessionId}, {@code routeRequestId}).
 *
 * @param model the model name the request asked for; empty when no mix chose it
 * @param sessionId the id sent in the session header; empty when none was sent
 * @param requestId the id sent in the request-id header; empty when none was sent
 */
public record RouteChoice(String model, String sessionId, String requestId) implements RequestExtras.Logged {

    /**
     * Checks no component is null.
     *
     * @param model the chosen model, or empty
     * @param sessionId the session header's value, or empty
     * @param requestId the request-id header's value, or empty
     */
    public RouteChoice {
        notNull(model, "model");
        notNull(sessionId, "sessionId");
        notNull(requestId, "requestId");
    }

    @Override
    public Map<String, Object> logFields() {
        Map<String, Object> f = new LinkedHashMap<>();
        if (!model.isEmpty()) f.put("model", model);
        if (!sessionId.isEmpty()) f.put("routeSessionId", sessionId);
        if (!requestId.isEmpty()) f.put("routeRequestId", requestId);
        return f;
    }
}
