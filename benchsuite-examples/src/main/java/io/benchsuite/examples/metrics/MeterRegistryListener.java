package io.benchsuite.examples.metrics;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.run.RunListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Publishes a run's requests to the user's own Micrometer {@link MeterRegistry} (never a global
 * one): counters {@code benchsuite.requests} (tag {@code outcome}) and
 * {@code benchsuite.output.tokens}, timers {@code benchsuite.ttft} and {@code benchsuite.e2e}; all
 * tagged with the run name. Measured-window requests only, like the report's statistics.
 */
public final class MeterRegistryListener implements RunListener {
    private final MeterRegistry registry;
    private volatile String run = "unknown";

    public MeterRegistryListener(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    @Override
    public void onRunStarted(RunInfo info) {
        run = info.name();
    }

    @Override
    public void onRequestFinished(RequestRecord r) {
        if (r.window() != Window.MEASURED) return;
        Counter.builder("benchsuite.requests").tag("run", run).tag("outcome", r.outcome().name().toLowerCase(Locale.ROOT))
                .register(registry).increment();
        if (!r.succeeded()) return;
        Counter.builder("benchsuite.output.tokens").tag("run", run).register(registry).increment(r.outputTokens());
        if (r.ttftNanos() >= 0) {
            Timer.builder("benchsuite.ttft").tag("run", run).register(registry).record(r.ttftNanos(), TimeUnit.NANOSECONDS);
        }
        Timer.builder("benchsuite.e2e").tag("run", run).register(registry).record(r.e2eNanos(), TimeUnit.NANOSECONDS);
    }
}
