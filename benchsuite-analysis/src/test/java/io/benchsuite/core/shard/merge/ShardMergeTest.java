package io.benchsuite.core.shard.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.run.Shard;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.OutputDirectoryNotEmptyException;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.RequestLogScan;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.GoodputSummary;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ShardSection;
import io.benchsuite.core.report.model.ShardsSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.run.SecondSample;
import io.benchsuite.core.shard.StartAt;
import io.benchsuite.tck.ScriptedBackend;
import io.benchsuite.tck.ScriptedBackendProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four shards run in this JVM against scripted backends, started together at an agreed instant,
 * then merged; and the whole load run in one process. The merged report must be what the union of
 * the shards' requests says: the arrivals together at the whole rate (within Poisson noise), every
 * percentile equal to the percentile of all the shards' request values (within the histograms'
 * 0.1 %), counts and per-second series summing exactly.
 */
class ShardMergeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double RATE = 80;
    private static final int SECONDS = 3;

    private static Workload whole() {
        return Workload.open().name("split").rate(RATE).maxConcurrency(64).duration(Duration.ofSeconds(SECONDS))
                .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(4)).build();
    }

    private static ScriptedBackend backend() {
        // first tokens spread over 5-45 ms by request, so the distributions have a shape to get wrong
        return ScriptedBackend.builder().firstToken(i -> Duration.ofMillis(5 + (i * 7) % 41))
                .tokenInterval(Duration.ofMillis(2)).threads(4).build();
    }

    private static RunResult run(Path dir, Shard shard, StartGate gate, String scenario,
                                 long seed, Workload w) {
        try (ScriptedBackend b = backend()) {
            Benchmark.Builder builder = Benchmark.named(scenario).backend(b).model("m").seed(SeedChain.fromLong(seed))
                    .workload(w).outputDir(dir).drainTimeout(Duration.ofSeconds(10));
            if (shard != null) builder.shard(shard);
            if (gate != null) builder.startGate(gate);
            return builder.run();
        }
    }

    private static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) if (!line.isBlank()) out.add(JSON.readTree(line));
        return out;
    }

    /** The value at a percentile of raw values, as HdrHistogram ranks it: the ceil(p/100 * n)-th smallest. */
    private static double exactPercentile(List<Double> values, double p) {
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        int rank = Math.max(1, (int) Math.ceil(p / 100 * v.size()));
        return v.get(rank - 1);
    }

    /** Within HdrHistogram's 3 significant digits (0.1 %), plus the 1 ns of requests.jsonl's 6 decimals of ms. */
    private static void assertWithinHistogramPrecision(double merged, double exact, String what) {
        assertThat(merged).as(what).isCloseTo(exact, offset(exact * 0.001 + 1e-6));
    }

    @Test
    void fourShardsMergeIntoTheWholeRun(@TempDir Path tmp) throws Exception {
        int n = 4;
        Instant start = Instant.now().plusSeconds(2);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        List<Path> dirs = new ArrayList<>();
        try {
            List<Future<RunResult>> runs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Path dir = tmp.resolve("shard-" + i);
                dirs.add(dir);
                Shard shard = new Shard(i, n);
                runs.add(pool.submit(() -> run(dir, shard, new StartAt(start), "split", 7, whole())));
            }
            for (Future<RunResult> f : runs) f.get(120, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        RunResult one = run(tmp.resolve("whole"), null, null, "split", 7, whole());

        // each shard recorded where it sits on the shared clock
        for (int i = 0; i < n; i++) {
            ShardSection s = ReportJson.read(dirs.get(i)).section(ShardSection.class).orElseThrow();
            assertThat(s.index()).isEqualTo(i);
            assertThat(s.agreedStart()).isEqualTo(start);
            assertThat(s.startSkewMs()).isEqualTo(Duration.between(start, s.wallClockStart()).toNanos() / 1e6);
            assertThat(s.startSkewMs()).as("no shard starts before the agreed instant").isGreaterThanOrEqualTo(0);
            assertThat(s.clockOffsetNanos()).isEqualTo(ShardSection.epochNanos(s.wallClockStart()) - s.monotonicStartNanos());
            assertThat(s.rootSeed()).isEqualTo(SeedChain.fromLong(7).rootHex());
        }

        Path out = tmp.resolve("merged");
        ShardMerge.Result result = ShardMerge.merge(List.copyOf(dirs), out, false);
        Report merged = ReportJson.read(out);
        List<Report> shards = new ArrayList<>();
        for (Path d : dirs) shards.add(ReportJson.read(d));

        // arrivals: together the whole rate; 240 expected, Poisson sd 15.5, bound 5 sd
        long scheduled = merged.requests().scheduled();
        assertThat((double) scheduled).isCloseTo(RATE * SECONDS, offset(5 * Math.sqrt(RATE * SECONDS)));
        // and the one process at the same load draws the same count, within the noise of both (5 sd of the difference)
        assertThat((double) scheduled - one.summary().counts().scheduled()).isCloseTo(0, offset(5 * Math.sqrt(2 * RATE * SECONDS)));
        assertThat(merged.rate().target()).isCloseTo(RATE, offset(1e-9));

        // counts and tokens: exact sums
        assertThat(scheduled).isEqualTo(shards.stream().mapToLong(r -> r.requests().scheduled()).sum());
        assertThat(merged.requests().succeeded()).isEqualTo(shards.stream().mapToLong(r -> r.requests().succeeded()).sum());
        assertThat(merged.tokens().output()).isEqualTo(shards.stream().mapToLong(r -> r.tokens().output()).sum());
        assertThat(merged.tokens().input()).isEqualTo(shards.stream().mapToLong(r -> r.tokens().input()).sum());

        // requests.jsonl: every shard's lines, each with its shard
        List<JsonNode> lines = lines(out.resolve("requests.jsonl"));
        assertThat((long) lines.size()).isEqualTo(scheduled).isEqualTo(result.requestLines());
        Map<Integer, Integer> perShard = new HashMap<>();
        for (JsonNode l : lines) perShard.merge(l.get("shard").asInt(), 1, Integer::sum);
        for (int i = 0; i < n; i++) assertThat((long) perShard.get(i)).isEqualTo(shards.get(i).requests().scheduled());
        // ... and the merged run's id, so the merged directory is one run to `report` and `compare`
        assertThat(merged.run().id()).matches("[0-9a-f]{16}").isNotIn(shards.stream().map(r -> r.run().id()).toList());
        assertThat(lines).allMatch(l -> l.get("runId").asText().equals(merged.run().id()));
        RequestLogScan scan = RequestLogScan.read(out.resolve("requests.jsonl"), false);
        assertThat(scan.problems()).as("indices repeat across shards, not within one").isEmpty();
        assertThat(scan.disagreementsWith(merged)).isEmpty();
        ReportWriters.regenerate(out);

        // distributions: the merged percentiles are those of all the shards' request values
        for (LatencyMetric m : List.of(LatencyMetric.TTFT, LatencyMetric.E2E)) {
            List<Double> values = new ArrayList<>();
            for (JsonNode l : lines) {
                if (l.get("window").asText().equals("measured") && l.get("outcome").asText().equals("success")
                        && !l.get(m.key() + "Ms").isNull()) values.add(l.get(m.key() + "Ms").asDouble());
            }
            assertThat(merged.latency(m).count()).as(m.key() + " count").isEqualTo(values.size());
            assertWithinHistogramPrecision(merged.latency(m).p50(), exactPercentile(values, 50), m.key() + " p50");
            assertWithinHistogramPrecision(merged.latency(m).p99(), exactPercentile(values, 99), m.key() + " p99");
            assertWithinHistogramPrecision(merged.latency(m).max(), exactPercentile(values, 100), m.key() + " max");
        }

        // the series on the common clock: per-second counts are the recount of the requests, seconds shifted
        ShardsSection section = merged.section(ShardsSection.class).orElseThrow();
        assertThat(section.shards()).extracting(ShardsSection.Entry::index).containsExactly(0, 1, 2, 3);
        assertThat(section.startSpreadMs()).isGreaterThanOrEqualTo(0);
        assertThat(section.commonStart()).isEqualTo(section.shards().stream().map(ShardsSection.Entry::wallClockStart)
                .min(Instant::compareTo).orElseThrow());
        Map<Integer, Integer> shift = new HashMap<>();
        for (ShardsSection.Entry e : section.shards()) shift.put(e.index(), e.seriesShiftSeconds());
        Map<Integer, Integer> scheduledPerSecond = new HashMap<>();
        Map<Integer, List<Double>> ttftPerSecond = new HashMap<>();
        for (JsonNode l : lines) {
            int sh = shift.get(l.get("shard").asInt());
            scheduledPerSecond.merge((int) Math.floor(l.get("scheduledOffsetMs").asDouble() / 1000) + sh, 1, Integer::sum);
            if (!l.get("firstTokenOffsetMs").isNull()) {
                int sec = (int) Math.floor(l.get("firstTokenOffsetMs").asDouble() / 1000) + sh;
                ttftPerSecond.computeIfAbsent(sec, k -> new ArrayList<>()).add(l.get("ttftMs").asDouble());
            }
        }
        long seriesScheduled = 0, seriesCompleted = 0, seriesTokens = 0;
        for (SecondSample s : merged.timeSeries()) {
            assertThat(s.scheduled()).as("scheduled in second %d", s.second())
                    .isEqualTo(scheduledPerSecond.getOrDefault(s.second(), 0));
            List<Double> ttft = ttftPerSecond.get(s.second());
            if (ttft != null) {
                assertThat(s.ttftDistribution().getTotalCount()).isEqualTo(ttft.size());
                assertWithinHistogramPrecision(s.ttftP99Ms(), exactPercentile(ttft, 99), "TTFT p99 of second " + s.second());
            }
            seriesScheduled += s.scheduled();
            seriesCompleted += s.completed();
            seriesTokens += s.outputTokens();
        }
        assertThat(seriesScheduled).isEqualTo(scheduled);
        assertThat(seriesCompleted).isEqualTo(shards.stream().flatMap(r -> r.timeSeries().stream()).mapToLong(SecondSample::completed).sum());
        assertThat(seriesTokens).isEqualTo(shards.stream().flatMap(r -> r.timeSeries().stream()).mapToLong(SecondSample::outputTokens).sum());

        // the merged directory is an ordinary output directory: seed of the whole run, HTML, CSV
        assertThat(merged.seed().root()).isEqualTo(SeedChain.fromLong(7).rootHex());
        assertThat(merged.seed().scenarioSeed()).isEqualTo(SeedChain.fromLong(7).scenario("split").hex());
        assertThat(merged.config().workload().profile()).isEqualTo("steady:80.0");
        assertThat(out.resolve("report.html")).exists();
        assertThat(out.resolve("summary.csv")).exists();
    }

    private static Workload small() {
        return Workload.closed(4).maxRequests(8).inputTokens(LengthDistribution.fixed(8))
                .outputTokens(LengthDistribution.fixed(2)).build();
    }

    @Test
    void shardsOfDifferentRunsAreRefusedNamingWhatDiffers(@TempDir Path tmp) throws Exception {
        Path a = tmp.resolve("a"), b = tmp.resolve("b"), c = tmp.resolve("c"), d = tmp.resolve("d"), e = tmp.resolve("e");
        run(a, new Shard(0, 2), null, "chat", 1, small());
        run(b, new Shard(1, 2), null, "chat", 2, small());
        run(c, new Shard(1, 2), null, "code", 1, small());
        run(d, new Shard(0, 2), null, "chat", 1, small());
        run(e, null, null, "chat", 1, small());
        Path out = tmp.resolve("out");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, b), out, false)).isInstanceOf(ShardMergeException.class)
                .hasMessageStartingWith("cannot merge " + b + " (shard 1/2) and " + a + " (shard 0/2): different root seeds (long:2 ");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, c), out, false))
                .hasMessageContaining("different scenarios ('code' vs 'chat')");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, d), out, false))
                .hasMessage("shard 0/2 is given twice: " + a + " and " + d);
        assertThatThrownBy(() -> ShardMerge.merge(List.of(a), out, false))
                .hasMessageStartingWith("shard(s) 1 of 2 missing");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, e), out, false))
                .hasMessageStartingWith(e + " is not a shard's report (it has no 'shard' block)");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(a), a, false)).hasMessageContaining("is one of the shards");

        ShardMerge.Result partial = ShardMerge.merge(List.of(a), out, true);
        ShardsSection s = partial.report().section(ShardsSection.class).orElseThrow();
        assertThat(s.missing()).containsExactly(1);
        assertThat(s.merged()).isEqualTo(1);
        // a merged run is not replaced without overwrite (the merge used to write over it)
        assertThatThrownBy(() -> ShardMerge.merge(List.of(a), out, true))
                .isInstanceOf(OutputDirectoryNotEmptyException.class);
        assertThat(ShardMerge.merge(List.of(a), out, true, true).report().requests().scheduled())
                .isEqualTo(partial.report().requests().scheduled());
        Files.delete(b.resolve("requests.jsonl"));
        assertThatThrownBy(() -> ShardMerge.merge(List.of(b), tmp.resolve("no-log"), true)).isInstanceOf(ShardMergeException.class)
                .hasMessageStartingWith("shard 1/2 (" + b + ") has no requests.jsonl");
        assertThat(tmp.resolve("no-log")).doesNotExist();
        assertThatThrownBy(() -> ShardMerge.merge(List.of(out), tmp.resolve("again"), false))
                .hasMessageContaining("it is a merged report, merge the shard directories");
    }

    /** Each objective's attainment merges as exact sums of the shards' counts, as goodput does. */
    @Test
    void eachObjectivesAttainmentIsTheSumOfTheShards(@TempDir Path tmp) throws Exception {
        List<Path> dirs = List.of(tmp.resolve("s0"), tmp.resolve("s1"));
        for (int i = 0; i < 2; i++) {
            try (ScriptedBackend b = backend()) {
                Benchmark.named("slo").backend(b).model("m").seed(SeedChain.fromLong(5)).workload(small())
                        .slo(Slo.parse("ttft=25ms,e2e=60s")).outputDir(dirs.get(i))
                        .shard(new Shard(i, 2)).run();
            }
        }
        Report merged = ShardMerge.merge(dirs, tmp.resolve("merged"), false).report();
        List<GoodputSummary.Attainment> each = merged.goodput().attainment();
        assertThat(each).extracting(a -> a.objective()).containsExactly("ttft=25ms", "e2e=1m");
        for (int k = 0; k < 2; k++) {
            long met = 0, measured = 0;
            for (Path d : dirs) {
                GoodputSummary.Attainment a = ReportJson.read(d).goodput().attainment().get(k);
                met += a.met();
                measured += a.measured();
            }
            assertThat(each.get(k).met()).isEqualTo(met);
            assertThat(each.get(k).measured()).isEqualTo(measured).isEqualTo(merged.requests().measured());
            assertThat(each.get(k).fraction()).isEqualTo((double) met / measured);
        }
        assertThat(merged.goodput().met()).isLessThanOrEqualTo(Math.min(each.get(0).met(), each.get(1).met()));
    }

    @Test
    void shardsOfOneRunMustShareTheirBackendSettings(@TempDir Path tmp) {
        Path a = tmp.resolve("engine-a"), b = tmp.resolve("engine-b");
        Workload w = Workload.open().name("split").rate(40).maxConcurrency(8).maxRequests(20)
                .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(4)).build();
        // the same run but for one backend setting: shard 1's server fails every 1000th request
        for (Object[] shard : new Object[][] {{a, 0, "0"}, {b, 1, "1000"}}) {
            Benchmark.named("split").registry(BackendRegistry.of(List.of(
                    new ScriptedBackendProvider()))).backend(ScriptedBackendProvider.NAME, BackendConfig
                    .of(Map.of("fail-every", (String) shard[2]))).seed(SeedChain.fromLong(1)).workload(w)
                    .shard(new Shard((int) shard[1], 2)).outputDir((Path) shard[0]).run();
        }
        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, b), tmp.resolve("merged-settings"), false))
                .isInstanceOf(ShardMergeException.class)
                .hasMessageContaining("different backend settings (fail-every: '1000' vs '0')");
    }
}
