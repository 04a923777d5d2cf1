package io.benchsuite.backends.inprocess;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.util.Checks;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Benchmarks the user's own Java serving code without HTTP: wraps a {@link TokenGenerator} (or a
 * method returning a {@code Stream}, {@code Iterator} or {@code Flow.Publisher} of tokens) as a
 * {@link Backend}.
 *
 * <pre>{@code
 * try (InProcessBackend backend = InProcessBackend.builder(TokenGenerator.fromStream(myEngine::generate))
 *         .name("my-engine").model("my-model").threads(8).build()) {
 *     RunResult r = Benchmark.named("in-process").backend(backend).workload(...).run();
 * }
 * }</pre>
 *
 * <p>Requests run on a fixed pool of {@code threads} worker threads owned by the backend (named
 * {@code benchsuite-inprocess-<name>-N}, stopped by {@link #close()}); requests beyond that wait in
 * the pool's queue. {@code onSent} is reported when a worker hands the request to the user code, so
 * time spent queued shows as schedule lag, not as prefill. Each token's time is read as the user
 * code delivers it. An exception from the user code fails the request with
 * {@link ErrorKind#BACKEND_EXCEPTION}; cancelling a request interrupts its worker, makes further
 * {@link TokenSink#token} calls throw, and reports {@link ErrorKind#CANCELLED}.
 */
public final class InProcessBackend implements Backend {
    private static final Logger log = LoggerFactory.getLogger(InProcessBackend.class);

    private final TokenGenerator generator;
    private final BackendInfo info;
    private final ThreadPoolExecutor pool;
    private final Duration closeTimeout;
    private final Set<Call> inFlight = ConcurrentHashMap.newKeySet();
    /** The workers, for close() to join: a terminated pool's last worker is still alive for a moment. */
    private final Set<Thread> workers = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private InProcessBackend(Builder b) {
        this.generator = b.generator;
        this.closeTimeout = b.closeTimeout;
        Map<String, String> details = new LinkedHashMap<>(b.details);
        details.put("threads", Integer.toString(b.threads));
        details.put("generator", b.generator.getClass().getName());
        this.info = new BackendInfo(b.name, b.model, "in-process", details);
        AtomicInteger n = new AtomicInteger();
        String prefix = "benchsuite-inprocess-" + b.name + "-";
        this.pool = new ThreadPoolExecutor(b.threads, b.threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                r -> {
                    Thread t = new Thread(r, prefix + n.incrementAndGet());
                    t.setDaemon(true);
                    workers.add(t);
                    return t;
                });
    }

    /** Wraps {@code generator} with defaults: name {@code inprocess}, model {@code in-process}, 4 threads. */
    public static InProcessBackend of(TokenGenerator generator) {
        return builder(generator).build();
    }

    /** A builder around {@code generator}. */
    public static Builder builder(TokenGenerator generator) {
        return new Builder(generator);
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        notNull(request, "request");
        notNull(listener, "listener");
        Call call = new Call(request, listener);
        if (closed) {
            call.fail(ErrorKind.REJECTED, "in-process backend '" + info.name() + "' is closed");
            return RequestHandle.NONE;
        }
        inFlight.add(call);
        try {
            call.future = pool.submit(call);
        } catch (RejectedExecutionException e) {
            inFlight.remove(call);
            call.fail(ErrorKind.REJECTED, "in-process backend '" + info.name() + "' is closed");
            return RequestHandle.NONE;
        }
        return call;
    }

    @Override
    public BackendInfo info() {
        return info;
    }

    /** Requests accepted and not yet ended. */
    public int inFlight() {
        return inFlight.size();
    }

    /**
     * Cancels requests still running (they end with {@code CANCELLED}), interrupts the workers and
     * waits up to the close timeout for them to stop. Idempotent.
     */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        for (Call c : inFlight) c.cancel();
        pool.shutdownNow();
        long deadline = System.nanoTime() + closeTimeout.toNanos();
        try {
            if (!pool.awaitTermination(closeTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("in-process backend '{}': user code ignored interruption; {} worker(s) still running after {}",
                        info.name(), pool.getActiveCount(), closeTimeout);
                return;
            }
            for (Thread t : workers) {
                // quick: their tasks are done, they only have to leave run()
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One request: its sink, its handle, and the guard that keeps its events in order and single. */
    private final class Call implements Runnable, RequestHandle, TokenSink {
        private final InferenceRequest request;
        private final ResponseListener listener;
        private volatile Future<?> future;
        private volatile boolean cancelled;
        private boolean ended; // guarded by this
        private Usage usage = Usage.unknown(); // guarded by this

        Call(InferenceRequest request, ResponseListener listener) {
            this.request = request;
            this.listener = listener;
        }

        @Override
        public void run() {
            synchronized (this) {
                if (ended) return;
                listener.onSent(System.nanoTime());
            }
            try {
                generator.generate(request, this);
                Usage u;
                synchronized (this) {
                    u = usage;
                }
                if (cancelled) {
                    // The generator saw isCancelled() and returned before cancel() delivered its event:
                    // the request was cancelled, not completed (whichever thread gets there first says so).
                    fail(ErrorKind.CANCELLED, "cancelled");
                } else {
                    end(() -> listener.onComplete(System.nanoTime(), u));
                }
            } catch (Throwable t) {
                if (!cancelled) fail(ErrorKind.BACKEND_EXCEPTION, describe(t)); // else cancel() reported CANCELLED
                if (t instanceof VirtualMachineError e) throw e;
            } finally {
                Thread.interrupted(); // a cancel's interrupt must not leak into the next request on this thread
            }
        }

        @Override
        public void tokens(int count, String text) {
            long now = System.nanoTime();
            if (count < 0) throw new IllegalArgumentException("token count must be >= 0, got " + count);
            synchronized (this) {
                if (ended) throw new CancellationException("request " + request.index() + " was cancelled");
                listener.onTokens(now, count, text == null ? "" : text);
            }
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        @Override
        public synchronized void usage(int promptTokens, int completionTokens) {
            usage = new Usage(promptTokens, completionTokens);
        }

        @Override
        public void cancel() {
            cancelled = true;
            if (end(() -> listener.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "cancelled")))) {
                Future<?> f = future;
                if (f != null) f.cancel(true);
            }
        }

        void fail(ErrorKind kind, String message) {
            end(() -> listener.onError(System.nanoTime(), BackendError.of(kind, message)));
        }

        private synchronized boolean end(Runnable terminal) {
            if (ended) return false;
            ended = true;
            inFlight.remove(this);
            terminal.run();
            return true;
        }
    }

    private static String describe(Throwable t) {
        String m = t.getMessage();
        return t.getClass().getName() + (m == null ? "" : ": " + m);
    }

    /** Configures an {@link InProcessBackend}. */
    public static final class Builder {
        private final TokenGenerator generator;
        private String name = "inprocess";
        private String model = "in-process";
        private int threads = 4;
        private Duration closeTimeout = Duration.ofSeconds(5);
        private final Map<String, String> details = new LinkedHashMap<>();

        private Builder(TokenGenerator generator) {
            this.generator = notNull(generator, "generator");
        }

        /** Name in reports and in worker thread names (default {@code inprocess}). */
        public Builder name(String name) {
            this.name = notNull(name, "name");
            if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
            return this;
        }

        /** Model name in reports (default {@code in-process}). */
        public Builder model(String model) {
            this.model = notNull(model, "model");
            return this;
        }

        /** Worker threads, the most requests the user code sees at once (default 4). */
        public Builder threads(int threads) {
            this.threads = positive(threads, "threads");
            return this;
        }

        /** How long {@link InProcessBackend#close()} waits for workers to stop (default 5 s). */
        public Builder closeTimeout(Duration timeout) {
            this.closeTimeout = Checks.notNegative(timeout, "closeTimeout");
            return this;
        }

        /** A fact recorded in the report's backend details (e.g. {@code quantization}); never secrets. */
        public Builder detail(String key, String value) {
            details.put(notNull(key, "detail key"), notNull(value, "detail value"));
            return this;
        }

        /** Creates the backend and its worker pool (threads start on first use). */
        public InProcessBackend build() {
            return new InProcessBackend(this);
        }
    }
}
