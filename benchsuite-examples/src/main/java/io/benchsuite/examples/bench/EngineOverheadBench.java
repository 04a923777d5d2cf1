package io.benchsuite.examples.bench;

import com.sun.management.OperatingSystemMXBean;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * How much load one benchsuite process can schedule honestly: open-loop constant arrivals at rising
 * rates against a backend that answers instantly (in {@code send}), so every microsecond measured
 * is the client's own. Prints target vs achieved rate, the dispatcher's timer lateness and CPU.
 *
 * <p>Run: {@code java -cp benchsuite-cli/target/benchsuite-cli-*-all.jar:benchsuite-examples/target/classes
 * io.benchsuite.examples.bench.EngineOverheadBench [seconds-per-rate]}
 */
public final class EngineOverheadBench {
    private EngineOverheadBench() {}

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int[] rates = {500, 2_000, 5_000, 10_000, 20_000};
        System.out.printf(Locale.ROOT, "%-10s %10s %10s %12s %12s %12s %10s%n", "target/s", "achieved/s", "ratio",
                "lag p50 ms", "lag p99 ms", "lag max ms", "cpu %");
        run(500, 2); // warm-up, not printed
        for (int rate : rates) {
            long cpu0 = cpuNanos();
            long wall0 = System.nanoTime();
            RunSummary s = run(rate, seconds).summary();
            double cpuPct = 100.0 * (cpuNanos() - cpu0) / (System.nanoTime() - wall0);
            System.out.printf(Locale.ROOT, "%-10d %10.1f %10.3f %12.3f %12.3f %12.3f %10.0f%n", rate, s.achievedRate(),
                    s.achievedRate() / s.targetRate(), s.dispatchLag().p50(), s.dispatchLag().p99(), s.dispatchLag().max(),
                    cpuPct);
        }
    }

    private static RunResult run(int rate, int seconds) {
        Workload w = Workload.open().rate(rate).arrival(Arrival.constant()).maxConcurrency(1024)
                .duration(Duration.ofSeconds(seconds)).inputTokens(LengthDistribution.fixed(16))
                .outputTokens(LengthDistribution.fixed(4)).build();
        return Benchmark.named("overhead").backend(new InstantBackend()).workload(w).seed(SeedChain.fromLong(1))
                .model("instant").run();
    }

    private static long cpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Streams its tokens inside {@code send}: zero server time. */
    private static final class InstantBackend implements Backend {
        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            listener.onSent(System.nanoTime());
            for (int i = 0; i < request.maxTokens(); i++) listener.onTokens(System.nanoTime(), 1, " x");
            listener.onComplete(System.nanoTime(), new Usage(request.inputTokens(), request.maxTokens()));
            return RequestHandle.NONE;
        }

        @Override
        public BackendInfo info() {
            return new BackendInfo("instant", "instant", "in-process", Map.of());
        }

        @Override
        public void close() {
        }
    }
}
