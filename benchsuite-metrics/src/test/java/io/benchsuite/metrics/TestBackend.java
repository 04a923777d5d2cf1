package io.benchsuite.metrics;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.core.Benchmark;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * In-process test backend: each request gets its tokens 5 ms apart, the first after 5 ms; every
 * {@code failEvery}-th request (by index, when > 0) fails with HTTP 503 instead. Records the
 * headers it received.
 */
final class TestBackend implements Backend {
    final List<InferenceRequest> received = new CopyOnWriteArrayList<>();
    private final int failEvery;
    private final ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "test-backend");
        t.setDaemon(true);
        return t;
    });
    volatile Consumer<InferenceRequest> onSend = r -> { };
    /** Extra delay before the first token, in milliseconds, by request index. */
    volatile java.util.function.LongUnaryOperator extraDelayMillis = index -> 0;

    TestBackend(int failEvery) {
        this.failEvery = failEvery;
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        received.add(request);
        listener.onSent(System.nanoTime());
        onSend.accept(request);
        if (failEvery > 0 && request.index() % failEvery == failEvery - 1) {
            exec.schedule(() -> listener.onError(System.nanoTime(),
                    new BackendError(ErrorKind.HTTP_5XX, "HTTP 503", 503, null)), 2, TimeUnit.MILLISECONDS);
            return RequestHandle.NONE;
        }
        int n = request.maxTokens();
        long extra = extraDelayMillis.applyAsLong(request.index());
        for (int i = 1; i <= n; i++) {
            int k = i;
            exec.schedule(() -> {
                listener.onTokens(System.nanoTime(), 1, "x");
                if (k == n) listener.onComplete(System.nanoTime(), new Usage(request.inputTokens(), n));
            }, extra + 5L * i, TimeUnit.MILLISECONDS);
        }
        return RequestHandle.NONE;
    }

    @Override
    public BackendInfo info() {
        return new BackendInfo("test", "test-model", "in-process", Map.of());
    }

    @Override
    public void close() {
        exec.shutdownNow();
    }

    /** A closed-loop run of {@code requests} requests (2 users, 4 output tokens, 8 input tokens) against {@code backend}. */
    static Benchmark.Builder run(String name, TestBackend backend, int requests) {
        return run(name, backend, requests, 2);
    }

    /** As {@link #run(String, TestBackend, int)} with {@code users} closed-loop users. */
    static Benchmark.Builder run(String name, TestBackend backend, int requests, int users) {
        return Benchmark.named(name).backend(backend).seed(SeedChain.fromLong(1)).preflight(false)
                .workload(Workload.closed(users).maxRequests(requests).inputTokens(io.benchsuite.api.workload.LengthDistribution.fixed(8))
                        .outputTokens(io.benchsuite.api.workload.LengthDistribution.fixed(4)).build())
                .drainTimeout(Duration.ofSeconds(5));
    }
}
