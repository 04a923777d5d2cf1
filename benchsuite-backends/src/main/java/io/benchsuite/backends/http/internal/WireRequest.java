package io.benchsuite.backends.http.internal;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * A request as it goes on the wire: method, absolute URI, headers (in order; values may be secret),
 * and the body as consecutive parts sent one after the other ({@code null} for none): a prompt serialised
 * ahead is one part and is never copied into a body-sized array on the send path. Built once per request;
 * every attempt sends the same bytes.
 */
record WireRequest(String method, URI uri, Map<String, String> headers, List<byte[]> body) {

    /** The body's length in bytes (0 for none). */
    int bodyLength() {
        if (body == null) return 0;
        long n = 0;
        for (byte[] part : body) n += part.length;
        if (n > Integer.MAX_VALUE) throw new IllegalArgumentException("request body over 2 GB: " + n + " bytes");
        return (int) n;
    }

    /** The request target: path and query. */
    String target() {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }
}
