package io.benchsuite.test;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Streams every requested token at once from a small pool: a backend for tests of the harness, not of timing. */
public final class InstantBackend implements Backend {
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> new Thread(r, "benchsuite-test-instant"));

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        pool.execute(() -> {
            listener.onSent(System.nanoTime());
            for (int i = 0; i < request.maxTokens(); i++) listener.onTokens(System.nanoTime(), 1, "a");
            listener.onComplete(System.nanoTime(), new Usage(request.inputTokens(), request.maxTokens()));
        });
        return RequestHandle.NONE;
    }

    @Override
    public BackendInfo info() {
        return new BackendInfo("instant", "instant", "in-process", Map.of());
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
