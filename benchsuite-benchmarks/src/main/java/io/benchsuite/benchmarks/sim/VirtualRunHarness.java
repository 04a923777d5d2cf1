package io.benchsuite.benchmarks.sim;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.run.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * How fast a whole benchmark runs in virtual time: {@link Benchmark} with the simulator on
 * {@code clock=virtual} (arrivals, dispatcher, request trackers, aggregation, per-second series and,
 * with {@code --output}, the report files), as a library call on this thread. Default: one hour of
 * open-loop traffic at 20 requests/s (Poisson, seeded), 512 prompt / 256 output tokens, on the sim's
 * options given as {@code key=value} (e.g. {@code device=h100}). Prints per round the wall time, the
 * simulated time, the heap's peak use, and the SHA-256 of {@code requests.jsonl} (the same on every
 * round and machine), then the headline figures of the last round.
 * <pre>
 * java -Xmx512m -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.sim.VirtualRunHarness \
 *     [--output DIR] [--rounds N] [--duration 1h] [--rate 20] [--input 512] [--output-tokens 256] [--max-concurrent 10000] \
 *     [key=value sim options...]
 * </pre>
 */
public final class VirtualRunHarness {
    private VirtualRunHarness() {}

    public static void main(String[] args) throws IOException {
        Path output = null;
        int rounds = 3;
        Duration duration = Duration.ofHours(1);
        double rate = 20;
        int input = 512;
        int outputTokens = 256;
        int maxConcurrent = 10_000;
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--output" -> output = Path.of(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--duration" -> duration = Durations.parse(args[++i]);
                case "--rate" -> rate = Double.parseDouble(args[++i]);
                case "--input" -> input = Integer.parseInt(args[++i]);
                case "--output-tokens" -> outputTokens = Integer.parseInt(args[++i]);
                case "--max-concurrent" -> maxConcurrent = Integer.parseInt(args[++i]);
                default -> {
                    String[] kv = args[i].split("=", 2);
                    options.put(kv[0], kv[1]);
                }
            }
        }
        options.put("clock", "virtual");
        Workload w = Workload.open().rate(rate).maxConcurrency(maxConcurrent).duration(duration)
                .inputTokens(LengthDistribution.fixed(input)).outputTokens(LengthDistribution.fixed(outputTokens)).build();
        System.out.printf(Locale.ROOT, "%s at %.0f req/s (Poisson), %d in / %d out, sim %s, reports %s, max heap %.0f MB%n",
                Durations.format(duration), rate, input, outputTokens, options,
                output == null ? "none" : output, Runtime.getRuntime().maxMemory() / 1e6);
        RunResult last = null;
        for (int round = 1; round <= rounds; round++) {
            Path dir = output == null ? null : output.resolve("round-" + round);
            if (dir != null) deleteTree(dir);
            System.gc();
            resetPeaks();
            Benchmark.Builder b = Benchmark.named("virtual-hour").backend("sim", BackendConfig.of(options)).workload(w)
                    .seed(SeedChain.fromLong(1)).preflight(false);
            if (dir != null) b.outputDir(dir);
            long t0 = System.nanoTime();
            RunResult r = b.run();
            double wall = (System.nanoTime() - t0) / 1e9;
            double simulated = r.summary().measuredSeconds();
            System.out.printf(Locale.ROOT, "round %d: %d requests (%d succeeded, %d arrivals not sent), %.1f s simulated in "
                            + "%.2f s of wall time (%.0fx real time), heap peak %.0f MB%s%n", round, r.summary().counts().measured(),
                    r.summary().counts().succeeded(), r.summary().counts().notSent(), simulated, wall, simulated / wall,
                    heapPeak() / 1e6,
                    dir == null ? "" : ", requests.jsonl " + Files.size(dir.resolve("requests.jsonl")) / 1_000_000 + " MB sha256 "
                            + sha256(dir.resolve("requests.jsonl")).substring(0, 16));
            last = r;
        }
        var s = last.summary();
        System.out.printf(Locale.ROOT, "TTFT ms p50 %.2f p99 %.2f; TPOT ms p50 %.3f p99 %.3f; E2E ms p50 %.1f p99 %.1f; "
                        + "output %.0f tok/s%n", s.ttft().p50(), s.ttft().p99(), s.tpot().p50(), s.tpot().p99(), s.e2e().p50(),
                s.e2e().p99(), s.throughput().outputTokensPerSecond());
        last.section(EngineSnapshotSection.class).ifPresent(d -> System.out.printf(Locale.ROOT,
                "engine snapshot: memory peak %.1f GB of %.1f; KV fragmentation mean %.3f; prefix hit rate %.3f; %.3f J per output token%n",
                d.peakMemoryBytes() / 1e9, d.memoryCapacityBytes() / 1e9, d.kvCacheFragmentation().mean(), d.prefixCache().hitRate(),
                d.energy().joulesPerOutputToken()));
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) p.resetPeakUsage();
        }
    }

    private static long heapPeak() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) sum += p.getPeakUsage().getUsed();
        }
        return sum;
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
