package io.benchsuite.sim.server;

import com.sun.net.httpserver.Headers;
import io.benchsuite.sim.Adapters;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a simulated server does with the model a request asks for and the routing headers it carries: it answers
 * for its base name and its {@link Adapters}, makes a request for an adapter not loaded wait while it is loaded,
 * and logs, per request, the model and the named headers ({@link RequestLog#routed}), so that a client's
 * per-model counts and routing ids can be checked against what the server received.
 */
final class ServedModels {
    /** The routing headers logged unless told otherwise. */
    static final List<String> DEFAULT_LOGGED_HEADERS = List.of("x-session-id", "x-request-id");

    private final AdapterSlots slots;
    private final List<String> loggedHeaders;

    ServedModels(Adapters adapters, double timeScale, List<String> loggedHeaders) {
        this.slots = new AdapterSlots(adapters, timeScale);
        this.loggedHeaders = loggedHeaders.stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
    }

    /** Whether {@code model} is one of the adapters (the base name is the handler's to know). */
    boolean serves(String model) {
        return slots.serves(model);
    }

    /**
     * Called once a request is admitted, before the engine gets it: waits while its adapter is loaded, then logs
     * the model and the routing headers when there is a log and the server has adapters or the request carried a
     * logged header. Returns the load cost this request paid, in ms.
     */
    double admit(long number, String model, Headers headers, RequestLog log) {
        double load = slots.acquire(model);
        if (log != null) {
            Map<String, String> seen = new LinkedHashMap<>();
            for (String name : loggedHeaders) {
                String v = headers.getFirst(name);
                if (v != null) seen.put(name, v);
            }
            // a server of one model sent no routing header writes no line: its log stays as it always was
            if (!slots.none() || !seen.isEmpty()) log.routed(number, model, load, seen);
        }
        return load;
    }

    /** Adapter loads and evictions so far. */
    long[] counts() {
        return slots.counts();
    }
}
