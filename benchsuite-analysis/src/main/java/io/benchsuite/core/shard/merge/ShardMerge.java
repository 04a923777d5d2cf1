package io.benchsuite.core.shard.merge;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.RequestLogWriter;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ErrorSummary;
import io.benchsuite.core.report.model.GoodputSummary;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.report.model.Rates;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.RequestCounts;
import io.benchsuite.core.report.model.RunConfig;
import io.benchsuite.core.report.model.RunDetails;
import io.benchsuite.core.report.model.SeedDetails;
import io.benchsuite.core.report.model.ShardSection;
import io.benchsuite.core.report.model.ShardsSection;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.run.SecondSample;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Combines the output directories of a split run's shards into one output directory, as if one
 * process had sent the whole load:
 *
 * <ul>
 *   <li>counts, token totals, goodput and errors by kind: exact sums;</li>
 *   <li>latency distributions: the shards' lossless histograms added together, so every percentile is
 *       the percentile of all the shards' samples (within the histograms' 0.1 %), never a percentile
 *       of percentiles;</li>
 *   <li>rates and throughput: sums of the shards' (each over its own measured window; the windows
 *       coincide when the shards start together);</li>
 *   <li>the per-second series: aligned on the common wall clock (second 0 is the earliest shard's
 *       zero; each shard's seconds shift by its start offset rounded to whole seconds), counts summed,
 *       per-second percentiles from the seconds' histograms added together;</li>
 *   <li>{@code requests.jsonl}: the shards' lines one shard after another, each given a {@code shard}
 *       field first and the merged run's {@code runId} in place of the shard's (streamed line by line),
 *       so that the merged directory's report and request log name one run;</li>
 *   <li>listener sections: each shard's under {@code shards}; the merged report's own {@code host} is
 *       the busiest client's (highest process CPU peak), every other section the lowest shard's (the
 *       shards watch the same server).</li>
 * </ul>
 * Shards of different scenarios, seeds, workloads or SLOs are refused, as are duplicated shards and,
 * unless a partial merge is asked for, missing ones; the message names the directories. Memory holds
 * one shard's report at a time, the merged histograms, and one second of every shard's series.
 */
public final class ShardMerge {
    private static final Pattern SHARD_RUN_ID =
            Pattern.compile("^\"" + RequestLogWriter.RUN_ID + "\":\"[^\"]*\",?");

    private ShardMerge() {}

    /**
     * What a merge wrote.
     *
     * @param report the merged report (also in {@code outputDir/report.json})
     * @param outputDir where the merged directory was written
     * @param requestLines request lines copied into the merged requests.jsonl
     * @param skippedLines lines left out because they were not whole JSON objects (a shard killed mid-line)
     */
    public record Result(Report report, Path outputDir, long requestLines, long skippedLines) {}

    /** One shard as read: what the merge keeps of it after folding its report. */
    private record Part(Path dir, ShardSection shard, Report light) {}

    /**
     * Merges the shard directories into {@code outputDir}.
     *
     * @param shardDirs the shards' output directories
     * @param outputDir where to write report.json, requests.jsonl, summary.csv, report.html
     * @param allowPartial whether to merge when some shards are missing (their indices are recorded)
     * @throws ShardMergeException when the directories are not the shards of one run
     * @throws io.benchsuite.core.report.json.InvalidReportException when a report cannot be read
     * @throws io.benchsuite.core.report.OutputDirectoryNotEmptyException when {@code outputDir} holds anything
     */
    public static Result merge(List<Path> shardDirs, Path outputDir, boolean allowPartial) throws IOException {
        return merge(shardDirs, outputDir, allowPartial, false);
    }

    /**
     * Merges the shard directories into {@code outputDir}; every shard is checked (its report, its
     * {@code requests.jsonl}, that it belongs to the run and is given once) before anything is written.
     *
     * @param shardDirs the shards' output directories
     * @param outputDir where to write report.json, requests.jsonl, summary.csv, report.html
     * @param allowPartial whether to merge when some shards are missing (their indices are recorded)
     * @param overwrite whether an output directory that holds files may be written into (benchsuite's own files
     *     there are replaced, other files kept); without it such a directory is refused
     * @throws ShardMergeException when the directories are not the shards of one run
     * @throws io.benchsuite.core.report.json.InvalidReportException when a report cannot be read
     * @throws io.benchsuite.core.report.OutputDirectoryNotEmptyException when {@code outputDir} holds anything and
     *     {@code overwrite} is false
     */
    public static Result merge(List<Path> shardDirs, Path outputDir, boolean allowPartial, boolean overwrite)
            throws IOException {
        notNull(shardDirs, "shardDirs");
        notNull(outputDir, "outputDir");
        if (shardDirs.isEmpty()) throw new ShardMergeException("no shard directory to merge");
        for (Path d : shardDirs) {
            if (d.toAbsolutePath().normalize().equals(outputDir.toAbsolutePath().normalize())) {
                throw new ShardMergeException("the output directory " + outputDir + " is one of the shards; choose another");
            }
        }
        ReportWriters.checkUsable(outputDir, overwrite);

        TreeMap<Integer, Part> parts = new TreeMap<>();
        LatencyHistograms histograms = LatencyHistograms.empty();
        Sums sums = new Sums();
        Map<String, Part> combinedFrom = new LinkedHashMap<>();
        // each shard's listener sections, by index (small records: figures and a per-second telemetry series)
        Map<Integer, Map<String, ReportSection>> sectionsOf = new TreeMap<>();
        Part first = null;
        for (Path dir : shardDirs) {
            Report r = ReportJson.read(dir);
            ShardSection s = r.section(ShardSection.class).orElseThrow(() -> new ShardMergeException(dir
                    + " is not a shard's report (it has no 'shard' block): run each part with --shard i/n or --shards n"
                    + (r.section(ShardsSection.class).isPresent() ? "; it is a merged report, merge the shard directories" : "")));
            if (!Files.isRegularFile(dir.resolve(ReportWriters.REQUESTS_JSONL))) {
                throw new ShardMergeException("shard " + s.index() + "/" + s.count() + " (" + dir + ") has no "
                        + ReportWriters.REQUESTS_JSONL + ": the merged request log would lack its requests; restore the "
                        + "file, or leave the shard out and merge the others with --partial");
            }
            Part part = new Part(dir, s, light(r));
            if (first == null) first = part;
            else sameRun(first, part);
            Part clash = parts.put(s.index(), part);
            if (clash != null) {
                throw new ShardMergeException("shard " + s.index() + "/" + s.count() + " is given twice: " + clash.dir()
                        + " and " + dir);
            }
            histograms = histograms.merge(r.histograms());
            sums.add(r, s.index());
            for (Map.Entry<String, ReportSection> e : r.sections().entrySet()) {
                if (e.getKey().equals(ShardSection.KEY)) continue;
                Part held = combinedFrom.get(e.getKey());
                if (held == null || takesOver(sectionsOf, e.getKey(), part, r, held)) combinedFrom.put(e.getKey(), part);
            }
            sectionsOf.put(s.index(), withoutShard(r.sections()));
        }

        int count = first.shard().count();
        TreeSet<Integer> missing = new TreeSet<>();
        for (int i = 0; i < count; i++) if (!parts.containsKey(i)) missing.add(i);
        if (!missing.isEmpty() && !allowPartial) {
            throw new ShardMergeException("shard(s) " + join(missing) + " of " + count + " missing (merged would not be the "
                    + "whole run); give their directories, or merge what there is with --partial");
        }

        Instant commonStart = parts.values().stream().map(p -> p.shard().wallClockStart()).filter(Objects::nonNull)
                .min(Comparator.naturalOrder()).orElse(null);
        List<SeriesMerge.Input> series = new ArrayList<>();
        List<ShardsSection.Entry> entries = new ArrayList<>();
        Files.createDirectories(outputDir);
        long lines = 0, skipped = 0;
        String mergedId = RunInfo.newId();
        double maxSkew = Double.NaN;
        Instant latest = commonStart;
        try (BufferedWriter out = Files.newBufferedWriter(outputDir.resolve(ReportWriters.REQUESTS_JSONL), StandardCharsets.UTF_8)) {
            for (Part p : parts.values()) {
                ShardSection s = p.shard();
                double offsetMs = commonStart == null || s.wallClockStart() == null ? 0
                        : Duration.between(commonStart, s.wallClockStart()).toNanos() / 1e6;
                int shift = (int) Math.round(offsetMs / 1000);
                series.add(new SeriesMerge.Input(p.dir(), shift));
                if (!Double.isNaN(s.startSkewMs())) maxSkew = Double.isNaN(maxSkew) ? s.startSkewMs() : Math.max(maxSkew, s.startSkewMs());
                if (s.wallClockStart() != null && s.wallClockStart().isAfter(latest)) latest = s.wallClockStart();
                long[] copied = copyRequests(p.dir().resolve(ReportWriters.REQUESTS_JSONL), s.index(), mergedId, out);
                lines += copied[0];
                skipped += copied[1];
                Report r = p.light();
                entries.add(new ShardsSection.Entry(s.index(), p.dir().toString(), r.seed().root(), s.startGate(),
                        s.agreedStart(), s.wallClockStart(), s.clockOffsetNanos(), s.startSkewMs(), offsetMs, shift,
                        r.requests(), r.rate(), r.errors().byKind(), r.environment(), copied[0],
                        new LinkedHashMap<>(sectionsOf.get(s.index()))));
            }
        }
        List<SecondSample> merged = SeriesMerge.merge(series);

        Map<String, Integer> combinedIndex = new LinkedHashMap<>();
        Map<String, ReportSection> sections = new LinkedHashMap<>();
        for (Map.Entry<String, Part> e : combinedFrom.entrySet()) {
            int index = e.getValue().shard().index();
            ReportSection section = sectionFrom(sectionsOf, e.getKey(), index);
            if (section == null) continue;
            sections.put(e.getKey(), section);
            combinedIndex.put(e.getKey(), index);
        }
        double spread = commonStart == null ? Double.NaN : Duration.between(commonStart, latest).toNanos() / 1e6;
        sections.put(ShardsSection.KEY, new ShardsSection(count, parts.size(), List.copyOf(missing), commonStart, spread,
                maxSkew, combinedIndex, entries));

        Report base = parts.firstEntry().getValue().light();
        ShardSection s0 = first.shard();
        String scenario = base.seed().scenario();
        String scenarioSeed = s0.rootSeed() == null || scenario == null ? null
                : SeedChain.fromHex(s0.rootSeed()).scenario(scenario).hex();
        Map<LatencyMetric, LatencyStats> latencies = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric m : LatencyMetric.values()) latencies.put(m, histograms.stats(m));
        Instant started = parts.values().stream().map(p -> p.light().run().startedAt()).filter(Objects::nonNull)
                .min(Comparator.naturalOrder()).orElse(null);
        Instant ended = parts.values().stream().map(p -> p.light().run().endedAt()).filter(Objects::nonNull)
                .max(Comparator.naturalOrder()).orElse(null);
        Report report = new Report(Report.SCHEMA_VERSION, base.tool(),
                new RunDetails(base.run().name(), sums.failure != null ? RunResult.Status.FAILED
                        : sums.stopped ? RunResult.Status.STOPPED : RunResult.Status.COMPLETED,
                        started, ended, base.run().labels(), mergedId, sums.failure, base.run().timeScale()),
                base.backend(),
                new RunConfig(s0.workload(), base.config().slo(), base.config().tokenizer(), base.config().backend(),
                        base.config().sloBasis()),
                new SeedDetails(s0.rootSeedSource(), s0.rootSeed(), scenario, scenarioSeed),
                base.environment(), sums.counts(), sums.rates(), latencies, sums.throughput(), sums.goodput(base),
                sums.tokens(), new ErrorSummary(sums.errors, sums.samples), merged, sections, histograms);
        ReportWriters.writeReport(report, outputDir);
        return new Result(report, outputDir, lines, skipped);
    }

    /** A report's blocks without its series, sections and histograms: what is kept of each shard once folded. */
    private static Report light(Report r) {
        return new Report(r.schemaVersion(), r.tool(), r.run(), r.backend(), r.config(), r.seed(), r.environment(),
                r.requests(), r.rate(), r.latencies(), r.throughput(), r.goodput(), r.tokens(), r.errors(), List.of(),
                Map.of(), null);
    }

    private static Map<String, ReportSection> withoutShard(Map<String, ReportSection> sections) {
        Map<String, ReportSection> m = new LinkedHashMap<>(sections);
        m.remove(ShardSection.KEY);
        return m;
    }

    private static ReportSection sectionFrom(Map<Integer, Map<String, ReportSection>> sectionsOf, String key, int index) {
        return sectionsOf.getOrDefault(index, Map.of()).get(key);
    }

    /** Whether {@code candidate}'s section under {@code key} represents the shards better than the one held. */
    private static boolean takesOver(Map<Integer, Map<String, ReportSection>> sectionsOf, String key, Part candidate,
                                     Report r, Part held) {
        if (key.equals(HostSection.KEY)) {
            double mine = r.section(HostSection.class).map(h -> h.cpu().processPeakPct()).orElse(Double.NaN);
            HostSection other = (HostSection) sectionFrom(sectionsOf, key, held.shard().index());
            double theirs = other == null ? Double.NaN : other.cpu().processPeakPct();
            if (!Double.isNaN(mine) && (Double.isNaN(theirs) || mine > theirs)) return true;
            if (!Double.isNaN(theirs)) return false;
        }
        return candidate.shard().index() < held.shard().index();
    }

    /** Refuses a shard of another run, naming what differs. */
    private static void sameRun(Part a, Part b) {
        ShardSection x = a.shard(), y = b.shard();
        String which = b.dir() + " (shard " + y.index() + "/" + y.count() + ") and " + a.dir() + " (shard " + x.index()
                + "/" + x.count() + ")";
        if (x.count() != y.count()) {
            throw new ShardMergeException("cannot merge " + which + ": split into different numbers of shards ("
                    + y.count() + " vs " + x.count() + ")");
        }
        String sa = a.light().seed().scenario(), sb = b.light().seed().scenario();
        if (!Objects.equals(sa, sb)) {
            throw new ShardMergeException("cannot merge " + which + ": different scenarios ('" + sb + "' vs '" + sa + "')");
        }
        if (!Objects.equals(x.rootSeed(), y.rootSeed())) {
            throw new ShardMergeException("cannot merge " + which + ": different root seeds (" + y.rootSeedSource() + " "
                    + y.rootSeed() + " vs " + x.rootSeedSource() + " " + x.rootSeed() + ")");
        }
        if (!Objects.equals(x.workload(), y.workload())) {
            throw new ShardMergeException("cannot merge " + which + ": different workloads (" + y.workload() + " vs "
                    + x.workload() + ")");
        }
        String la = a.light().config().slo(), lb = b.light().config().slo();
        if (!Objects.equals(la, lb)) {
            throw new ShardMergeException("cannot merge " + which + ": different SLOs ('" + lb + "' vs '" + la + "')");
        }
        Map<String, String> ca = sharedSettings(a.light().config().backend()), cb = sharedSettings(b.light().config().backend());
        for (String key : new TreeSet<>(union(ca.keySet(), cb.keySet()))) {
            if (!Objects.equals(ca.get(key), cb.get(key))) {
                throw new ShardMergeException("cannot merge " + which + ": different backend settings (" + key + ": "
                        + orNone(cb.get(key)) + " vs " + orNone(ca.get(key)) + ")");
            }
        }
    }

    /**
     * A shard's backend configuration as written (secrets already masked) without what differs by design between
     * shards of one run: each shard's own seed and its share of the concurrency.
     */
    private static Map<String, String> sharedSettings(Map<String, String> backend) {
        Map<String, String> m = new TreeMap<>(backend);
        m.remove(BackendConfig.SEED);
        m.remove(BackendConfig.MAX_CONCURRENCY);
        return m;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new HashSet<>(a);
        u.addAll(b);
        return u;
    }

    private static String orNone(String v) {
        return v == null ? "(not set)" : "'" + v + "'";
    }

    /** Copies a shard's request lines with its index in front; returns {copied, skipped}. */
    private static long[] copyRequests(Path file, int shard, String runId, BufferedWriter out) throws IOException {
        if (!Files.isRegularFile(file)) return new long[] {0, 0};
        long copied = 0, skipped = 0;
        String prefix = "{\"shard\":" + shard + ",\"" + RequestLogWriter.RUN_ID + "\":\"" + runId + "\"";
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String t = line.trim();
                if (t.isEmpty()) continue;
                if (!t.startsWith("{") || !t.endsWith("}")) {
                    skipped++; // the half-written last line of a shard killed while writing
                    continue;
                }
                out.write(prefix);
                // the shard's own run id (the first field benchsuite writes) gives way to the merged run's
                String rest = SHARD_RUN_ID.matcher(t.substring(1).trim()).replaceFirst("");
                if (!rest.equals("}")) out.write(',');
                out.write(rest);
                out.write('\n');
                copied++;
            }
        }
        return new long[] {copied, skipped};
    }

    private static String join(SortedSet<Integer> s) {
        StringBuilder b = new StringBuilder();
        for (int i : s) b.append(b.length() == 0 ? "" : ", ").append(i);
        return b.toString();
    }

    /** The sums over the shards' report blocks. */
    private static final class Sums {
        long scheduled, warmup, cooldown, measured, succeeded, failed, cancelled, waited, retries, byDesign;
        double target = Double.NaN, scheduledRate = Double.NaN, achieved = Double.NaN, seconds = Double.NaN;
        double rps = Double.NaN, outTps = Double.NaN, totalTps = Double.NaN, goodRps = Double.NaN;
        long met, inTokens, outTokens, serverReported, streamed, serverOut, reasoningRequests, reasoning, reasoningFromUsage;
        final Map<String, long[]> attainment = new LinkedHashMap<>();
        boolean attainmentKnown = true;
        boolean stopped;
        /** The first failed shard and why (a merged run of a failed shard failed), or null. */
        String failure;
        final Map<String, Long> errors = new TreeMap<>();
        final List<RunResult.ErrorSample> samples = new ArrayList<>();
        private final Map<String, Integer> samplesPerKind = new TreeMap<>();

        void add(Report r, int shard) {
            RequestCounts c = r.requests();
            scheduled += c.scheduled();
            warmup += c.warmup();
            cooldown += c.cooldown();
            measured += c.measured();
            succeeded += c.succeeded();
            failed += c.failed();
            cancelled += c.cancelled();
            byDesign += c.cancelledByDesign();
            waited += c.waitedForSlot();
            retries += c.connectionRetries();
            target = plus(target, r.rate().target());
            scheduledRate = plus(scheduledRate, r.rate().scheduled());
            achieved = plus(achieved, r.rate().achieved());
            seconds = Double.isNaN(seconds) ? r.rate().measuredSeconds()
                    : Double.isNaN(r.rate().measuredSeconds()) ? seconds : Math.max(seconds, r.rate().measuredSeconds());
            rps = plus(rps, r.throughput().requestsPerSecond());
            outTps = plus(outTps, r.throughput().outputTokensPerSecond());
            totalTps = plus(totalTps, r.throughput().totalTokensPerSecond());
            met += r.goodput().met();
            if (r.goodput().attainment().isEmpty()) attainmentKnown = false;
            for (GoodputSummary.Attainment a : r.goodput().attainment()) {
                long[] sum = attainment.computeIfAbsent(a.objective(), k -> new long[2]);
                sum[0] += a.met();
                sum[1] += a.measured();
            }
            goodRps = plus(goodRps, r.goodput().requestsPerSecond());
            RunSummary.Tokens t = r.tokens();
            inTokens += t.input();
            outTokens += t.output();
            serverReported += t.serverReportedRequests();
            streamed += t.streamedOutput();
            serverOut += t.serverOutput();
            reasoningRequests += t.reasoningRequests();
            reasoning += t.reasoning();
            reasoningFromUsage += t.reasoningFromUsage();
            stopped |= r.run().stopped();
            if (r.run().failed() && failure == null) failure = "shard " + shard + ": " + r.run().stopReason();
            r.errors().byKind().forEach((k, v) -> errors.merge(k, v, Long::sum));
            for (RunResult.ErrorSample e : r.errors().samples()) {
                if (samplesPerKind.merge(e.kind(), 1, Integer::sum) <= 5) {
                    samples.add(new RunResult.ErrorSample(e.kind(), e.index(), "shard " + shard + ": " + e.message()));
                }
            }
        }

        /** NaN + x = x: a shard that could not measure a rate does not erase the others'. */
        private static double plus(double a, double b) {
            if (Double.isNaN(b)) return a;
            return Double.isNaN(a) ? b : a + b;
        }

        RequestCounts counts() {
            return RequestCounts.of(new RunSummary.Counts(scheduled, warmup, cooldown, measured, succeeded, failed,
                    cancelled, waited, retries, 0, byDesign));
        }

        Rates rates() {
            return new Rates(target, scheduledRate, achieved, achieved / target, achieved / scheduledRate, seconds);
        }

        RunSummary.Throughput throughput() {
            return new RunSummary.Throughput(rps, outTps, totalTps);
        }

        GoodputSummary goodput(Report base) {
            if (!base.goodput().hasSlo()) return new GoodputSummary(base.goodput().slo(), 0, Double.NaN, Double.NaN, List.of());
            List<GoodputSummary.Attainment> each = new ArrayList<>();
            if (attainmentKnown) {
                attainment.forEach((objective, sum) -> each.add(new GoodputSummary.Attainment(objective, sum[0], sum[1],
                        sum[1] == 0 ? Double.NaN : (double) sum[0] / sum[1])));
            }
            return new GoodputSummary(base.goodput().slo(), met, goodRps, measured == 0 ? Double.NaN : (double) met / measured,
                    each);
        }

        RunSummary.Tokens tokens() {
            return new RunSummary.Tokens(inTokens, outTokens, serverReported, streamed, serverOut, reasoningRequests, reasoning,
                    reasoningFromUsage);
        }
    }
}
