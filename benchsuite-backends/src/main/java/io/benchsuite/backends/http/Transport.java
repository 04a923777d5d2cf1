package io.benchsuite.backends.http;

import java.util.Locale;

/**
 * Which HTTP client carries the requests of an HTTP backend (config key {@code transport}).
 *
 * <p>{@link #NETTY}, the default, is a non-blocking HTTP/1.1 client on Netty's event loops (native
 * epoll on Linux) whose hot path reads each streamed event straight from the socket's bytes: the
 * least client CPU per token and the smallest distortion of the timing. {@link #HTTPCLIENT} is
 * Apache HttpClient 5, the transport of earlier versions, kept selectable for comparison and as a
 * fallback. Both give the same guarantees: arrival times taken before parsing, connect time per new
 * connection, typed errors, cancellation, TLS verification, one retry on a fresh connection when a
 * reused one died before any response byte, and no thread left after {@code close()}.
 */
public enum Transport {
    /** Netty (the default). */
    NETTY("netty"),
    /** Apache HttpClient 5. */
    HTTPCLIENT("httpclient");

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** The config value, e.g. {@code netty}. */
    public String label() {
        return label;
    }

    /**
     * Reads a config value.
     *
     * @throws IllegalArgumentException naming the key and the values it accepts
     */
    public static Transport parse(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        for (Transport t : values()) {
            if (t.label.equals(v)) return t;
        }
        if (v.equals("httpclient5") || v.equals("apache")) return HTTPCLIENT;
        throw new IllegalArgumentException("backend config key '" + HttpSettings.TRANSPORT + "': expected netty or httpclient, got '"
                + value + "'");
    }
}
