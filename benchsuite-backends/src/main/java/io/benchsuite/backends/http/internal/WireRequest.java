package io.benchsuite.backends.http.internal;

import java.net.URI;
import java.util.Map;

/**
 * A request as it goes on the wire: method, absolute URI, headers (in order; values may be secret),
 * and the body ({@code null} for none). Built once per request; every attempt sends the same bytes.
 */
record WireRequest(String method, URI uri, Map<String, String> headers, byte[] body) {

    /** The request target: path and query. */
    String target() {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }
}
