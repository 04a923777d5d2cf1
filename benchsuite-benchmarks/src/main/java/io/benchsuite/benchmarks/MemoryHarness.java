package io.benchsuite.benchmarks;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Does a run's memory grow with its length? Runs many short requests (default 1,000,000 of 4 output
 * tokens at 20,000 req/s) against a backend that answers inside {@code send}, writing the usual
 * output directory, and prints the heap in use after a full GC every tenth of the run. In a small
 * heap ({@code -Xmx256m}) a run whose memory grows per request dies with {@code OutOfMemoryError};
 * a streaming one stays flat. The last line compares the heap at 10 % and at 100 % of the run
 * against the limit of {@value #LIMIT_MIB} MiB and the exit status says whether it held.
 *
 * <pre>{@code
 * java -Xmx256m -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.MemoryHarness \
 *     [requests] [rate] [output-tokens] [output-dir]
 * }</pre>
 *
 * The output directory (default: a temporary one, deleted afterwards) receives report.json,
 * summary.csv, report.html and requests.jsonl (about 0.5 GB for a million requests).
 */
public final class MemoryHarness {
    /** The most the heap after GC may grow between 10 % and 100 % of the run. */
    static final int LIMIT_MIB = 16;

    private MemoryHarness() {}

    public static void main(String[] args) throws IOException {
        long requests = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        double rate = args.length > 1 ? Double.parseDouble(args[1]) : 20_000;
        int tokens = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        boolean temporary = args.length <= 3;
        Path dir = temporary ? Files.createTempDirectory("benchsuite-memory-") : Path.of(args[3]);

        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long maxHeap = Runtime.getRuntime().maxMemory();
        System.out.printf(Locale.ROOT, "memory harness: %d requests of %d output tokens at %.0f req/s, max heap %d MiB, output %s%n",
                requests, tokens, rate, maxHeap >> 20, dir);
        System.out.printf(Locale.ROOT, "%10s %8s %14s %10s%n", "requests", "% run", "heap after GC", "elapsed s");

        boolean failed = false;
        long start = System.nanoTime();
        AtomicLong finished = new AtomicLong();
        long[] heapAt = new long[11]; // after GC, at each tenth
        long step = Math.max(1, requests / 10);
        Workload w = Workload.open().rate(rate).arrival(Arrival.constant()).maxConcurrency(64).maxRequests(requests)
                .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(tokens)).build();
        try {
            RunResult result = Benchmark.named("memory").backend(new InstantBackend()).workload(w).seed(SeedChain.fromLong(1))
                    .model("instant").outputDir(dir)
                    .listener(new RunListener() {
                        @Override
                        public void onRequestFinished(RequestRecord record) {
                            long n = finished.incrementAndGet();
                            if (n % step == 0) {
                                long heap = heapAfterGc(memory);
                                heapAt[(int) Math.min(10, n / step)] = heap;
                                System.out.printf(Locale.ROOT, "%10d %7.0f%% %10.1f MiB %10.1f%n", n, 100.0 * n / requests,
                                        heap / 1048576.0, (System.nanoTime() - start) / 1e9);
                            }
                        }
                    })
                    .run();
            RunSummary s = result.summary();
            System.out.printf(Locale.ROOT, "run done in %.1f s (reports included): %d succeeded, achieved %.0f req/s, "
                            + "dispatch lag p99 %.3f ms; heap after GC with the result held: %.1f MiB%n",
                    (System.nanoTime() - start) / 1e9, s.counts().succeeded(), s.achievedRate(), s.dispatchLag().p99(),
                    heapAfterGc(memory) / 1048576.0);
            System.out.printf(Locale.ROOT, "(result of run '%s' still referenced: %d seconds of series)%n",
                    result.info().name(), result.timeSeries().size());
            double growth = (heapAt[10] - heapAt[1]) / 1048576.0;
            boolean held = growth < LIMIT_MIB;
            System.out.printf(Locale.ROOT, "heap after GC at 10 %%: %.1f MiB, at 100 %%: %.1f MiB, growth %.1f MiB (limit %d MiB): %s%n",
                    heapAt[1] / 1048576.0, heapAt[10] / 1048576.0, growth, LIMIT_MIB, held ? "PASS" : "FAIL");
            if (!held) failed = true;
        } catch (OutOfMemoryError | IllegalStateException e) {
            System.out.printf(Locale.ROOT, "run FAILED after %d finished requests, %.1f s: %s%n", finished.get(),
                    (System.nanoTime() - start) / 1e9, e);
            failed = true;
        } finally {
            if (temporary) deleteTree(dir);
        }
        if (failed) throw new IllegalStateException("the memory harness failed (see above)"); // exit status 1
    }

    private static long heapAfterGc(MemoryMXBean memory) {
        System.gc();
        System.gc();
        return memory.getHeapMemoryUsage().getUsed();
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Streams its tokens inside {@code send}: zero server time, so only the client's own memory shows. */
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
