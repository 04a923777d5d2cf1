package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.util.Durations;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.http.spi.ResponseDialect;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP request in flight, whatever transport carries it: consumes the response bytes as they
 * arrive, times them, feeds them to the API's {@link ResponseDialect} and turns everything that can
 * go wrong into exactly one terminal event on the {@link ResponseListener}.
 *
 * <p><b>Timing.</b> The transport passes, with every piece of the response, the
 * {@link System#nanoTime()} it read when the socket read that carried it returned, before any byte
 * of that read was parsed; every event completed by that read carries that time.
 *
 * <p><b>Ordering.</b> All listener calls happen under one lock, so they never overlap. The lock is
 * only ever waited for by the I/O thread and the timeout timer; {@link #cancel()} merely tries it
 * (a listener may hold its own lock while cancelling) and otherwise leaves the CANCELLED event to
 * whichever thread holds it, which delivers it when it lets go.
 *
 * <p><b>One re-send on a fresh connection.</b> A server may close a kept-alive connection right after
 * a response without saying {@code Connection: close} (llama.cpp's server does), or at its keep-alive
 * timeout; a request that the pool puts on such a connection dies before any response byte. Such a
 * request is sent once more on a newly opened connection only when the close shows that it cannot
 * have reached the server's application ({@link ResendRule} states the rule and its limits); otherwise
 * it fails as {@code connection_closed}. The listener hears {@code onConnectionRetry} with the reason,
 * then {@code onSent} again; the request's latency still counts from its scheduled instant, so the lost
 * round trip stays in the numbers. Each execution of the request on the wire is one {@link Attempt};
 * callbacks of an abandoned attempt are ignored. The re-send goes out on a connection opened for it
 * alone, never pooled afterwards: a pool would happily hand out another kept-alive connection that the
 * server has closed too.
 *
 * <p><b>Aborting.</b> When the exchange ends while its response is still open (cancellation, a
 * timeout, an error event, malformed data) the transport is told to abort the attempt, which closes
 * its connection; a connection is only reused after a response that was read to its end.
 */
final class Exchange implements Emitter, RequestHandle {
    private static final Logger LOG = LoggerFactory.getLogger(Exchange.class);
    /** Bytes of an error body kept for the message. */
    static final int SNIPPET_BYTES = 512;

    /** What the response body is being read as. */
    private enum Mode { WAITING, EVENTS, BODY, ERROR, WRONG_TYPE }

    /** Puts an attempt on the wire; the transport reports back through the {@link Attempt}. */
    @FunctionalInterface
    interface Launcher {
        void launch(Attempt attempt);
    }

    private final ResponseListener listener;
    private final ResponseDialect dialect;
    private final boolean stream;
    private final long maxBytes;
    private final HttpSettings settings;
    private final String target;
    private final SecretMask secrets;
    private final Runnable onFinished;
    private final Launcher launcher;

    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean cancelRequested;
    private volatile ErrorKind abortKind;
    private volatile String abortMessage;
    private volatile boolean abortExchange;
    private volatile Attempt attempt;

    // Guarded by lock.
    private boolean terminal;
    private boolean sent;
    private boolean responseStarted;
    private Mode mode = Mode.WAITING;
    private int status;
    private String contentType;
    private String location;
    private boolean contentSeen;
    private Duration retryAfter;
    private SseDecoder decoder;
    private ByteArrayOutputStream body;
    private final byte[] snippet = new byte[SNIPPET_BYTES];
    private int snippetLength;
    private long errorBodyBytes;
    private ScheduledFuture<?> timeoutTask;
    private long currentNanos;
    private boolean retried;
    private final SseDecoder.Handler eventHandler = this::onEvent;

    Exchange(ResponseListener listener, ResponseDialect dialect, boolean stream,
             HttpSettings settings, String target, SecretMask secrets, Runnable onFinished,
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
        lock.lock();
        try {
            timeoutTask = timeout;
            if (terminal && timeout != null) timeout.cancel(false);
        } finally {
            unlockAndCheck();
        }
        Attempt first = new Attempt(false);
        attempt = first;
        launch(first);
    }

    private void launch(Attempt a) {
        try {
            launcher.launch(a);
        } catch (RuntimeException e) {
            a.failed(System.nanoTime(), e);
        }
    }

    /** The request-timeout timer fired. */
    void requestTimedOut(Duration limit) {
        abortMessage = "request timeout: no complete response within " + Durations.format(limit)
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
        abortAttempt();
    }

    /** The request could not even be started. */
    void failedToStart(Throwable t) {
        fail(System.nanoTime(), t, null);
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
        abortAttempt();
    }

    // ---- request side ----

    private void onSent(long nanoTime, long connectNanos) {
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

    // ---- response side, called through the current Attempt ----

    private void onResponse(long now, int code, String type, String retryAfterHeader, String locationHeader, String encoding,
                            boolean hasBody) {
        lock.lock();
        try {
            responseStarted = true;
            if (terminal) return;
            ensureSent(now);
            status = code;
            contentType = type;
            location = locationHeader;
            String compressed = status >= 200 && status < 300 ? HeadChecks.compressedHeader(encoding) : null;
            if (compressed != null) {
                error(now, new BackendError(ErrorKind.MALFORMED_RESPONSE, "malformed response from " + target + ": " + compressed,
                        status, null));
            } else if (status < 200 || status >= 300) {
                mode = Mode.ERROR;
                retryAfter = HeadChecks.parseRetryAfter(retryAfterHeader);
            } else if (!stream || HeadChecks.isJson(type)) {
                mode = Mode.BODY; // a server may answer a streaming request with one JSON body
                body = new ByteArrayOutputStream(8192);
            } else if (HeadChecks.isEventStream(type)) {
                mode = Mode.EVENTS;
                decoder = new SseDecoder(maxBytes);
            } else {
                mode = Mode.WRONG_TYPE; // e.g. a proxy's HTML page: keep a snippet for the message
            }
            if (!hasBody) endOfResponse(now);
        } finally {
            unlockAndCheck();
        }
    }

    private void onContent(long now, ByteBuffer src) {
        lock.lock();
        try {
            if (terminal) {
                src.position(src.limit());
                return;
            }
            currentNanos = now;
            if (!contentSeen && src.hasRemaining() && (mode == Mode.EVENTS || mode == Mode.BODY)) {
                contentSeen = true;
                String compressed = HeadChecks.compressedBytes(src);
                if (compressed != null) throw new MalformedResponseException(compressed);
            }
            switch (mode) {
                case EVENTS -> decoder.feed(src, eventHandler);
                case BODY -> {
                    if (body.size() + (long) src.remaining() > maxBytes) {
                        throw new SseDecoder.EventTooLargeException(maxBytes);
                    }
                    if (src.hasArray()) {
                        body.write(src.array(), src.arrayOffset() + src.position(), src.remaining());
                        src.position(src.limit());
                    } else {
                        byte[] chunk = new byte[src.remaining()];
                        src.get(chunk);
                        body.write(chunk, 0, chunk.length);
                    }
                }
                case ERROR, WRONG_TYPE -> {
                    int n = Math.min(src.remaining(), SNIPPET_BYTES - snippetLength);
                    src.get(snippet, snippetLength, n);
                    snippetLength += n;
                    errorBodyBytes += n + src.remaining();
                    src.position(src.limit());
                    if (mode == Mode.WRONG_TYPE && snippetLength == SNIPPET_BYTES) wrongType(now);
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
    }

    private void onEnd(long now) {
        lock.lock();
        try {
            if (!terminal) endOfResponse(now);
        } finally {
            unlockAndCheck();
        }
    }

    private void onCancelled(long now) {
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

    /** The transport finished the attempt without a terminal event: never leave a request open. */
    private void onDone() {
        lock.lock();
        try {
            if (!terminal) {
                error(System.nanoTime(), BackendError.of(ErrorKind.BACKEND_EXCEPTION, "response from " + target + " ended without an outcome"));
            }
        } finally {
            unlockAndCheck();
        }
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
    public void reasoningTokens(long nanoTime, int count, String text) {
        if (terminal) return;
        ensureSent(nanoTime);
        try {
            listener.onReasoningTokens(nanoTime, count, text);
        } catch (RuntimeException e) {
            LOG.warn("response listener failed in onReasoningTokens for {}: {}", target, e.toString());
        }
    }

    @Override
    public void complete(long nanoTime, Usage usage) {
        if (terminal) return;
        ensureSent(nanoTime);
        terminal = true;
        finish();
        reportOutputKinds();
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
        // must abort the attempt so the connection is not left busy; endOfResponse clears this when
        // the response was already complete.
        abortExchange = true;
        BackendError safe = new BackendError(error.kind(), secrets.mask(error.message()), error.httpStatus(), error.retryAfter());
        reportOutputKinds();
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

    /** Tells the listener which kinds of output arrived, right before the terminal event. */
    private void reportOutputKinds() {
        OutputKinds k = dialect.outputKinds();
        try {
            if (!k.isEmpty()) listener.onOutputKinds(k);
            for (Object extra : dialect.extras()) listener.onExtra(extra); // tool calls, ...
        } catch (RuntimeException e) {
            LOG.warn("response listener failed in onOutputKinds for {}: {}", target, e.toString());
        }
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
                case WRONG_TYPE -> wrongType(now);
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
        error(now, HeadChecks.httpError(status, target, location, retryAfter, snippetText()));
    }

    /** A 2xx answer to a streaming request that is neither an event stream nor JSON. */
    private void wrongType(long now) {
        error(now, HeadChecks.wrongType(status, target, contentType, snippetText()));
    }

    /** The start of the error body, whitespace folded, with {@code …} when the body was longer. */
    private String snippetText() {
        String text = new String(snippet, 0, snippetLength, StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
        return text.isEmpty() || errorBodyBytes <= snippetLength ? text : text + " …";
    }

    private void fail(long now, Throwable cause, Attempt failing) {
        Attempt next = null;
        lock.lock();
        try {
            if (terminal) return;
            if (failing != null && failing != attempt) return; // an abandoned attempt's late callback
            String resend = failing == null ? null : resendReason(failing, cause, now);
            if (resend != null) {
                retried = true;
                next = new Attempt(true);
                attempt = next;
                sent = false; // the request goes out again; onSent follows for the new attempt
                try {
                    listener.onConnectionRetry(now, secrets.mask(resend));
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
                    case READ_TIMEOUT -> "read timeout: no data for " + Durations.format(settings.readTimeout())
                            + " (config read-timeout)";
                    case CONNECT_TIMEOUT -> "connect timeout: no connection within "
                            + Durations.format(settings.connectTimeout()) + " (config connect-timeout)";
                    case CONNECTION_CLOSED -> failing == null ? c.message()
                            : ResendRule.notResent(failing.sentNanos, now, c,
                            ResendRule.whyNot(failing.isRetry(), failing.reusedConnection(), settings.connectionRetries()));
                    default -> c.message();
                };
                error(now, BackendError.of(c.kind(), message + " (" + target + ")"));
            }
        } finally {
            unlockAndCheck();
        }
        if (next != null) launch(next);
    }

    /**
     * Why a failed attempt's request is sent again on a fresh connection, or {@code null} when it is not
     * ({@link ResendRule} states the rule).
     */
    private String resendReason(Attempt failing, Throwable cause, long now) {
        if (retried || settings.connectionRetries() < 1 || cancelRequested || abortKind != null || responseStarted) return null;
        return ResendRule.reason(failing.reusedConnection(), failing.sentNanos, now, Failures.classify(cause, false));
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
        if (abortExchange || cancelRequested || abortKind != null) abortAttempt();
    }

    private void abortAttempt() {
        Attempt a = attempt;
        if (a != null) a.abort();
    }

    /**
     * One execution of the request on the wire. The transport reports what happens to it; only the
     * exchange's current attempt is listened to.
     */
    final class Attempt implements Receiver {
        private static final int UNKNOWN = 0;
        private static final int NEW = 1;
        private static final int REUSED = 2;

        private final boolean retry;
        private volatile Runnable abort;
        private volatile boolean aborted;
        private volatile int connection = UNKNOWN;
        private volatile long connectNanos = -1;
        /** When the request's last byte was written on this attempt, or -1 until then. */
        private volatile long sentNanos = -1;

        private Attempt(boolean retry) {
            this.retry = retry;
        }

        @Override
        public boolean isRetry() {
            return retry;
        }

        @Override
        public void connection(long nanos) {
            if (nanos >= 0) {
                connectNanos = nanos;
                connection = NEW;
            } else {
                connection = REUSED;
            }
        }

        boolean reusedConnection() {
            return connection == REUSED;
        }

        @Override
        public void onAbort(Runnable r) {
            abort = r;
            if (aborted || attempt != this || wantsAbort()) abort();
        }

        /** Whether the exchange wants this attempt off the wire. */
        boolean wantsAbort() {
            return abortExchange || cancelRequested || abortKind != null;
        }

        private void abort() {
            aborted = true;
            Runnable r = abort;
            if (r != null) {
                abort = null;
                r.run();
            }
        }

        @Override
        public boolean completedCleanly() {
            lock.lock();
            try {
                return terminal && !abortExchange && attempt == this && !aborted;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void sent(long nanoTime) {
            sentNanos = nanoTime;
            if (attempt == this) onSent(nanoTime, connectNanos);
        }

        @Override
        public void response(long nanoTime, int status, String contentType, String retryAfter, String location,
                             String contentEncoding, boolean hasBody) {
            if (attempt == this) onResponse(nanoTime, status, contentType, retryAfter, location, contentEncoding, hasBody);
        }

        @Override
        public void content(long nanoTime, ByteBuffer src) {
            if (attempt == this) {
                onContent(nanoTime, src);
            } else {
                src.position(src.limit());
            }
        }

        @Override
        public void end(long nanoTime) {
            if (attempt == this) onEnd(nanoTime);
        }

        @Override
        public void failed(long nanoTime, Throwable cause) {
            fail(nanoTime, cause, this);
        }

        /** The transport gave up on the attempt because it was aborted. */
        void cancelled(long nanoTime) {
            if (attempt == this) onCancelled(nanoTime);
        }

        @Override
        public void done() {
            if (attempt == this) {
                onDone();
                releaseResources();
            }
        }
    }
}
