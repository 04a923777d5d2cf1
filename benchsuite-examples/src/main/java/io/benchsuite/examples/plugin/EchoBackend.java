package io.benchsuite.examples.plugin;

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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A complete custom backend written against the SPI (see {@code docs/backend-spi.md}): it "serves"
 * by echoing the prompt's words back, one token every {@code tokenDelay}, on a timer thread it
 * owns. It shows each rule: {@code send} returns at once, events of a request are delivered one at
 * a time and in order, exactly one terminal event, errors are typed, cancellation is honoured,
 * {@code close} ends the requests still running with {@code CANCELLED} and stops the thread, and a
 * request sent after {@code close} is {@code REJECTED}. {@code EchoBackendCompatibilityTest} runs the
 * backend compatibility kit against it.
 */
public final class EchoBackend implements Backend {
    private final Duration tokenDelay;
    private final String model;
    private final ScheduledExecutorService timer;
    /** Requests not yet ended, for close() to cancel. */
    private final Set<Echo> running = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    EchoBackend(String model, Duration tokenDelay) {
        this.model = model;
        this.tokenDelay = tokenDelay;
        AtomicInteger n = new AtomicInteger();
        this.timer = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "benchsuite-example-echo-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        Echo echo = new Echo(request, listener);
        if (closed) {
            echo.end(() -> listener.onError(System.nanoTime(), BackendError.of(ErrorKind.REJECTED, "echo backend is closed")));
            return RequestHandle.NONE;
        }
        running.add(echo);
        try {
            echo.start();
        } catch (RejectedExecutionException e) {
            // close() ran between the check above and the schedule
            echo.end(() -> listener.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "echo backend closed")));
        }
        return echo::cancel;
    }

    @Override
    public BackendInfo info() {
        return new BackendInfo(EchoBackendProvider.NAME, model, "in-process", Map.of("tokenDelay", tokenDelay.toString()));
    }

    @Override
    public void close() {
        closed = true;
        timer.shutdownNow();
        for (Echo e : running) e.cancel("echo backend closed");
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One request. Synchronized methods keep its events one at a time; {@code ended} keeps them single. */
    private final class Echo {
        private final InferenceRequest request;
        private final ResponseListener listener;
        private final String[] words;
        private int next;
        private boolean ended;
        private ScheduledFuture<?> pending;

        Echo(InferenceRequest request, ResponseListener listener) {
            this.request = request;
            this.listener = listener;
            this.words = request.prompt().split("\\s+");
        }

        synchronized void start() {
            listener.onSent(System.nanoTime());
            pending = timer.schedule(this::token, tokenDelay.toNanos(), TimeUnit.NANOSECONDS);
        }

        synchronized void token() {
            if (ended) return;
            long now = System.nanoTime();
            listener.onTokens(now, 1, (next == 0 ? "" : " ") + words[next % words.length]);
            next++;
            if (next >= request.maxTokens()) {
                end(() -> listener.onComplete(System.nanoTime(), new Usage(words.length, next)));
            } else {
                pending = timer.schedule(this::token, tokenDelay.toNanos(), TimeUnit.NANOSECONDS);
            }
        }

        void cancel() {
            cancel("cancelled");
        }

        synchronized void cancel(String why) {
            if (pending != null) pending.cancel(false);
            end(() -> listener.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, why)));
        }

        synchronized void end(Runnable terminal) {
            if (ended) return;
            ended = true;
            running.remove(this);
            terminal.run();
        }
    }
}
