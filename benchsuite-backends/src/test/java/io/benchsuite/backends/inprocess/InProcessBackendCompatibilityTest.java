package io.benchsuite.backends.inprocess;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.tck.BackendCompatibilityKit;

/** The in-process backend keeps the backend contract, whatever the wrapped code does. */
class InProcessBackendCompatibilityTest extends BackendCompatibilityKit {
    /** Emits the requested tokens, pausing {@code pauseMillis} before each, and stops when cancelled. */
    private static TokenGenerator words(long pauseMillis) {
        return (request, sink) -> {
            for (int i = 0; i < request.maxTokens() && !sink.isCancelled(); i++) {
                if (pauseMillis > 0) Thread.sleep(pauseMillis);
                sink.token(" w" + i);
            }
            sink.usage(request.inputTokens(), request.maxTokens());
        };
    }

    @Override
    protected Backend createBackend() {
        return InProcessBackend.builder(words(0)).name("kit").threads(4).build();
    }

    /** Code that throws: every request ends with BACKEND_EXCEPTION. */
    @Override
    protected Backend createFailingBackend() {
        return InProcessBackend.builder((request, sink) -> {
            throw new IllegalStateException("model exploded");
        }).name("kit-failing").threads(2).build();
    }

    @Override
    protected Backend createSlowBackend() {
        return InProcessBackend.builder(words(20)).name("kit-slow").threads(4).build();
    }

    @Override
    protected boolean exactOutputLength() {
        return true;
    }
}
