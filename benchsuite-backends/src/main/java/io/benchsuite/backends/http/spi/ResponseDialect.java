package io.benchsuite.backends.http.spi;

import io.benchsuite.api.backend.OutputKinds;
import java.util.List;

/**
 * Reads one successful (2xx) response of one API flavour: what an HTTP backend implements for its
 * server's response format, and hands to {@link HttpTransport#post} with each request. One instance
 * per request; called from a single I/O thread at a time. Every method receives the
 * {@link System#nanoTime()} taken when the bytes that completed the input arrived, before they were
 * parsed, and reports through the {@link Emitter} it is given.
 */
public interface ResponseDialect {

    /**
     * One server-sent event. Its data is UTF-8 bytes owned by the decoder and valid only during the
     * call: read the fields needed from them (a streaming JSON parser over the array avoids a copy);
     * never keep the array.
     *
     * @param nanoTime when the bytes that completed the event arrived
     * @param eventType the {@code event:} field, or {@code null}
     * @param data the buffer holding the event's data
     * @param offset where the data starts
     * @param length how many bytes
     * @param out where the event's tokens, usage or error go
     * @throws MalformedResponseException when the event's data cannot be understood
     */
    void event(long nanoTime, String eventType, byte[] data, int offset, int length, Emitter out);

    /**
     * The whole body of a response that was not an event stream (non-streaming requests, or a server
     * that answered a streaming request with plain JSON).
     *
     * @param nanoTime when the body's last bytes arrived
     * @param body the body, UTF-8
     * @param out where the response's tokens, usage or error go
     * @throws MalformedResponseException when the body cannot be understood
     */
    void body(long nanoTime, byte[] body, Emitter out);

    /**
     * The event stream ended cleanly; decide between success and truncation unless already finished.
     *
     * @param nanoTime when the stream's end arrived
     * @param out where the verdict goes
     */
    void end(long nanoTime, Emitter out);

    /**
     * Which kinds of generated output (content, reasoning, tool calls) the response has carried so
     * far; the exchange passes them to the listener right before the terminal event.
     *
     * @return the kinds seen; none by default
     */
    default OutputKinds outputKinds() {
        return OutputKinds.none();
    }

    /**
     * What the response reported beyond its tokens (the tool calls it made, ...); the exchange passes
     * each to the listener's {@code onExtra} right before the terminal event.
     *
     * @return the values; none by default
     */
    default List<Object> extras() {
        return List.of();
    }
}
