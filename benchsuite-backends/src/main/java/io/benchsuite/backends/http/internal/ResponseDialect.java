package io.benchsuite.backends.http.internal;

/**
 * Reads one successful (2xx) response of one API flavour. One instance per request; called from a
 * single I/O thread at a time. Every method receives the {@link System#nanoTime()} taken when the
 * bytes that completed the input arrived, before they were parsed.
 */
public interface ResponseDialect {

    /**
     * One server-sent event.
     *
     * @throws MalformedResponseException when the event's data cannot be understood
     */
    void event(long nanoTime, String eventType, String data, Emitter out);

    /**
     * The whole body of a response that was not an event stream (non-streaming requests, or a server
     * that answered a streaming request with plain JSON).
     *
     * @throws MalformedResponseException when the body cannot be understood
     */
    void body(long nanoTime, byte[] body, Emitter out);

    /** The event stream ended cleanly; decide between success and truncation unless already finished. */
    void end(long nanoTime, Emitter out);
}
