package io.benchsuite.cli;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.Capability;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Test-only backend {@code fake}: first token after {@code first-token} (default 20ms), then one
 * token every {@code token-interval} (default 2ms) up to max tokens. {@code fail-preflight=true}
 * makes pre-flight fail as an unreachable server would. With {@code require-key=true}, pre-flight
 * requires the variable named by {@code api-key-env} (it reads it, as HTTP backends do, and never reports it).
 * {@code fail-every=N} fails every N-th request (index % N == N - 1) with HTTP 503 after the first-token delay.
 */
public final class FakeBackendProvider implements BackendProvider {
    @Override
    public String name() {
        return "fake";
    }

    @Override
    public String description() {
        return "test backend with controlled delays";
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.STREAMING, Capability.SERVER_USAGE, Capability.IN_PROCESS);
    }

    @Override
    public Backend create(BackendConfig config) {
        return new Fake(config);
    }

    static final class Fake implements Backend {
        private final BackendConfig config;
        private final long firstNanos;
        private final long intervalNanos;
        private final int failEvery;
        private final ScheduledExecutorService exec = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "fake-backend");
            t.setDaemon(true);
            return t;
        });

        Fake(BackendConfig config) {
            this.config = config;
            this.firstNanos = config.duration("first-token", Duration.ofMillis(20)).toNanos();
            this.intervalNanos = config.duration("token-interval", Duration.ofMillis(2)).toNanos();
            this.failEvery = config.integer("fail-every", 0);
        }

        @Override
        public void preflight() {
            if (config.bool("fail-preflight", false)) {
                throw new BackendException("cannot reach " + config.string(BackendConfig.URL, "http://127.0.0.1:9")
                        + "/v1/models: connection refused");
            }
            if (!config.bool("require-key", false)) return;
            config.string(BackendConfig.API_KEY_ENV).ifPresent(var -> {
                String key = System.getenv(var);
                if (key == null || key.isEmpty()) throw new BackendException("API key variable " + var + " is empty");
            });
        }

        @Override
        public BackendInfo info() {
            return new BackendInfo("fake", config.string(BackendConfig.MODEL, "fake-model"), "in-process",
                    Map.of("device", config.string(BackendConfig.DEVICE, "none")));
        }

        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            listener.onSent(System.nanoTime());
            if (config.bool("fail-requests", false)) {
                listener.onError(System.nanoTime(), new BackendError(ErrorKind.HTTP_5XX, "HTTP 503 from fake", 503, null));
                return RequestHandle.NONE;
            }
            if (failEvery > 0 && request.index() % failEvery == failEvery - 1) {
                exec.schedule(() -> listener.onError(System.nanoTime(),
                        new BackendError(ErrorKind.HTTP_5XX, "HTTP 503 from fake", 503, null)), firstNanos, TimeUnit.NANOSECONDS);
                return RequestHandle.NONE;
            }
            Stream s = new Stream(request, listener);
            s.schedule(firstNanos);
            return s::cancel;
        }

        @Override
        public void close() {
            exec.shutdownNow();
        }

        /** One request: each step schedules the next, so its events never overlap. */
        private final class Stream implements Runnable {
            private final InferenceRequest request;
            private final ResponseListener listener;
            private int sent;
            private boolean done;
            private ScheduledFuture<?> next;

            Stream(InferenceRequest request, ResponseListener listener) {
                this.request = request;
                this.listener = listener;
            }

            synchronized void schedule(long delayNanos) {
                if (done) return;
                try {
                    next = exec.schedule(this, delayNanos, TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.RejectedExecutionException e) {
                    done = true;
                    listener.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "backend closed"));
                }
            }

            @Override
            public synchronized void run() {
                if (done) return;
                long now = System.nanoTime();
                sent++;
                listener.onTokens(now, 1, "tok ");
                if (sent >= request.maxTokens()) {
                    done = true;
                    listener.onComplete(now, new Usage(request.inputTokens(), sent));
                } else {
                    schedule(intervalNanos);
                }
            }

            synchronized void cancel() {
                if (done) return;
                done = true;
                if (next != null) next.cancel(false);
                listener.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "cancelled"));
            }
        }
    }
}
