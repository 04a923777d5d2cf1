package io.benchsuite.tck;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * A backend whose behaviour a test sets: the first token comes {@code firstToken} after
 * {@code onSent}, then one token every {@code tokenInterval} until the request's {@code maxTokens};
 * a request can be made to fail with a chosen {@link BackendError}, and pre-flight to fail. It keeps
 * the whole {@link ResponseListener} contract (it passes the {@link BackendCompatibilityKit}):
 * events of one request one at a time, exactly one terminal event, {@code CANCELLED} on cancel or
 * close, {@code REJECTED} after close, no thread left after {@link #close()}.
 *
 * <p>It also records what it received ({@link #received()}) and the most requests it held at once
 * ({@link #maxInFlight()}), for tests of the code that drives it. Thread-safe.
 */
public final class ScriptedBackend implements Backend {
    private final Duration firstToken;
    private final LongFunction<Duration> firstTokenOf;
    private final Duration tokenInterval;
    private final String tokenText;
    private final LongFunction<BackendError> failure;
    private final Runnable preflightCheck;
    private final boolean reportsUsage;
    private final BackendInfo info;
    private final LongSupplier clock;
    private final ScheduledThreadPoolExecutor timer;
    private final List<InferenceRequest> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    /** Requests not yet ended, for close() to cancel. */
    private final Set<Stream> streams = ConcurrentHashMap.newKeySet();
    /** The timer threads, for close() to join: a terminated pool's last thread is still alive for a moment. */
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * A backend streaming every request successfully with this timing (four timer threads).
     *
     * @param firstToken time from {@code onSent} to the first token
     * @param tokenInterval time between two tokens
     */
    public ScriptedBackend(Duration firstToken, Duration tokenInterval) {
        this(builder().firstToken(firstToken).tokenInterval(tokenInterval).threads(4));
    }

    /**
     * A backend with this timing whose requests fail as {@code failure} says.
     *
     * @param firstToken time from {@code onSent} to the first token
     * @param tokenInterval time between two tokens
     * @param failure for a request index, the error it fails with (at the time its first token would
     *     have come), or null to succeed
     * @param threads timer threads
     */
    public ScriptedBackend(Duration firstToken, Duration tokenInterval, LongFunction<BackendError> failure, int threads) {
        this(builder().firstToken(firstToken).tokenInterval(tokenInterval).failure(failure).threads(threads));
    }

    private ScriptedBackend(Builder b) {
        this.firstToken = b.firstToken;
        this.firstTokenOf = b.firstTokenOf != null ? b.firstTokenOf : index -> b.firstToken;
        this.tokenInterval = b.tokenInterval;
        this.tokenText = b.tokenText;
        this.failure = b.failure;
        this.preflightCheck = b.preflightCheck;
        this.reportsUsage = b.reportsUsage;
        this.clock = b.clock;
        Map<String, String> details = new LinkedHashMap<>(b.details);
        details.putIfAbsent("first-token", firstToken.toString());
        details.putIfAbsent("token-interval", tokenInterval.toString());
        this.info = new BackendInfo(b.name, b.model, "in-process", details);
        AtomicInteger n = new AtomicInteger();
        String threadName = "benchsuite-" + b.name + "-";
        this.timer = new ScheduledThreadPoolExecutor(b.threads, r -> {
            Thread t = new Thread(r, threadName + n.incrementAndGet());
            t.setDaemon(true);
            threads.add(t);
            return t;
        });
        // cancelled futures leave the queue at once, so a long first token does not pin requests in memory
        timer.setRemoveOnCancelPolicy(true);
    }

    /**
     * A builder with the defaults: first token after 10 ms, a token every 1 ms, text {@code " tok"},
     * every request succeeds with usage, two timer threads, name {@code scripted}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The most requests this backend held at once (sent, not yet ended).
     *
     * @return the highest number of requests in flight at once
     */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    /**
     * How many requests {@link #send} was called with.
     *
     * @return the number of requests sent
     */
    public int sent() {
        return received.size();
    }

    /**
     * The requests as received (headers included), in the order {@link #send} was called.
     *
     * @return a copy of the received requests
     */
    public List<InferenceRequest> received() {
        return List.copyOf(received);
    }

    @Override
    public void preflight() {
        preflightCheck.run();
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        notNull(request, "request");
        notNull(listener, "listener");
        received.add(request);
        Stream s = new Stream(request, listener);
        if (closed) {
            listener.onError(clock.getAsLong(), BackendError.of(ErrorKind.REJECTED, "backend closed"));
            return RequestHandle.NONE;
        }
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        listener.onSent(clock.getAsLong());
        s.schedule(firstTokenOf.apply(request.index()));
        return s::cancel;
    }

    @Override
    public BackendInfo info() {
        return info;
    }

    /**
     * Stops the timer threads (they are gone when this returns); requests still running end with
     * {@code CANCELLED}, later sends with {@code REJECTED}. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        for (Runnable r : timer.shutdownNow()) {
            if (r instanceof ScheduledFuture<?> f) f.cancel(false);
        }
        streams.forEach(Stream::cancelOnClose);
        try {
            if (timer.awaitTermination(5, TimeUnit.SECONDS)) {
                for (Thread t : threads) t.join(1_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One request: each step schedules the next, under the stream's lock, so its events never overlap. */
    private final class Stream implements Runnable {
        private final InferenceRequest request;
        private final ResponseListener listener;
        private int tokens;
        private boolean done;
        private ScheduledFuture<?> next;

        Stream(InferenceRequest request, ResponseListener listener) {
            this.request = request;
            this.listener = listener;
        }

        synchronized void schedule(Duration delay) {
            if (done) return;
            streams.add(this);
            try {
                next = timer.schedule(this, delay.toNanos(), TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException closing) {
                end(null, BackendError.of(ErrorKind.CANCELLED, "backend closed"));
            }
        }

        @Override
        public synchronized void run() {
            if (done) return;
            if (tokens == 0) {
                BackendError error = failure.apply(request.index());
                if (error != null) {
                    end(null, error);
                    return;
                }
            }
            tokens++;
            listener.onTokens(clock.getAsLong(), 1, tokenText);
            if (tokens >= request.maxTokens()) {
                end(reportsUsage ? new Usage(request.inputTokens(), tokens) : Usage.unknown(), null);
            } else {
                schedule(tokenInterval);
            }
        }

        synchronized void cancel() {
            if (done) return;
            if (next != null) next.cancel(false);
            end(null, BackendError.of(ErrorKind.CANCELLED, "cancelled"));
        }

        synchronized void cancelOnClose() {
            if (done) return;
            if (next != null) next.cancel(false);
            end(null, BackendError.of(ErrorKind.CANCELLED, "backend closed"));
        }

        /** The single terminal event: under the stream's lock, guarded by {@code done}. */
        private void end(Usage usage, BackendError error) {
            done = true;
            streams.remove(this);
            inFlight.decrementAndGet();
            long now = clock.getAsLong();
            if (error != null) listener.onError(now, error);
            else listener.onComplete(now, usage);
        }
    }

    /** Builds a {@link ScriptedBackend}; every setter rejects null naming the argument. */
    public static final class Builder {
        private Duration firstToken = Duration.ofMillis(10);
        private LongFunction<Duration> firstTokenOf;
        private Duration tokenInterval = Duration.ofMillis(1);
        private String tokenText = " tok";
        private LongFunction<BackendError> failure = index -> null;
        private Runnable preflightCheck = () -> { };
        private boolean reportsUsage = true;
        private String name = "scripted";
        private String model = "scripted-model";
        private final Map<String, String> details = new LinkedHashMap<>();
        private int threads = 2;
        private LongSupplier clock = System::nanoTime;

        private Builder() {
        }

        /**
         * Time from {@code onSent} to the first token (or to the failure of a failing request).
         *
         * @param delay not negative
         * @return this builder
         */
        public Builder firstToken(Duration delay) {
            this.firstToken = notNegative(delay, "firstToken");
            return this;
        }

        /**
         * Time from {@code onSent} to the first token chosen per request index (e.g. to make some
         * requests slow); replaces {@link #firstToken} for the requests it is asked about.
         *
         * @param delay for a request index, its first-token delay (not null, not negative)
         * @return this builder
         */
        public Builder firstToken(LongFunction<Duration> delay) {
            notNull(delay, "delay");
            this.firstTokenOf = index -> notNegative(delay.apply(index), "firstToken of request " + index);
            return this;
        }

        /**
         * Time between two tokens.
         *
         * @param delay not negative
         * @return this builder
         */
        public Builder tokenInterval(Duration delay) {
            this.tokenInterval = notNegative(delay, "tokenInterval");
            return this;
        }

        /**
         * The text of each token.
         *
         * @param text the text
         * @return this builder
         */
        public Builder tokenText(String text) {
            this.tokenText = notNull(text, "text");
            return this;
        }

        /**
         * Which requests fail, and how: called with each request's index when its first token is due.
         *
         * @param failure the error to fail the request with, or null to let it succeed
         * @return this builder
         */
        public Builder failure(LongFunction<BackendError> failure) {
            this.failure = notNull(failure, "failure");
            return this;
        }

        /**
         * Every request fails with {@code error}.
         *
         * @param error the error
         * @return this builder
         */
        public Builder failEvery(BackendError error) {
            notNull(error, "error");
            return failure(index -> error);
        }

        /**
         * Pre-flight fails with a {@link BackendException} with this message.
         *
         * @param message what an unusable server would say
         * @return this builder
         */
        public Builder preflightFailure(String message) {
            notNull(message, "message");
            return preflightCheck(() -> {
                throw new BackendException(message);
            });
        }

        /**
         * What pre-flight does: nothing by default; a check that throws {@link BackendException} makes it fail.
         *
         * @param check run by {@link ScriptedBackend#preflight()}
         * @return this builder
         */
        public Builder preflightCheck(Runnable check) {
            this.preflightCheck = notNull(check, "check");
            return this;
        }

        /**
         * Whether {@code onComplete} carries the token counts ({@code true}, the default) or
         * {@link Usage#unknown()}.
         *
         * @param reportsUsage whether usage is reported
         * @return this builder
         */
        public Builder reportsUsage(boolean reportsUsage) {
            this.reportsUsage = reportsUsage;
            return this;
        }

        /**
         * The backend name in {@link BackendInfo} and in its thread names.
         *
         * @param name a short name
         * @return this builder
         */
        public Builder name(String name) {
            this.name = notNull(name, "name");
            return this;
        }

        /**
         * The model name in {@link BackendInfo}.
         *
         * @param model the model name
         * @return this builder
         */
        public Builder model(String model) {
            this.model = notNull(model, "model");
            return this;
        }

        /**
         * An extra detail in {@link BackendInfo}.
         *
         * @param key the detail's name
         * @param value its value
         * @return this builder
         */
        public Builder detail(String key, String value) {
            details.put(notNull(key, "key"), notNull(value, "value"));
            return this;
        }

        /**
         * Timer threads delivering the events.
         *
         * @param threads at least 1
         * @return this builder
         */
        public Builder threads(int threads) {
            this.threads = positive(threads, "threads");
            return this;
        }

        /**
         * Where event times come from (default {@link System#nanoTime()}); delays stay real.
         *
         * @param clock a nanosecond clock
         * @return this builder
         */
        public Builder clock(LongSupplier clock) {
            this.clock = notNull(clock, "clock");
            return this;
        }

        /**
         * Builds and starts the backend (its timer threads start with the first request).
         *
         * @return a new backend
         */
        public ScriptedBackend build() {
            return new ScriptedBackend(this);
        }
    }
}
