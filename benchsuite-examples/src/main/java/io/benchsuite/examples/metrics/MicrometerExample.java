package io.benchsuite.examples.metrics;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.examples.plugin.EchoBackendProvider;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;

/**
 * Sends a run's metrics to your own {@link MeterRegistry}: here a {@link SimpleMeterRegistry}; in
 * an application, the Prometheus or OTLP registry you already have.
 */
public final class MicrometerExample {
    private MicrometerExample() {}

    /** Runs {@code requests} requests against the echo plugin, recording into {@code registry}. */
    public static RunResult run(MeterRegistry registry, int requests) {
        return Benchmark.named("micrometer-example")
                .backend(EchoBackendProvider.NAME, BackendConfig.of(Map.of("token-delay", "1ms")))
                .workload(Workload.closed(4).maxRequests(requests).build())
                .seed(SeedChain.fromLong(5)).listener(new MeterRegistryListener(registry)).run();
    }

    public static void main(String[] args) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        run(registry, 40);
        System.out.println(registry.getMetersAsString());
    }
}
