package io.benchsuite.examples.llama;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.backends.inprocess.InProcessBackend;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.inprocess.ColdStartListener;
import io.benchsuite.core.report.model.ColdStartSection;
import io.benchsuite.core.run.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * Benchmarks a real GGUF model in-process with java-llama.cpp: model load time (cold start), the
 * first requests against the steady state, and tokens per second. Run:
 * {@code java ... io.benchsuite.examples.llama.LlamaExample [model.gguf]} (default:
 * {@code benchsuite-examples/src/test/resources/models/llama-2-tiny-random.gguf} from the repository root).
 */
public final class LlamaExample {
    /** Requests counted as cold start in the coldStart section. */
    public static final int COLD_START_REQUESTS = 5;

    private LlamaExample() {}

    /**
     * The outcome: the run plus what happened before it.
     *
     * @param loadTime model load time
     * @param result the run
     * @param coldStart cold start vs steady state
     */
    public record Figures(Duration loadTime, RunResult result, ColdStartSection coldStart) {}

    /** Loads the model, runs {@code requests} requests with {@code users} closed-loop users, closes the model. */
    public static Figures run(Path gguf, int users, int requests, Path outputDir) {
        try (LlamaCppGenerator generator = LlamaCppGenerator.load(gguf, users, 256);
             InProcessBackend backend = InProcessBackend.builder(generator).name("llama-cpp")
                     .model(gguf.getFileName().toString()).threads(users).build()) {
            ColdStartListener coldStart = new ColdStartListener(COLD_START_REQUESTS);
            Benchmark.Builder b = Benchmark.named("llama-in-process").backend(backend).seed(SeedChain.fromLong(11))
                    .workload(Workload.closed(users).maxRequests(requests).inputTokens(LengthDistribution.fixed(48))
                            .outputTokens(LengthDistribution.fixed(32)).build())
                    .listener(coldStart).retainRequests(true); // a short run: keep the records to look at single requests
            if (outputDir != null) b.outputDir(outputDir).overwrite(true); // the example's own directory: replace its last run
            RunResult r = b.run();
            return new Figures(generator.loadTime(), r, coldStart.section());
        }
    }

    public static void main(String[] args) {
        Path model = Path.of(args.length > 0 ? args[0] : "benchsuite-examples/src/test/resources/models/llama-2-tiny-random.gguf");
        Figures f = run(model, 2, 60, Path.of("target/benchsuite-reports/llama-in-process"));
        System.out.println(describe(f));
    }

    /** The figures as text. */
    public static String describe(Figures f) {
        var s = f.result().summary();
        var p = f.coldStart();
        return String.format(Locale.ROOT,
                "model load %.0f ms; %d requests; cold start (first %d): TTFT %.2f ms, E2E %.2f ms; "
                        + "steady: TTFT %.2f ms, E2E %.2f ms; TPOT p50 %.3f ms; %.0f output tok/s; JIT %s ms; "
                        + "E2E shares queueing %.2f prefill %.2f decode %.2f",
                f.loadTime().toNanos() / 1e6, s.counts().succeeded(), p.coldStartRequests(), p.coldStart().ttftMs(),
                p.coldStart().e2eMs(), p.steady().ttftMs(), p.steady().e2eMs(), s.tpot().p50(),
                s.throughput().outputTokensPerSecond(), p.jitCompileMs(), p.shares().queueing(), p.shares().prefill(),
                p.shares().decode());
    }
}
