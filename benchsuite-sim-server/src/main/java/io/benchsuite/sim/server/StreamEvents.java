package io.benchsuite.sim.server;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Bridges the engine thread to the HTTP handler thread of one request: the listener side only
 * enqueues (it must never block the engine), the handler takes events and writes them out. Also
 * observes server-side TTFT and ITL at the moment tokens are generated, as vLLM does.
 */
final class StreamEvents implements ResponseListener {
    sealed interface Event permits Token, Done, Failed {
    }

    /** One generated token; {@code reasoning} for a reasoning model's thinking (a {@code reasoning_content} delta). */
    record Token(long nanoTime, String text, boolean reasoning) implements Event {
    }

    record Done(long nanoTime, Usage usage) implements Event {
    }

    record Failed(long nanoTime, BackendError error) implements Event {
    }

    private final LinkedBlockingQueue<Event> queue = new LinkedBlockingQueue<>();
    private final ServerMetrics metrics;
    private final long arrivalNanos;
    private final RequestLog requestLog;
    private final long number;
    private volatile boolean completed;
    private long lastTokenNanos = -1; // engine thread only
    // the request's reasoning and answer as the engine generated them, for the request log (engine thread only)
    private long firstTokenNanos = -1;
    private long firstAnswerNanos = -1;
    private int reasoningTokens;
    // when the first token and the first answer token left the server: the flush after the handler wrote them
    // (handler thread only); a client can see a token no sooner, so these are what its times compare with
    private boolean tokenWritten;
    private boolean answerWritten;
    private long firstTokenFlushedNanos = -1;
    private long firstAnswerFlushedNanos = -1;

    StreamEvents(ServerMetrics metrics, long arrivalNanos) {
        this(metrics, arrivalNanos, null, -1);
    }

    /**
     * @param requestLog where a reasoning request's reasoning and answer times are written when it completes, or null
     * @param number the request's number in the log
     */
    StreamEvents(ServerMetrics metrics, long arrivalNanos, RequestLog requestLog, long number) {
        this.metrics = metrics;
        this.arrivalNanos = arrivalNanos;
        this.requestLog = requestLog;
        this.number = number;
    }

    @Override
    public void onSent(long nanoTime) {
        // the handler already knows it sent the request
    }

    @Override
    public void onTokens(long nanoTime, int tokenCount, String text) {
        token(nanoTime, text, false);
    }

    @Override
    public void onReasoningTokens(long nanoTime, int tokenCount, String text) {
        token(nanoTime, text, true);
    }

    private void token(long nanoTime, String text, boolean reasoning) {
        if (lastTokenNanos < 0) metrics.observeTtft((nanoTime - arrivalNanos) / 1e9);
        else metrics.observeItl((nanoTime - lastTokenNanos) / 1e9);
        lastTokenNanos = nanoTime;
        if (firstTokenNanos < 0) firstTokenNanos = nanoTime;
        if (reasoning) reasoningTokens++;
        else if (firstAnswerNanos < 0) firstAnswerNanos = nanoTime;
        queue.add(new Token(nanoTime, text, reasoning));
    }

    @Override
    public void onComplete(long nanoTime, Usage usage) {
        // counted when the engine ends the request (as vLLM counts it), before the handler writes the end:
        // a client that has read the whole response and then reads /metrics finds it counted
        completed = true;
        metrics.finished("length");
        queue.add(new Done(nanoTime, usage));
    }

    /** The handler wrote {@code token} into the response (not flushed yet). Handler thread. */
    void wrote(Token token) {
        tokenWritten = true;
        if (!token.reasoning()) answerWritten = true;
    }

    /** The handler flushed what it had written, at {@code nanoTime}. Handler thread. */
    void flushed(long nanoTime) {
        if (tokenWritten && firstTokenFlushedNanos < 0) firstTokenFlushedNanos = nanoTime;
        if (answerWritten && firstAnswerFlushedNanos < 0) firstAnswerFlushedNanos = nanoTime;
    }

    /**
     * Logs a reasoning request once its whole response has left: the instants its engine made the first token
     * and the first answer token, and the instants those left the server. Handler thread, after {@link Done}
     * (which the engine queued after its last token, so the engine's figures are complete).
     */
    void logReasoning(Usage usage) {
        if (requestLog != null && reasoningTokens > 0) {
            requestLog.reasoned(number, firstTokenNanos, firstAnswerNanos, firstTokenFlushedNanos, firstAnswerFlushedNanos,
                    reasoningTokens, usage.completionTokens());
        }
    }

    /** Whether the engine completed the request (it is counted as finished by length). */
    boolean completed() {
        return completed;
    }

    @Override
    public void onError(long nanoTime, BackendError error) {
        queue.add(new Failed(nanoTime, error));
    }

    /** The next event without waiting, or null. */
    Event poll() {
        return queue.poll();
    }

    /** The next event, waiting at most {@code millis}; null on timeout. */
    Event take(long millis) throws InterruptedException {
        return queue.poll(millis, TimeUnit.MILLISECONDS);
    }

}
