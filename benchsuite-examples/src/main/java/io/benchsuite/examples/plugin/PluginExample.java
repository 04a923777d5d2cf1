package io.benchsuite.examples.plugin;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import java.util.Map;

/**
 * Finds the custom backend by name, like any built-in one, and benchmarks it. The same name works
 * on the command line: {@code benchsuite run --backend example-echo --backend-option token-delay=5ms}
 * with this module's jar on the class path.
 */
public final class PluginExample {
    private PluginExample() {}

    /** Runs {@code requests} requests against the {@code example-echo} backend found by name. */
    public static RunResult run(int requests) {
        BackendRegistry registry = BackendRegistry.load();
        System.out.println("backends found: " + registry.names());
        return Benchmark.named("plugin-example")
                .backend(EchoBackendProvider.NAME, BackendConfig.of(Map.of("token-delay", "1ms")))
                .workload(Workload.closed(4).maxRequests(requests).build())
                .seed(SeedChain.fromLong(1)).run();
    }

    public static void main(String[] args) {
        RunResult r = run(40);
        System.out.printf("%s via %s: %d requests, E2E p50 %.2f ms, %.0f output tok/s%n", r.info().backend().model(),
                r.info().backend().name(), r.summary().counts().succeeded(), r.summary().e2e().p50(),
                r.summary().throughput().outputTokensPerSecond());
    }
}
