package io.benchsuite.examples.gate;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A performance gate against the simulator ({@code sim}): a simulated Llama-3-8B on an H100, on the
 * simulator's virtual clock ({@code clock=virtual}), so the gate takes a fraction of a second and gives
 * the same figures on a busy CI machine as on an idle one (a real-time gate would measure the machine's
 * load as much as the stack). The
 * test {@code SimPerformanceGateTest} holds it to SLOs and to a baseline. Run:
 * {@code java ... io.benchsuite.examples.gate.SimGateExample [device]}.
 */
public final class SimGateExample {
    private SimGateExample() {}

    /** The simulator's configuration for {@code device} (e.g. {@code h100}, {@code l4}). */
    public static BackendConfig simConfig(String device) {
        return BackendConfig.of(Map.of("model", "llama-3-8b", "device", device, "quantization", "none",
                "clock", "virtual"));
    }

    /** Open loop, 16 requests/s for {@code duration}, 512-token prompts, 64-token answers; the first 500 ms are warm-up. */
    public static Workload workload(Duration duration) {
        return Workload.open().rate(16).arrival(Arrival.poisson()).maxConcurrency(32)
                .inputTokens(LengthDistribution.fixed(512)).outputTokens(LengthDistribution.fixed(64))
                .duration(duration).warmup(Duration.ofMillis(500)).build();
    }

    /** A builder for the gate's run on {@code device}. */
    public static Benchmark.Builder benchmark(String name, String device, Duration duration) {
        return Benchmark.named(name).backend("sim", simConfig(device)).workload(workload(duration))
                .seed(SeedChain.fromLong(42)).slo(Slo.parse("ttft=100ms"));
    }

    public static void main(String[] args) {
        String device = args.length > 0 ? args[0] : "h100";
        RunResult r = benchmark("sim-gate", device, Duration.ofSeconds(3))
                .outputDir(Path.of("target/benchsuite-reports/sim-gate")).overwrite(true).run(); // replaces the last run's
        System.out.printf("sim %s (virtual clock): %d requests, TTFT p99 %.2f ms, TPOT p99 %.3f ms, "
                        + "%.0f output tok/s, goodput %.1f%%%n", device, r.summary().counts().succeeded(),
                r.summary().ttft().p99(), r.summary().tpot().p99(), r.summary().throughput().outputTokensPerSecond(),
                100 * r.summary().goodput().fraction());
    }
}
