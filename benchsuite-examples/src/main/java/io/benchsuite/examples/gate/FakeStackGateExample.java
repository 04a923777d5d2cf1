package io.benchsuite.examples.gate;

import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.backends.inprocess.InProcessBackend;
import io.benchsuite.backends.inprocess.TokenGenerator;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.examples.fake.FakeServingStack;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A performance gate on in-process Java code: {@link FakeServingStack} wrapped with
 * {@link InProcessBackend}, no HTTP. The test {@code FakeStackGateTest} runs the same benchmark as
 * a JUnit gate. Run: {@code java ... io.benchsuite.examples.gate.FakeStackGateExample [seconds]}.
 */
public final class FakeStackGateExample {
    private FakeStackGateExample() {}

    /** The stack under test: 20 µs per prompt character, 2 ms per token, 4 slots. */
    public static InProcessBackend backend() {
        FakeServingStack stack = new FakeServingStack(20, 2_000, 4);
        return InProcessBackend.builder(TokenGenerator.fromIterator(r -> stack.generate(r.prompt(), r.maxTokens())))
                .name("fake-stack").model("fake-model").threads(8).build();
    }

    /** Open loop at 20 requests/s, 64-token prompts, 16-token answers. */
    public static Workload workload(Duration duration) {
        return Workload.open().rate(20).arrival(Arrival.poisson()).maxConcurrency(8)
                .inputTokens(LengthDistribution.fixed(64)).outputTokens(LengthDistribution.fixed(16))
                .duration(duration).warmup(Duration.ofMillis(300)).build();
    }

    /** The SLOs the gate holds the stack to. */
    public static Slo slo() {
        return Slo.parse("ttft=200ms,e2e=500ms");
    }

    /** Runs the benchmark once, writing reports to {@code outputDir} (replacing an earlier run's reports there). */
    public static RunResult run(Path outputDir, Duration duration) {
        try (InProcessBackend backend = backend()) {
            return Benchmark.named("fake-stack-gate").backend(backend).workload(workload(duration))
                    .seed(SeedChain.fromLong(42)).slo(slo()).outputDir(outputDir).overwrite(true).run();
        }
    }

    public static void main(String[] args) {
        Duration d = Duration.ofSeconds(args.length > 0 ? Long.parseLong(args[0]) : 3);
        RunResult r = run(Path.of("target/benchsuite-reports/fake-stack-gate"), d);
        System.out.printf("fake stack: %d requests, TTFT p99 %.2f ms, E2E p99 %.2f ms, %.1f output tok/s, goodput %.1f%%%n",
                r.summary().counts().succeeded(), r.summary().ttft().p99(), r.summary().e2e().p99(),
                r.summary().throughput().outputTokensPerSecond(), 100 * r.summary().goodput().fraction());
        System.out.println("report: " + r.reportDir().resolve("report.json"));
    }
}
