package io.benchsuite.core.internal.engine;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.RouteChoice;
import io.benchsuite.api.workload.ModelMix;
import io.benchsuite.api.workload.RequestRouting;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Applies a run's {@link RequestRouting} to each request on its way to the backend: the model a
 * {@link ModelMix} draws for it (per request index, or per session id so that a session's turns all ask for one
 * model) and the routing headers (the session's id on every turn, one id per independent request; a unique id
 * per request, the run id and the request's index). The choice is told to the request's tracker as a
 * {@link RouteChoice}, so that it reaches the request's record and its line of the request log.
 */
final class RequestRouter {
    private final RequestRouting routing;
    private final String runId;
    private final long mixSeed;

    /**
     * @param routing what to apply
     * @param runId the run's id, the stem of the ids sent
     * @param mixSeed the scenario's stream seed for the mix
     */
    RequestRouter(RequestRouting routing, String runId, long mixSeed) {
        this.routing = notNull(routing, "routing");
        this.runId = notNull(runId, "runId");
        this.mixSeed = mixSeed;
    }

    /**
     * The request as routed, its choice told to {@code tracker}; {@code request} itself when nothing is routed.
     *
     * @param request the request built for the plan
     * @param sessionId its session's id, or null for an independent request
     * @param tracker the request's own listener, which records the choice
     */
    InferenceRequest route(InferenceRequest request, String sessionId, ResponseListener tracker) {
        if (!routing.any()) return request;
        String model = "";
        InferenceRequest r = request;
        if (routing.mix().isPresent()) {
            ModelMix mix = routing.mix().get();
            boolean perSession = mix.by() == ModelMix.By.SESSION && sessionId != null;
            // a session's model depends on its id alone, not on the order its turns interleave with others
            model = mix.pick(mixSeed, perSession ? key(sessionId) : request.index());
            r = new InferenceRequest(r.index(), model, r.messages(), r.inputTokens(), r.maxTokens(), r.ignoreEos(),
                    r.temperature(), r.seed(), r.stream(), r.headers(), r.prepared(), r.extras());
        }
        String requestId = runId + "-" + request.index();
        String session = sessionId == null ? requestId : runId + "-" + sessionId;
        Map<String, String> headers = new LinkedHashMap<>();
        if (!routing.sessionHeader().isEmpty()) headers.put(routing.sessionHeader(), session);
        if (!routing.requestIdHeader().isEmpty()) headers.put(routing.requestIdHeader(), requestId);
        if (!headers.isEmpty()) r = r.withHeaders(headers);
        RouteChoice choice = new RouteChoice(model, routing.sessionHeader().isEmpty() ? "" : session,
                routing.requestIdHeader().isEmpty() ? "" : requestId);
        tracker.onExtra(choice);
        return r.withExtra(choice);
    }

    /** A 64-bit FNV-1a hash of a session id: the same on every platform and JVM. */
    static long key(String sessionId) {
        long h = 0xcbf29ce484222325L;
        for (byte b : sessionId.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
