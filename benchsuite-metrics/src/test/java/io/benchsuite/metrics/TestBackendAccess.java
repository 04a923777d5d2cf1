package io.benchsuite.metrics;

import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import java.util.List;

/** Short closed-loop runs against {@link TestBackend} for tests in sub-packages. */
public final class TestBackendAccess {
    private TestBackendAccess() {}

    /**
     * A finished run and the telemetry threads alive right after it.
     *
     * @param result the run's result
     * @param benchsuiteThreads names of scraper and sampler threads still alive
     */
    public record Run(RunResult result, List<String> benchsuiteThreads) {}

    /** A {@link TestBackend} that fails every {@code failEvery}-th request (0: none). */
    public static final class Backend implements AutoCloseable {
        private final TestBackend backend;

        public Backend(int failEvery) {
            backend = new TestBackend(failEvery);
        }

        /** A 2-user closed-loop run of {@code requests} requests (8 input, 4 output tokens). */
        public Benchmark.Builder benchmark(String name, int requests) {
            return TestBackend.run(name, backend, requests);
        }

        /** The requests as the backend received them (headers included). */
        public List<InferenceRequest> received() {
            return List.copyOf(backend.received);
        }

        @Override
        public void close() {
            backend.close();
        }
    }

    /** {@code requests} requests, 2 users, every listener registered. */
    public static Run closedLoop(String name, int requests, RunListener... listeners) {
        try (Backend backend = new Backend(0)) {
            Benchmark.Builder b = backend.benchmark(name, requests);
            for (RunListener l : listeners) b.listener(l);
            RunResult r = b.run();
            return new Run(r, telemetryThreads());
        }
    }

    /** Threads of the samplers and scraper that are still alive. */
    public static List<String> telemetryThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("benchsuite-server-metrics") || n.startsWith("benchsuite-host-telemetry")
                        || n.startsWith("benchsuite-gpu-telemetry"))
                .toList();
    }
}
