package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Locale;
import java.util.Optional;

/**
 * Which model each request asks for and which headers tell a router where it belongs: a {@link ModelMix} over
 * several served names, a header carrying the session's id on every turn of a session (one id per independent
 * request), and a header carrying a unique id per request. KV-aware and prefix-aware routers (NVIDIA Dynamo,
 * llm-d's inference scheduler, the SGLang router, vLLM's production stack) read such headers to keep a
 * session's turns on the worker that holds its KV cache. These headers are routing hints, never secrets.
 *
 * @param mix the models the requests are spread over; empty: every request asks for the run's model
 * @param sessionHeader the name of the session header, or empty for none
 * @param requestIdHeader the name of the request-id header, or empty for none
 */
public record RequestRouting(Optional<ModelMix> mix, String sessionHeader, String requestIdHeader) {
    /** One model, no routing headers. */
    public static final RequestRouting NONE = new RequestRouting(Optional.empty(), "", "");

    /**
     * Checks each header name is empty or an HTTP token, and that the two differ; names are kept in lower case.
     *
     * @param mix the models the requests are spread over
     * @param sessionHeader the session header's name, or empty
     * @param requestIdHeader the request-id header's name, or empty
     */
    public RequestRouting {
        notNull(mix, "mix");
        sessionHeader = headerName(sessionHeader, "sessionHeader");
        requestIdHeader = headerName(requestIdHeader, "requestIdHeader");
        if (!sessionHeader.isEmpty() && sessionHeader.equals(requestIdHeader)) {
            throw new IllegalArgumentException("the session and request-id headers must differ, both are '" + sessionHeader + "'");
        }
    }

    /**
     * Whether requests ask for several models.
     *
     * @return whether a mix is set
     */
    public boolean mixes() {
        return mix.isPresent();
    }

    /**
     * Whether anything is routed: a mix or a header.
     *
     * @return false for {@link #NONE}
     */
    public boolean any() {
        return mix.isPresent() || !sessionHeader.isEmpty() || !requestIdHeader.isEmpty();
    }

    /**
     * A copy with the given mix.
     *
     * @param m the mix, or null for none
     * @return the copy
     */
    public RequestRouting withMix(ModelMix m) {
        return new RequestRouting(Optional.ofNullable(m), sessionHeader, requestIdHeader);
    }

    /**
     * A copy with the given header names.
     *
     * @param session the session header's name, or empty
     * @param requestId the request-id header's name, or empty
     * @return the copy
     */
    public RequestRouting withHeaders(String session, String requestId) {
        return new RequestRouting(mix, session, requestId);
    }

    /**
     * Checks an HTTP header name (RFC 9110's token characters).
     *
     * @param name the name, null or empty for none
     * @param what what the name is, for the message
     * @return the name in lower case, or empty
     * @throws IllegalArgumentException when it is not a token
     */
    public static String headerName(String name, String what) {
        if (name == null) return "";
        String n = name.trim();
        if (n.isEmpty()) return "";
        for (int i = 0; i < n.length(); i++) {
            char c = n.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) throw new IllegalArgumentException(what + ": '" + name + "' is not an HTTP header name");
        }
        String lower = n.toLowerCase(Locale.ROOT);
        if (lower.equals("authorization") || lower.equals("proxy-authorization") || lower.equals("cookie")
                || lower.equals("host") || lower.equals("content-length") || lower.equals("content-type")) {
            throw new IllegalArgumentException(what + ": '" + name + "' is a header the client sets itself");
        }
        return lower;
    }
}
