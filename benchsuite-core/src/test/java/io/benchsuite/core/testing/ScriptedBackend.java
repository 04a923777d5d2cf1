package io.benchsuite.core.testing;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;

/**
 * A backend with controlled timing for tests: the first token comes {@code ttft} after send, then
 * one token every {@code itl}; optionally a request fails with a chosen error. Also tracks the
 * highest number of requests in flight at once.
 */
public final class ScriptedBackend implements Backend {
    private final Duration ttft;
    private final Duration itl;
    private final LongFunction<BackendError> failure;
    private final ScheduledExecutorService timer;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicInteger sent = new AtomicInteger();

    public ScriptedBackend(Duration ttft, Duration itl) {
        this(ttft, itl, index -> null, 4);
    }

    /** @param failure for a request index, the error to fail it with, or null to succeed */
    public ScriptedBackend(Duration ttft, Duration itl, LongFunction<BackendError> failure, int threads) {
        this.ttft = ttft;
        this.itl = itl;
        this.failure = failure;
        AtomicInteger n = new AtomicInteger();
        this.timer = Executors.newScheduledThreadPool(threads, r -> {
            Thread t = new Thread(r, "scripted-backend-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public int maxInFlight() {
        return maxInFlight.get();
    }

    public int sent() {
        return sent.get();
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        sent.incrementAndGet();
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        listener.onSent(System.nanoTime());
        Stream s = new Stream(request, listener);
        s.next = timer.schedule(s::token, ttft.toNanos(), TimeUnit.NANOSECONDS);
        return s::cancel;
    }

    private final class Stream {
        final InferenceRequest request;
        final ResponseListener listener;
        final AtomicBoolean done = new AtomicBoolean();
        volatile ScheduledFuture<?> next;
        int tokens;

        Stream(InferenceRequest request, ResponseListener listener) {
            this.request = request;
            this.listener = listener;
        }

        synchronized void token() {
            if (done.get()) return;
            BackendError error = failure.apply(request.index());
            if (error != null) {
                finish(() -> listener.onError(System.nanoTime(), error));
                return;
            }
            tokens++;
            listener.onTokens(System.nanoTime(), 1, " tok");
            if (tokens >= request.maxTokens()) {
                finish(() -> listener.onComplete(System.nanoTime(), new Usage(request.inputTokens(), tokens)));
            } else {
                next = timer.schedule(this::token, itl.toNanos(), TimeUnit.NANOSECONDS);
            }
        }

        void finish(Runnable terminal) {
            if (done.compareAndSet(false, true)) {
                inFlight.decrementAndGet();
                terminal.run();
            }
        }

        synchronized void cancel() {
            ScheduledFuture<?> f = next;
            if (f != null) f.cancel(false);
            finish(() -> listener.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "cancelled")));
        }
    }

    @Override
    public BackendInfo info() {
        return new BackendInfo("scripted", "scripted-model", "in-process", Map.of("ttft", ttft.toString(), "itl", itl.toString()));
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
