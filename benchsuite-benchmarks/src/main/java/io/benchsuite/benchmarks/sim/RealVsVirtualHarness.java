package io.benchsuite.benchmarks.sim;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a virtual-time run tells the same story as a real-time one: the same seeded workload (the
 * same arrivals and prompts) against the {@code sim} backend, once with {@code clock=real} (the engine
 * on its own threads, the run sleeping between arrivals, tokens timed by {@link System#nanoTime()}) and
 * once with {@code clock=virtual}, then TTFT, TPOT and E2E p50 and p99 side by side with the relative
 * difference. The workload should leave the engine unsaturated, or the real run's queue depends on how
 * late the host wakes threads. Default: 60 s of Poisson arrivals at 2 requests/s, 1000 in / 200 out,
 * llama-3-8b on a100-80gb.
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.sim.RealVsVirtualHarness \
 *     [--duration 60s] [--rate 2] [--input 1000] [--output-tokens 200] [key=value sim options...]
 * </pre>
 */
public final class RealVsVirtualHarness {
    private RealVsVirtualHarness() {}

    public static void main(String[] args) {
        Duration duration = Duration.ofSeconds(60);
        double rate = 2;
        int input = 1000;
        int outputTokens = 200;
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--duration" -> duration = Durations.parse(args[++i]);
                case "--rate" -> rate = Double.parseDouble(args[++i]);
                case "--input" -> input = Integer.parseInt(args[++i]);
                case "--output-tokens" -> outputTokens = Integer.parseInt(args[++i]);
                default -> {
                    String[] kv = args[i].split("=", 2);
                    if (kv.length != 2) throw new IllegalArgumentException("expected key=value, got '" + args[i] + "'");
                    options.put(kv[0], kv[1]);
                }
            }
        }
        Workload w = Workload.open().rate(rate).maxConcurrency(1000).duration(duration)
                .inputTokens(LengthDistribution.fixed(input)).outputTokens(LengthDistribution.fixed(outputTokens)).build();
        System.out.printf(Locale.ROOT, "%s at %.1f req/s (Poisson), %d in / %d out, sim %s%n", Durations.format(duration),
                rate, input, outputTokens, options);
        RunResult virtual = run(w, options, "virtual");
        RunResult real = run(w, options, "real");
        System.out.printf(Locale.ROOT, "requests: real %d, virtual %d; output tok/s: real %.1f, virtual %.1f%n",
                real.summary().counts().succeeded(), virtual.summary().counts().succeeded(),
                real.summary().throughput().outputTokensPerSecond(), virtual.summary().throughput().outputTokensPerSecond());
        System.out.println("| metric | real (ms) | virtual (ms) | difference |");
        System.out.println("|---|---:|---:|---:|");
        double worst = 0;
        worst = Math.max(worst, row("TTFT", real.summary().ttft(), virtual.summary().ttft()));
        worst = Math.max(worst, row("TPOT", real.summary().tpot(), virtual.summary().tpot()));
        worst = Math.max(worst, row("E2E", real.summary().e2e(), virtual.summary().e2e()));
        System.out.printf(Locale.ROOT, "largest difference: %.2f %%%n", 100 * worst);
    }

    private static RunResult run(Workload w, Map<String, String> options, String clock) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.put("clock", clock);
        long t0 = System.nanoTime();
        RunResult r = Benchmark.named("real-vs-virtual").backend("sim", BackendConfig.of(o)).workload(w)
                .seed(SeedChain.fromLong(3)).preflight(false).run();
        System.out.printf(Locale.ROOT, "clock=%s: %.2f s of wall time%n", clock, (System.nanoTime() - t0) / 1e9);
        return r;
    }

    /** Prints p50 and p99 rows; returns the larger relative difference. */
    private static double row(String name, LatencyStats real, LatencyStats virtual) {
        double d50 = print(name + " p50", real.p50(), virtual.p50());
        double d99 = print(name + " p99", real.p99(), virtual.p99());
        return Math.max(d50, d99);
    }

    private static double print(String name, double real, double virtual) {
        double d = (real - virtual) / virtual;
        System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %+.2f %% |%n", name, real, virtual, 100 * d);
        return Math.abs(d);
    }
}
