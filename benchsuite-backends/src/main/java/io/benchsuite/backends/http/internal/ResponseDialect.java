package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.OutputKinds;

/**
 * Reads one successful (2xx) response of one API flavour. One instance per request; called from a
 * single I/O thread at a time. Every method receives the {@link System#nanoTime()} taken when the
 * bytes that completed the input arrived, before they were parsed.
 */
public interface ResponseDialect {

    /**
     * One server-sent event. Its data is UTF-8 bytes owned by the decoder and valid only during the
     * call: read the fields needed from them (see {@link EventJson}); never keep the array.
     *
     * @param eventType the {@code event:} field, or {@code null}
     * @param data the buffer holding the event's data
     * @param offset where the data starts
     * @param length how many bytes
     * @throws MalformedResponseException when the event's data cannot be understood
     */
    void event(long nanoTime, String eventType, byte[] data, int offset, int length, Emitter out);

    /**
     * The whole body of a response that was not an event stream (non-streaming requests, or a server
     * that answered a streaming request with plain JSON).
     *
     * @throws MalformedResponseException when the body cannot be understood
     */
    void body(long nanoTime, byte[] body, Emitter out);

    /** The event stream ended cleanly; decide between success and truncation unless already finished. */
    void end(long nanoTime, Emitter out);

    /**
     * Which kinds of generated output (content, reasoning, tool calls) the response has carried so
     * far; the exchange passes them to the listener right before the terminal event.
     */
    default OutputKinds outputKinds() {
        return OutputKinds.none();
    }

    /**
     * What the response reported beyond its tokens (the tool calls it made, ...); the exchange passes
     * each to the listener's {@code onExtra} right before the terminal event.
     */
    default java.util.List<Object> extras() {
        return java.util.List.of();
    }
}
