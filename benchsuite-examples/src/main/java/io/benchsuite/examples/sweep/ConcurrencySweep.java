package io.benchsuite.examples.sweep;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.backends.inprocess.InProcessBackend;
import io.benchsuite.backends.inprocess.TokenGenerator;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.examples.fake.FakeServingStack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A sweep from Java: closed loops of 1, 2, 4 and 8 users against a serving stack, a table of the
 * results, and the knee, the last level whose extra users still bought throughput. The default
 * stack is {@link FakeServingStack} with 2 slots, so the knee is at 2. Run:
 * {@code java ... io.benchsuite.examples.sweep.ConcurrencySweep [seconds-per-level]}.
 */
public final class ConcurrencySweep {
    /** Below this share of the ideal (linear) throughput gain, more users no longer pay. */
    public static final double KNEE_EFFICIENCY = 0.5;

    private ConcurrencySweep() {}

    /**
     * One level of the sweep.
     *
     * @param users concurrent users (closed loop, no think time)
     * @param requestsPerSecond successful requests per second
     * @param outputTokensPerSecond output tokens per second
     * @param ttftP50Ms median time to first token
     * @param e2eP99Ms 99th percentile end-to-end latency
     */
    public record Row(int users, double requestsPerSecond, double outputTokensPerSecond, double ttftP50Ms,
                      double e2eP99Ms) {}

    /** Runs one closed-loop benchmark per level, each against a fresh backend from {@code backends}. */
    public static List<Row> sweep(Supplier<InProcessBackend> backends, int[] levels, Duration perLevel) {
        List<Row> rows = new ArrayList<>();
        for (int users : levels) {
            try (InProcessBackend backend = backends.get()) {
                RunResult r = Benchmark.named("sweep-c" + users).backend(backend).seed(SeedChain.fromLong(7))
                        .workload(Workload.closed(users).inputTokens(LengthDistribution.fixed(32))
                                .outputTokens(LengthDistribution.fixed(8)).duration(perLevel)
                                .warmup(perLevel.dividedBy(5)).build())
                        .run();
                rows.add(new Row(users, r.summary().throughput().requestsPerSecond(),
                        r.summary().throughput().outputTokensPerSecond(), r.summary().ttft().p50(), r.summary().e2e().p99()));
            }
        }
        return rows;
    }

    /**
     * The knee: the last level before one whose throughput gain falls below {@link #KNEE_EFFICIENCY}
     * of the gain its extra users would give if the stack scaled linearly; the last level if it
     * scales all the way.
     */
    public static int knee(List<Row> rows) {
        if (rows.isEmpty()) throw new IllegalArgumentException("no rows");
        for (int i = 1; i < rows.size(); i++) {
            Row prev = rows.get(i - 1), cur = rows.get(i);
            double gain = cur.requestsPerSecond() / prev.requestsPerSecond() - 1;
            double ideal = (double) cur.users() / prev.users() - 1;
            if (gain < KNEE_EFFICIENCY * ideal) return prev.users();
        }
        return rows.get(rows.size() - 1).users();
    }

    /** The table as text. */
    public static String table(List<Row> rows) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%6s %10s %12s %12s %12s%n", "users", "req/s",
                "out tok/s", "TTFT p50 ms", "E2E p99 ms"));
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "%6d %10.2f %12.1f %12.2f %12.2f%n", r.users(), r.requestsPerSecond(),
                    r.outputTokensPerSecond(), r.ttftP50Ms(), r.e2eP99Ms()));
        }
        return b.toString();
    }

    /** The fake stack with 2 slots: 10 µs per prompt character, 5 ms per token. */
    public static InProcessBackend twoSlotStack() {
        FakeServingStack stack = new FakeServingStack(10, 5_000, 2);
        return InProcessBackend.builder(TokenGenerator.fromIterator(r -> stack.generate(r.prompt(), r.maxTokens())))
                .name("fake-stack").threads(8).build();
    }

    public static void main(String[] args) {
        Duration perLevel = Duration.ofSeconds(args.length > 0 ? Long.parseLong(args[0]) : 2);
        List<Row> rows = sweep(ConcurrencySweep::twoSlotStack, new int[] {1, 2, 4, 8}, perLevel);
        System.out.print(table(rows));
        System.out.println("knee: " + knee(rows) + " users");
    }
}
