package io.benchsuite.api.backend;

/**
 * Receives the events of one request from a backend.
 *
 * <p>Contract for backends:
 * <ul>
 *   <li>Events for one request are delivered one at a time (never concurrently) and in order:
 *       {@code onSent}, then zero or more {@code onTokens}, then exactly one of {@code onComplete}
 *       or {@code onError}. Nothing may follow the terminal event. The one exception to "once":
 *       after {@code onConnectionRetry} (no token has arrived yet), {@code onConnected} and
 *       {@code onSent} come again for the re-sent request.</li>
 *   <li>Every {@code nanoTime} is {@link System#nanoTime()} read at the moment the bytes (or the
 *       in-process token) arrived, before any parsing of later data; never a time computed afterwards.</li>
 *   <li>The first {@code onTokens} or {@code onReasoningTokens} with a count &gt; 0 is the first
 *       token (TTFT), whatever its kind, as servers define it. A chunk holding several tokens reports
 *       them all in one call.</li>
 *   <li>A reasoning model's thinking is reported with {@code onReasoningTokens}, its answer (visible
 *       text, tool calls) with {@code onTokens}; a backend that cannot tell them apart reports all with
 *       {@code onTokens}, and every token then counts as answer.</li>
 *   <li>Listeners are cheap and never block; they may be called from the backend's I/O threads.</li>
 * </ul>
 */
public interface ResponseListener {

    /**
     * The request had to open a new connection, which took {@code connectNanos} (name resolution,
     * TCP and, for https, TLS handshakes). Delivered before {@link #onSent} (again after
     * {@link #onConnectionRetry}), and only by backends that open connections; never for a request
     * served by a pooled connection. The default ignores it;
     * a listener that wraps another must forward it.
     *
     * @param connectNanos the connection's set-up time in nanoseconds
     */
    default void onConnected(long connectNanos) {
    }

    /**
     * The request is sent once more, on a newly opened connection, because the kept-alive connection
     * it went out on died in a way that shows the request cannot have reached the server's
     * application: nothing of it was written in full, or the server closed the idle connection as the
     * request arrived (the backend states its rule). {@link #onConnected} (for the new connection) and
     * {@link #onSent} follow again. A backend re-sends a request at most once, and only in such a case;
     * a connection closed after the server may have read the request fails it as
     * {@link ErrorKind#CONNECTION_CLOSED} instead. The request's latency still counts from its scheduled
     * instant. The default ignores it; a listener that wraps another must forward it.
     *
     * @param nanoTime {@link System#nanoTime()} when the dead connection was noticed
     * @param reason why the request was re-sent: what happened to the connection (no secrets); recorded
     *     with the request
     */
    default void onConnectionRetry(long nanoTime, String reason) {
    }

    /**
     * The request left the client (last byte written, or handed to the in-process engine).
     *
     * @param nanoTime {@link System#nanoTime()} when it happened
     */
    void onSent(long nanoTime);

    /**
     * One or more tokens arrived.
     *
     * @param nanoTime when the bytes carrying them arrived
     * @param tokenCount tokens in this chunk (0 for a chunk with no content, e.g. a role-only delta)
     * @param text the decoded text of the chunk (may be empty)
     */
    void onTokens(long nanoTime, int tokenCount, String text);

    /**
     * One or more <em>reasoning</em> tokens arrived: a reasoning model's thinking, streamed before
     * (or between) its answer in a field of its own ({@code reasoning_content}, {@code reasoning}).
     * They are generated tokens like the answer's and count alike for TTFT, ITL and output counts;
     * reported apart so the time to the first answer token and the answer's pace can be measured.
     * Backends call {@link #onTokens} for answer tokens and this method for reasoning tokens, in
     * arrival order; a chunk holding both kinds is reported by one call of each, with the same
     * {@code nanoTime}.
     *
     * <p>The default passes them on to {@link #onTokens}, so a listener that does not know reasoning
     * still counts every token; a listener that wraps another must forward this method itself, or the
     * kind is lost downstream.
     *
     * @param nanoTime when the bytes carrying them arrived
     * @param tokenCount reasoning tokens in this chunk (0 for a chunk with no reasoning token)
     * @param text the decoded reasoning text of the chunk (may be empty)
     */
    default void onReasoningTokens(long nanoTime, int tokenCount, String text) {
        onTokens(nanoTime, tokenCount, text);
    }

    /**
     * Which kinds of generated output (content, reasoning, tool calls) the response carried so far.
     * Backends that can tell call it once, right before the terminal event ({@code onComplete} or
     * {@code onError}), and only when at least one kind arrived; backends that cannot tell never
     * call it. The default ignores it; a listener that wraps another must forward it.
     *
     * @param kinds the kinds received (never empty)
     */
    default void onOutputKinds(OutputKinds kinds) {
    }

    /**
     * Something the response reported beyond its tokens (the tool calls it made, the bytes the request
     * carried, the model an adapter mix sent it to, ...), kept with the request's record; one value per
     * type, a later one replacing the earlier. Call it before the terminal event. The default ignores
     * it; a listener that wraps another must forward it.
     *
     * @param extra the value
     */
    default void onExtra(Object extra) {
    }

    /**
     * A named instant of the request beyond the fixed ones (sent, first token, end): the first byte
     * of the response, the headers, a server-side queue exit a backend can tell, ... Kept with the
     * request's record as an offset from the run start ({@link io.benchsuite.api.result.Marks}),
     * written to {@code requests.jsonl} as {@code <mark>OffsetMs} and readable by a
     * {@link io.benchsuite.api.result.LatencyMetric}, so a new instant needs no new listener method or
     * record component. The first value of a name wins (as for the first token); call it before the
     * terminal event. A name that is not {@code [a-z][A-Za-z0-9]*} is not kept (the backend TCK reports
     * it). The default ignores it; a listener that wraps another must forward it.
     *
     * @param mark the instant's name, {@code [a-z][A-Za-z0-9]*} (e.g. {@code firstByte})
     * @param nanoTime {@link System#nanoTime()} when it happened
     */
    default void onMark(String mark, long nanoTime) {
    }

    /**
     * The response ended successfully.
     *
     * @param nanoTime {@link System#nanoTime()} when it happened
     * @param usage token counts the server reported
     */
    void onComplete(long nanoTime, Usage usage);

    /**
     * The request failed; this is its terminal event.
     *
     * @param nanoTime {@link System#nanoTime()} when it happened
     * @param error what went wrong
     */
    void onError(long nanoTime, BackendError error);

    /**
     * A listener that records nothing: for requests that only warm a path up or rehearse it before a
     * run's clock. Extend it and override what you need.
     */
    class Ignoring implements ResponseListener {
        @Override
        public void onSent(long nanoTime) {
            // nothing to record
        }

        @Override
        public void onTokens(long nanoTime, int tokenCount, String text) {
            // nothing to record
        }

        @Override
        public void onComplete(long nanoTime, Usage usage) {
            // nothing to record
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            // nothing to record
        }
    }
}
