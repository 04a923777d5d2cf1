package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.AsyncResponseConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP request in flight: consumes the response bytes as they arrive, times them, feeds them
 * to the API's {@link ResponseDialect} and turns everything that can go wrong into exactly one
 * terminal event on the {@link ResponseListener}.
 *
 * <p><b>Timing.</b> {@link #consume} reads {@link System#nanoTime()} on entry, before any byte of
 * the read is parsed; every event completed by that read carries that time. HttpClient calls
 * {@code consume} once per decoded chunk of a socket read, so the time is that of the read, give or
 * take the microseconds spent decoding the chunks before it.
 *
 * <p><b>Ordering.</b> All listener calls happen under one lock, so they never overlap. The lock is
 * only ever waited for by the I/O thread and the timeout timer; {@link #cancel()} merely tries it
 * (a listener may hold its own lock while cancelling) and otherwise leaves the CANCELLED event to
 * whichever thread holds it, or to the client's cancellation callback, which always follows.
 *
 * <p><b>One retry on a fresh connection.</b> A server may close a kept-alive connection right after
 * a response without saying {@code Connection: close} (llama.cpp's server does); a request that the
 * pool puts on such a connection dies before any response byte. As curl and Go's HTTP client do,
 * such a request, and only such a one (its connection was reused, nothing of a response arrived, the
 * connection was closed or reset), is sent once more on a newly opened connection. The listener
 * hears {@code onConnectionRetry}, then {@code onSent} again; the request's latency still counts
 * from its scheduled instant, so the lost round trip stays in the numbers. Each HttpClient execution
 * is one {@link Attempt}; callbacks of an abandoned attempt are ignored. The re-send goes through the
 * transport's retry client, whose connections are never pooled: HttpClient's pool would happily hand
 * out another kept-alive connection that the server has closed too.
 */
final class Exchange implements Emitter, RequestHandle {
    private static final Logger LOG = LoggerFactory.getLogger(Exchange.class);
    /** Bytes of an error body kept for the message. */
    static final int SNIPPET_BYTES = 512;

    private enum Mode { WAITING, EVENTS, BODY, ERROR }

    private final ResponseListener listener;
    private final ResponseDialect dialect;
    private final boolean stream;
    private final long maxBytes;
    private final io.benchsuite.backends.http.HttpSettings settings;
    private final String target;
    private final SecretMask secrets;
    private final Runnable onFinished;
    private final Launcher launcher;

    /** Starts one execution of the request with the attempt's context, consumer and callback. */
    interface Launcher {
        Future<Void> launch(Attempt attempt);
    }

    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean cancelRequested;
    private volatile ErrorKind abortKind;
    private volatile String abortMessage;
    private volatile Future<Void> future;
    private volatile boolean abortExchange;

    // Guarded by lock.
    private boolean terminal;
    private boolean sent;
    private boolean responseStarted;
    private Mode mode = Mode.WAITING;
    private int status;
    private Duration retryAfter;
    private SseDecoder decoder;
    private ByteArrayOutputStream body;
    private final byte[] snippet = new byte[SNIPPET_BYTES];
    private int snippetLength;
    private long errorBodyBytes;
    private FutureCallback<Void> resultCallback;
    private ScheduledFuture<?> timeoutTask;
    private long currentNanos;
    private volatile Attempt attempt;
    private boolean retried;
    private final SseDecoder.Handler eventHandler = this::onEvent;

    Exchange(ResponseListener listener, ResponseDialect dialect, boolean stream,
             io.benchsuite.backends.http.HttpSettings settings, String target, SecretMask secrets, Runnable onFinished,
             Launcher launcher) {
        this.listener = listener;
        this.dialect = dialect;
        this.stream = stream;
        this.settings = settings;
        this.maxBytes = settings.maxEventBytes();
        this.target = target;
        this.secrets = secrets;
        this.onFinished = onFinished;
        this.launcher = launcher;
    }

    /** Starts the first attempt; called once by the transport. */
    void start(ScheduledFuture<?> timeout) {
        Attempt first = new Attempt(null);
        attempt = first;
        attach(launcher.launch(first), timeout);
    }

    // ---- set-up, called by the transport ----

    private void attach(Future<Void> f, ScheduledFuture<?> timeout) {
        lock.lock();
        try {
            if (timeout != null) this.timeoutTask = timeout;
            this.future = f;
            if (terminal && timeout != null) timeout.cancel(false);
        } finally {
            unlockAndCheck();
        }
        if (cancelRequested || abortKind != null || abortExchange) f.cancel(true);
    }

    /** The request-timeout timer fired. */
    void requestTimedOut(Duration limit) {
        abortMessage = "request timeout: no complete response within " + io.benchsuite.api.util.Durations.format(limit)
                + " (config request-timeout) from " + target;
        abortKind = ErrorKind.REQUEST_TIMEOUT;
        lock.lock();
        try {
            if (!terminal) {
                error(System.nanoTime(), BackendError.of(ErrorKind.REQUEST_TIMEOUT, abortMessage));
            }
        } finally {
            unlockAndCheck();
        }
        cancelFuture();
    }

    /** The request could not even be started. */
    void failedToStart(Throwable t) {
        fail(System.nanoTime(), t);
    }

    // ---- RequestHandle ----

    @Override
    public void cancel() {
        cancelRequested = true;
        if (lock.tryLock()) {
            try {
                if (!terminal) error(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "cancelled by the caller"));
            } finally {
                unlockAndCheck();
            }
        }
        cancelFuture();
    }

    // ---- request side ----

    /**
     * The request body was written.
     *
     * @param connectNanos how long opening this request's new connection took, or -1 when a pooled one served it
     */
    void onSent(long nanoTime, long connectNanos) {
        lock.lock();
        try {
            if (connectNanos >= 0 && !sent && !terminal) {
                try {
                    listener.onConnected(connectNanos);
                } catch (RuntimeException e) {
                    LOG.warn("response listener failed in onConnected for {}: {}", target, e.toString());
                }
            }
            ensureSent(nanoTime);
        } finally {
            unlockAndCheck();
        }
    }

    // ---- response side, called by the current Attempt ----

    private void consumeResponse(HttpResponse response, EntityDetails entity, FutureCallback<Void> callback) {
        long now = System.nanoTime();
        lock.lock();
        try {
            resultCallback = callback;
            responseStarted = true;
            if (terminal) return;
            ensureSent(now);
            status = response.getCode();
            if (status < 200 || status >= 300) {
                mode = Mode.ERROR;
                Header h = response.getFirstHeader("Retry-After");
                retryAfter = h == null ? null : parseRetryAfter(h.getValue());
            } else if (stream && isEventStream(entity)) {
                mode = Mode.EVENTS;
                decoder = new SseDecoder(maxBytes);
            } else {
                mode = Mode.BODY;
                body = new ByteArrayOutputStream(8192);
            }
            if (entity == null) endOfResponse(now);
        } finally {
            unlockAndCheck();
        }
        completeCallbackIfTerminal();
    }

    private void consume(ByteBuffer src) {
        long now = System.nanoTime(); // before anything is parsed: this is the arrival time
        lock.lock();
        try {
            if (terminal) {
                src.position(src.limit());
                return;
            }
            currentNanos = now;
            switch (mode) {
                case EVENTS -> decoder.feed(src, eventHandler);
                case BODY -> {
                    if (body.size() + (long) src.remaining() > maxBytes) {
                        throw new SseDecoder.EventTooLargeException(maxBytes);
                    }
                    byte[] chunk = new byte[src.remaining()];
                    src.get(chunk);
                    body.write(chunk, 0, chunk.length);
                }
                case ERROR -> {
                    int n = Math.min(src.remaining(), SNIPPET_BYTES - snippetLength);
                    src.get(snippet, snippetLength, n);
                    snippetLength += n;
                    errorBodyBytes += n + src.remaining();
                    src.position(src.limit());
                }
                default -> src.position(src.limit());
            }
        } catch (MalformedResponseException | SseDecoder.EventTooLargeException e) {
            src.position(src.limit());
            error(now, BackendError.of(ErrorKind.MALFORMED_RESPONSE, "malformed response from " + target + ": " + e.getMessage()));
        } catch (RuntimeException e) {
            src.position(src.limit());
            error(now, BackendError.of(ErrorKind.BACKEND_EXCEPTION, "failed to read the response from " + target + ": " + e));
        } finally {
            unlockAndCheck();
        }
        cancelFutureIfAborted();
    }

    private void streamEnd() {
        long now = System.nanoTime();
        lock.lock();
        try {
            if (!terminal) endOfResponse(now);
        } finally {
            unlockAndCheck();
        }
        completeCallbackIfTerminal();
    }

    private void releaseResources() {
        lock.lock();
        try {
            body = null;
            decoder = null;
        } finally {
            lock.unlock();
        }
    }

    private void completed() {
        lock.lock();
        try {
            if (!terminal) {
                error(System.nanoTime(), BackendError.of(ErrorKind.BACKEND_EXCEPTION, "response from " + target + " ended without an outcome"));
            }
        } finally {
            unlockAndCheck();
        }
    }

    private void cancelled() {
        long now = System.nanoTime();
        lock.lock();
        try {
            if (!terminal) {
                ErrorKind k = abortKind;
                if (k != null) {
                    error(now, BackendError.of(k, abortMessage));
                } else {
                    error(now, BackendError.of(ErrorKind.CANCELLED, "cancelled by the caller"));
                }
            }
        } finally {
            unlockAndCheck();
        }
    }

    // ---- Emitter ----

    @Override
    public void tokens(long nanoTime, int count, String text) {
        if (terminal) return;
        ensureSent(nanoTime);
        try {
            listener.onTokens(nanoTime, count, text);
        } catch (RuntimeException e) {
            LOG.warn("response listener failed in onTokens for {}: {}", target, e.toString());
        }
    }

    @Override
    public void complete(long nanoTime, Usage usage) {
        if (terminal) return;
        ensureSent(nanoTime);
        terminal = true;
        finish();
        try {
            listener.onComplete(nanoTime, usage == null ? Usage.unknown() : usage);
        } catch (RuntimeException e) {
            LOG.warn("response listener failed in onComplete for {}: {}", target, e.toString());
        }
    }

    @Override
    public void error(long nanoTime, BackendError error) {
        if (terminal) return;
        terminal = true;
        finish();
        // A terminal error while the response is still open (server error event, malformed data)
        // must abort the exchange so the connection is not left busy; endOfResponse clears this
        // when the response was already complete.
        abortExchange = true;
        BackendError safe = new BackendError(error.kind(), secrets.mask(error.message()), error.httpStatus(), error.retryAfter());
        try {
            listener.onError(nanoTime, safe);
        } catch (RuntimeException e) {
            LOG.warn("response listener failed in onError for {}: {}", target, e.toString());
        }
    }

    @Override
    public boolean finished() {
        return terminal;
    }

    // ---- internals ----

    private void onEvent(String type, byte[] data, int offset, int length) {
        if (terminal) return;
        dialect.event(currentNanos, type, data, offset, length, this);
    }

    private void endOfResponse(long now) {
        try {
            switch (mode) {
                case EVENTS -> {
                    decoder.finish(eventHandler);
                    if (!terminal) dialect.end(now, this);
                }
                case BODY -> dialect.body(now, body.toByteArray(), this);
                case ERROR -> httpError(now);
                default -> error(now, BackendError.of(ErrorKind.STREAM_TRUNCATED, "empty response from " + target));
            }
        } catch (MalformedResponseException | SseDecoder.EventTooLargeException e) {
            error(now, BackendError.of(ErrorKind.MALFORMED_RESPONSE, "malformed response from " + target + ": " + e.getMessage()));
        } catch (RuntimeException e) {
            error(now, BackendError.of(ErrorKind.BACKEND_EXCEPTION, "failed to read the response from " + target + ": " + e));
        }
        if (!terminal) {
            error(now, BackendError.of(ErrorKind.STREAM_TRUNCATED, "response from " + target + " ended without an outcome"));
        }
        abortExchange = false; // the response is complete; the connection can be reused
    }

    private void httpError(long now) {
        ErrorKind kind = status == 429 ? ErrorKind.HTTP_429 : status >= 500 ? ErrorKind.HTTP_5XX : ErrorKind.HTTP_4XX;
        StringBuilder m = new StringBuilder("HTTP ").append(status).append(" from ").append(target);
        if (status == 429) {
            m.append(retryAfter == null ? " (no Retry-After)" : " (Retry-After " + io.benchsuite.api.util.Durations.format(retryAfter) + ")");
        }
        String text = new String(snippet, 0, snippetLength, StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
        if (!text.isEmpty()) {
            m.append(": ").append(text);
            if (errorBodyBytes > snippetLength) m.append(" …");
        }
        error(now, new BackendError(kind, m.toString(), status, retryAfter));
    }

    private void fail(long now, Throwable cause) {
        fail(now, cause, null);
    }

    private void fail(long now, Throwable cause, Attempt failing) {
        boolean retry = false;
        lock.lock();
        try {
            if (terminal) return;
            if (failing != null && failing != attempt) return; // an abandoned attempt's late callback
            if (failing != null && mayRetry(failing, cause)) {
                retried = true;
                retry = true;
                attempt = new Attempt(failing);
                sent = false; // the request goes out again; onSent follows for the new attempt
                try {
                    listener.onConnectionRetry(now, secrets.mask(Failures.classify(cause, false).message()));
                } catch (RuntimeException e) {
                    LOG.warn("response listener failed in onConnectionRetry for {}: {}", target, e.toString());
                }
            } else if (abortKind != null) {
                error(now, BackendError.of(abortKind, abortMessage));
            } else if (cancelRequested) {
                error(now, BackendError.of(ErrorKind.CANCELLED, "cancelled by the caller"));
            } else {
                Failures.Classified c = Failures.classify(cause, responseStarted);
                String message = switch (c.kind()) {
                    case READ_TIMEOUT -> "read timeout: no data for " + io.benchsuite.api.util.Durations.format(settings.readTimeout())
                            + " (config read-timeout)";
                    case CONNECT_TIMEOUT -> "connect timeout: no connection within "
                            + io.benchsuite.api.util.Durations.format(settings.connectTimeout()) + " (config connect-timeout)";
                    default -> c.message();
                };
                error(now, BackendError.of(c.kind(), message + " (" + target + ")"));
            }
        } finally {
            unlockAndCheck();
        }
        if (retry) {
            Attempt next = attempt;
            try {
                attach(launcher.launch(next), null);
            } catch (RuntimeException e) {
                fail(System.nanoTime(), e, next);
            }
        }
    }

    /**
     * Whether a failed attempt is the stale-connection case worth one more try: not retried yet, not
     * cancelled or timed out, no response byte seen, its connection was a reused one, and the
     * failure was that connection closing or resetting.
     */
    private boolean mayRetry(Attempt failing, Throwable cause) {
        return !retried && !cancelRequested && abortKind == null && !responseStarted && !failing.openedConnection()
                && Failures.classify(cause, false).kind() == ErrorKind.STREAM_RESET;
    }

    private void ensureSent(long nanoTime) {
        if (sent || terminal) return;
        sent = true;
        try {
            listener.onSent(nanoTime);
        } catch (RuntimeException e) {
            LOG.warn("response listener failed in onSent for {}: {}", target, e.toString());
        }
    }

    private void finish() {
        ScheduledFuture<?> t = timeoutTask;
        if (t != null) t.cancel(false);
        onFinished.run();
    }

    /** Unlocks, first delivering a cancellation that arrived while the lock was held elsewhere. */
    private void unlockAndCheck() {
        try {
            if (cancelRequested && !terminal) {
                error(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "cancelled by the caller"));
            }
        } finally {
            lock.unlock();
        }
    }

    private void completeCallbackIfTerminal() {
        FutureCallback<Void> cb;
        lock.lock();
        try {
            cb = terminal && !abortExchange ? resultCallback : null;
            if (cb != null) resultCallback = null;
        } finally {
            lock.unlock();
        }
        if (cb != null) cb.completed(null);
        cancelFutureIfAborted();
    }

    private void cancelFutureIfAborted() {
        if (abortExchange) cancelFuture();
    }

    private void cancelFuture() {
        Future<Void> f = future;
        if (f != null && !f.isDone()) f.cancel(true);
    }

    /**
     * One execution of the request by HttpClient: its response consumer and result callback. Only
     * the exchange's current attempt is listened to.
     */
    final class Attempt implements AsyncResponseConsumer<Void>, FutureCallback<Void> {
        private final HttpClientContext context = HttpClientContext.create();
        private final boolean retry;

        private Attempt(Attempt previous) {
            this.retry = previous != null;
        }

        /** Whether this is the re-send, which must go out on a connection opened for it alone. */
        boolean isRetry() {
            return retry;
        }

        /** The HttpClient context of this execution. */
        HttpClientContext context() {
            return context;
        }

        /** The request body of this execution was written. */
        void sent(long nanoTime) {
            if (attempt == this) onSent(nanoTime, TimedConnections.connectNanos(context));
        }

        boolean openedConnection() {
            return TimedConnections.connectNanos(context) >= 0;
        }

        @Override
        public void consumeResponse(HttpResponse response, EntityDetails entity, HttpContext ctx,
                                    FutureCallback<Void> callback) {
            if (attempt == this) Exchange.this.consumeResponse(response, entity, callback);
        }

        @Override
        public void informationResponse(HttpResponse response, HttpContext ctx) {
            // 1xx responses carry nothing to time.
        }

        @Override
        public void updateCapacity(CapacityChannel capacityChannel) throws java.io.IOException {
            // Every read is consumed at once, so never hold the server back.
            capacityChannel.update(Integer.MAX_VALUE);
        }

        @Override
        public void consume(ByteBuffer src) {
            if (attempt == this) {
                Exchange.this.consume(src);
            } else {
                src.position(src.limit());
            }
        }

        @Override
        public void streamEnd(List<? extends Header> trailers) {
            if (attempt == this) Exchange.this.streamEnd();
        }

        @Override
        public void failed(Exception cause) {
            fail(System.nanoTime(), cause, this);
        }

        @Override
        public void releaseResources() {
            if (attempt == this) Exchange.this.releaseResources();
        }

        @Override
        public void completed(Void result) {
            if (attempt == this) Exchange.this.completed();
        }

        @Override
        public void cancelled() {
            if (attempt == this) Exchange.this.cancelled();
        }
    }

    private static boolean isEventStream(EntityDetails entity) {
        if (entity == null || entity.getContentType() == null) return true; // assume what was asked for
        String ct = entity.getContentType().toLowerCase(Locale.ROOT);
        return !ct.startsWith("application/json");
    }

    static Duration parseRetryAfter(String value) {
        if (value == null) return null;
        String v = value.trim();
        try {
            long seconds = Long.parseLong(v);
            return seconds < 0 ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration d = Duration.between(ZonedDateTime.now(at.getZone()), at);
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException notDate) {
                return null;
            }
        }
    }
}
