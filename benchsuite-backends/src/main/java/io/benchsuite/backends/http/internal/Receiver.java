package io.benchsuite.backends.http.internal;

import java.nio.ByteBuffer;

/**
 * What a transport reports about one execution of a request on the wire, in order: the connection
 * it got, the moment the request was written, the response head, body bytes, the end (or a failure).
 * Every time is the {@link System#nanoTime()} read when the socket read (or write) that carried it
 * returned, before any of its bytes were parsed. Called from one I/O thread at a time, except
 * {@link #onAbort}, which may be called from any thread.
 */
interface Receiver {

    /** Whether this is the re-send of a request whose reused connection died: it needs a connection of its own. */
    boolean isRetry();

    /** The connection: newly opened in {@code connectNanos}, or reused from the pool when negative. */
    void connection(long connectNanos);

    /** How to abort this execution (close its connection); runs at once when it is already unwanted. */
    void onAbort(Runnable abort);

    /** The request's last byte was written. */
    void sent(long nanoTime);

    /**
     * The response head arrived, with the headers the exchange reads ({@code null} when absent):
     * {@code Content-Type}, {@code Retry-After}, {@code Location} and {@code Content-Encoding}.
     */
    void response(long nanoTime, int status, String contentType, String retryAfter, String location, String contentEncoding,
                  boolean hasBody);

    /** Body bytes arrived; consumes them. */
    void content(long nanoTime, ByteBuffer bytes);

    /** The body ended. */
    void end(long nanoTime);

    /** The execution failed on the wire. */
    void failed(long nanoTime, Throwable cause);

    /** Whether the response was read to its end and nothing wants the connection closed: it may be reused. */
    boolean completedCleanly();

    /** The transport is done with this execution. */
    void done();
}
