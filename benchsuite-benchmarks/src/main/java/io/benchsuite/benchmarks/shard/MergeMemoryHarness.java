package io.benchsuite.benchmarks.shard;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.RequestLogWriter;
import io.benchsuite.core.report.model.ErrorSummary;
import io.benchsuite.core.report.model.GoodputSummary;
import io.benchsuite.core.report.model.Rates;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.RequestCounts;
import io.benchsuite.core.report.model.RunConfig;
import io.benchsuite.core.report.model.RunDetails;
import io.benchsuite.core.report.model.SeedDetails;
import io.benchsuite.core.report.model.ShardSection;
import io.benchsuite.core.report.model.ToolInfo;
import io.benchsuite.core.report.model.WorkloadConfig;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.run.SecondSample;
import io.benchsuite.core.shard.merge.ShardMerge;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Does merging many big shards stay in bounded memory? {@code generate} writes shard output
 * directories as {@code benchsuite run --shard i/n} would (report.json with the lossless histograms
 * and the per-second series, requests.jsonl of every request); {@code merge} merges them with
 * {@link ShardMerge} while a sampler reads the heap in use every 50 ms, and prints the time, the
 * highest heap seen and the heap after a full GC at the end.
 *
 * <pre>{@code
 * java -Xmx1g -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.shard.MergeMemoryHarness \
 *     generate <dir> [shards=100] [requests per shard=100000] [seconds=100]
 * java -Xmx256m -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.shard.MergeMemoryHarness \
 *     merge <dir> [partial]
 * }</pre>
 * {@code partial} merges the shards present even when the split had more (to compare heaps by shard count).
 * The requests are synthetic (TTFT 20-220 ms, 4 output tokens 10-30 ms apart, 1 % failures, spread
 * evenly over the seconds): what is measured is the merge, not a server.
 */
public final class MergeMemoryHarness {
    private static final long MS = 1_000_000L;

    private MergeMemoryHarness() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: MergeMemoryHarness generate <dir> [shards] [requests per shard] [seconds] | merge <dir> [partial]");
            System.exit(2);
        }
        Path dir = Path.of(args[1]);
        if (args[0].equals("generate")) {
            int shards = args.length > 2 ? Integer.parseInt(args[2]) : 100;
            int requests = args.length > 3 ? Integer.parseInt(args[3]) : 100_000;
            int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 100;
            long t0 = System.nanoTime();
            for (int i = 0; i < shards; i++) generate(dir.resolve("shard-" + i), i, shards, requests, seconds);
            System.out.printf(Locale.ROOT, "generated %d shards of %d requests in %.1f s: %s%n", shards, requests,
                    (System.nanoTime() - t0) / 1e9, dir);
        } else {
            merge(dir, args.length > 2 && args[2].equals("partial"));
        }
    }

    static void merge(Path dir, boolean partial) throws IOException {
        List<Path> shards;
        try (Stream<Path> s = Files.list(dir)) {
            shards = s.filter(p -> p.getFileName().toString().startsWith("shard-")).sorted().toList();
        }
        var memory = ManagementFactory.getMemoryMXBean();
        AtomicLong peak = new AtomicLong();
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
        long t0 = System.nanoTime();
        ShardMerge.Result r = ShardMerge.merge(shards, dir.resolve("merged"), partial);
        double seconds = (System.nanoTime() - t0) / 1e9;
        sampler.interrupt();
        System.gc();
        long after = memory.getHeapMemoryUsage().getUsed();
        long gcs = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) gcs += gc.getCollectionCount();
        System.out.printf(Locale.ROOT, "merged %d shards, %d request lines (%d seconds of series) in %.1f s; "
                        + "max heap %d MiB; highest heap in use %.1f MiB; after GC %.1f MiB; %d GCs%n",
                shards.size(), r.requestLines(), r.report().timeSeries().size(), seconds,
                Runtime.getRuntime().maxMemory() >> 20, peak.get() / 1048576.0, after / 1048576.0, gcs);
        System.out.printf(Locale.ROOT, "merged TTFT p50 %.3f ms p99 %.3f ms over %d samples%n",
                r.report().latency(LatencyMetric.TTFT).p50(), r.report().latency(LatencyMetric.TTFT).p99(),
                r.report().latency(LatencyMetric.TTFT).count());
    }

    static void generate(Path dir, int shard, int shards, int requests, int seconds) throws IOException {
        Files.createDirectories(dir);
        SplittableRandom random = new SplittableRandom(shard);
        LatencyHistograms.Builder all = LatencyHistograms.builder();
        Histogram[] ttft = new Histogram[seconds + 2];
        Histogram[] e2e = new Histogram[seconds + 2];
        int[] scheduled = new int[seconds + 2], completed = new int[seconds + 2], failed = new int[seconds + 2];
        long[] tokens = new long[seconds + 2];
        long ok = 0, bad = 0, out = 0;
        long span = seconds * 1_000 * MS;
        try (RequestLogWriter log = new RequestLogWriter(dir.resolve(ReportWriters.REQUESTS_JSONL))) {
            for (int k = 0; k < requests; k++) {
                long at = span * k / requests + random.nextLong(1_000);
                long first = at + (20 + random.nextInt(200)) * MS;
                long[] gaps = {(10 + random.nextInt(20)) * MS, (10 + random.nextInt(20)) * MS, (10 + random.nextInt(20)) * MS};
                long end = first + gaps[0] + gaps[1] + gaps[2];
                boolean success = random.nextInt(100) != 0;
                RequestRecord r = success
                        ? new RequestRecord(k, Window.MEASURED, -1, at, at, at, at, first, end, 16, 4, 16, 4, 4,
                                TokenSource.SERVER, "0a1b2c3d", Outcome.SUCCESS, null, null, Gaps.of(gaps), -1, 0)
                        : new RequestRecord(k, Window.MEASURED, -1, at, at, at, at, -1, at + 5 * MS, 16, 0, -1, -1, 0,
                                TokenSource.STREAM, "0a1b2c3d", Outcome.FAILED,
                                ErrorKind.HTTP_5XX, "HTTP 500", Gaps.empty(), -1, 0);
                log.write(r);
                all.recordAll(r);
                scheduled[(int) (at / 1_000 / MS)]++;
                if (success) {
                    ok++;
                    out += 4;
                    int s = (int) (first / 1_000 / MS);
                    histogram(ttft, s).recordValue(first - at);
                    int e = (int) (end / 1_000 / MS);
                    histogram(e2e, e).recordValue(end - at);
                    completed[e]++;
                    tokens[e] += 4;
                } else {
                    bad++;
                    failed[(int) ((at + 5 * MS) / 1_000 / MS)]++;
                }
            }
        }
        double rate = (double) requests / seconds;
        List<SecondSample> series = new ArrayList<>();
        for (int s = 0; s < ttft.length; s++) {
            Histogram t = ttft[s] == null ? LatencyHistograms.newHistogram() : ttft[s];
            Histogram e = e2e[s] == null ? LatencyHistograms.newHistogram() : e2e[s];
            series.add(new SecondSample(s, rate, scheduled[s], scheduled[s], completed[s], failed[s], tokens[s], 0,
                    ms(t, 50), ms(t, 99), ms(e, 50), ms(e, 99), LatencyHistograms.compress(t), LatencyHistograms.compress(e)));
        }
        Workload whole = Workload.open().name("merge-harness").rate(rate * shards).duration(Duration.ofSeconds(seconds)).build();
        SeedChain root = SeedChain.fromLong(1);
        SeedChain own = root.shard(shard, shards);
        Instant start = Instant.parse("2030-01-01T00:00:00Z");
        Instant wall = start.plusNanos(random.nextLong(5 * MS));
        LatencyHistograms h = all.build();
        Map<LatencyMetric, LatencyStats> latencies = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric m : LatencyMetric.values()) latencies.put(m, h.stats(m));
        long sent = ok + bad;
        Report report = new Report(Report.SCHEMA_VERSION, new ToolInfo("benchsuite", "harness", null),
                new RunDetails("merge-harness", RunResult.Status.COMPLETED, start, start.plusSeconds(seconds), Map.of()),
                null, new RunConfig(WorkloadConfig.of(whole), "", "cl100k_base", Map.of()),
                new SeedDetails(own.source(), own.rootHex(), "merge-harness", own.scenario("merge-harness").hex()), null,
                RequestCounts.of(new RunSummary.Counts(sent, 0, 0, sent, ok, bad, 0, 0, 0)),
                new Rates(rate, rate, rate, 1, 1, seconds), latencies,
                new RunSummary.Throughput(ok / (double) seconds, out / (double) seconds, (out + 16 * ok) / (double) seconds),
                GoodputSummary.of(new RunSummary.Goodput(Slo.none(), 0, Double.NaN, Double.NaN)),
                new RunSummary.Tokens(16 * ok, out, ok, out, out),
                new ErrorSummary(bad == 0 ? Map.of() : Map.of("http_5xx", bad), List.of()), series,
                Map.of(ShardSection.KEY, new ShardSection(shard, shards, root.source(), root.rootHex(),
                        WorkloadConfig.of(whole), "start-at " + start, start, wall, 0, ShardSection.epochNanos(wall),
                        Duration.between(start, wall).toNanos() / 1e6)), h);
        ReportWriters.writeReport(report, dir);
    }

    private static Histogram histogram(Histogram[] a, int s) {
        if (a[s] == null) a[s] = LatencyHistograms.newHistogram();
        return a[s];
    }

    private static double ms(Histogram h, double p) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1e6;
    }
}
