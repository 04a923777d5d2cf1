package io.benchsuite.api.backend;

import java.util.Locale;

/** Why a request failed. Every failure is one of these, counted by kind in the report. */
public enum ErrorKind {
    /** The server refused the TCP connection (nothing listening). */
    CONNECTION_REFUSED,
    /** The TCP or TLS connection could not be established in time. */
    CONNECT_TIMEOUT,
    /** No bytes arrived for longer than the read timeout. */
    READ_TIMEOUT,
    /** The whole request took longer than the request timeout. */
    REQUEST_TIMEOUT,
    /** HTTP 429 Too Many Requests (Retry-After noted in the message). */
    HTTP_429,
    /** Any other HTTP 4xx. */
    HTTP_4XX,
    /**
     * An HTTP redirect (301, 302, 303, 307, 308): benchsuite does not follow redirects, since a
     * benchmark must time the server it was pointed at; the message carries the {@code Location}
     * (with any user-info masked). Label {@code http_redirect}.
     */
    HTTP_REDIRECT,
    /** HTTP 5xx. */
    HTTP_5XX,
    /** The connection was reset or closed mid-stream, after the response had begun. */
    STREAM_RESET,
    /**
     * The server closed (or reset) the connection after the request had been written and before any
     * byte of a response, when the close does not show that the request never reached the server's
     * application: the server may have read it and worked on it. Such a request is not sent again (a
     * re-send could make the server execute it twice); only a close that shows the request cannot
     * have been read (nothing of it written, or a kept-alive connection the server closed as the
     * request arrived) leads to one re-send, reported through {@link ResponseListener#onConnectionRetry}.
     */
    CONNECTION_CLOSED,
    /** The stream ended cleanly but without its end marker (e.g. no {@code [DONE]}). */
    STREAM_TRUNCATED,
    /** The response could not be parsed (bad SSE framing or JSON). */
    MALFORMED_RESPONSE,
    /** The server sent an error object inside a successful (200) stream. */
    SERVER_ERROR_EVENT,
    /** The backend refused the request itself (e.g. the prompt exceeds the model's context). */
    REJECTED,
    /**
     * The client did not send the request because its prompt and requested output exceed the model's
     * context length (a known limit, checked before sending, instead of a server error).
     */
    CONTEXT_EXCEEDED,
    /** The run was stopped (Ctrl-C, end of run) before the request finished. */
    CANCELLED,
    /**
     * The client aborted the request on purpose, as a user closing a tab would (a workload's
     * cancellations): counted apart, neither a failure nor a latency sample. Backends never report it;
     * the engine gives it to a request it cancelled by design.
     */
    CANCELLED_BY_CLIENT,
    /** The backend threw an exception. */
    BACKEND_EXCEPTION;

    /**
     * Lower-case label used in reports, e.g. {@code http_5xx}.
     *
     * @return the lower-case label used in reports, e.g. {@code http_5xx}
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
