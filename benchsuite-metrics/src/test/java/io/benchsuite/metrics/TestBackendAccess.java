package io.benchsuite.metrics;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ScriptedBackend;
import java.time.Duration;
import java.util.List;
import java.util.function.LongUnaryOperator;

/** Short closed-loop runs against a scripted backend named {@code test}, for the tests of this module. */
public final class TestBackendAccess {
    private TestBackendAccess() {}

    /**
     * A backend named {@code test}: each request gets its tokens 5 ms apart, the first after 5 ms;
     * every {@code failEvery}-th request (by index, when > 0) fails with HTTP 503 instead.
     */
    static ScriptedBackend scripted(int failEvery) {
        return scripted(failEvery, index -> 0);
    }

    /** As {@link #scripted(int)}, the first token of request {@code i} later by {@code extraMillis(i)}. */
    static ScriptedBackend scripted(int failEvery, LongUnaryOperator extraMillis) {
        return ScriptedBackend.builder().name("test").model("test-model").tokenText("x")
                .firstToken(index -> Duration.ofMillis(5 + extraMillis.applyAsLong(index)))
                .tokenInterval(Duration.ofMillis(5)).threads(1)
                .failure(index -> failEvery > 0 && index % failEvery == failEvery - 1
                        ? new BackendError(ErrorKind.HTTP_5XX, "HTTP 503", 503, null) : null)
                .build();
    }

    /** A closed-loop run of {@code requests} requests (2 users, 4 output tokens, 8 input tokens) against {@code backend}. */
    static Benchmark.Builder run(String name, ScriptedBackend backend, int requests) {
        return run(name, backend, requests, 2);
    }

    /** As {@link #run(String, ScriptedBackend, int)} with {@code users} closed-loop users. */
    static Benchmark.Builder run(String name, ScriptedBackend backend, int requests, int users) {
        return Benchmark.named(name).backend(backend).seed(SeedChain.fromLong(1)).preflight(false)
                .workload(Workload.closed(users).maxRequests(requests).inputTokens(LengthDistribution.fixed(8))
                        .outputTokens(LengthDistribution.fixed(4)).build())
                .drainTimeout(Duration.ofSeconds(5));
    }

    /**
     * A finished run and the telemetry threads alive right after it.
     *
     * @param result the run's result
     * @param benchsuiteThreads names of scraper and sampler threads still alive
     */
    public record Run(RunResult result, List<String> benchsuiteThreads) {}

    /** The scripted backend named {@code test} that fails every {@code failEvery}-th request (0: none). */
    public static final class Backend implements AutoCloseable {
        private final ScriptedBackend backend;
        private volatile LongUnaryOperator extraMillis = index -> 0;

        public Backend(int failEvery) {
            backend = scripted(failEvery, index -> extraMillis.applyAsLong(index));
        }

        /** A 2-user closed-loop run of {@code requests} requests (8 input, 4 output tokens). */
        public Benchmark.Builder benchmark(String name, int requests) {
            return run(name, backend, requests);
        }

        /** A closed-loop run of {@code requests} requests with {@code users} users. */
        public Benchmark.Builder benchmark(String name, int requests, int users) {
            return run(name, backend, requests, users);
        }

        /** Delays the first token of the requests {@code millis} selects by that many milliseconds. */
        public void delayFirstToken(LongUnaryOperator millis) {
            this.extraMillis = millis;
        }

        /** The requests as the backend received them (headers included). */
        public List<InferenceRequest> received() {
            return backend.received();
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
