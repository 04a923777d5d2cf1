package io.benchsuite.cli;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.core.report.OutputDirectoryNotEmptyException;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ShardsSection;
import io.benchsuite.core.shard.merge.ShardMerge;
import io.benchsuite.core.shard.merge.ShardMergeException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code benchsuite merge <dir|glob>... --output-dir out}: one report from the output directories of a split run's shards. */
@Command(name = "merge", mixinStandardHelpOptions = true, usageHelpWidth = 100,
        description = {"Merges the output directories of the shards of one run (benchsuite run --shard i/n) into one "
                + "output directory: counts and tokens summed, latency histograms added (exact joint percentiles), "
                + "per-second series aligned on the shards' common wall clock, requests.jsonl concatenated with a shard "
                + "field, each shard's sections and start skew under 'shards'.",
                "Refuses shards of different scenarios, seeds or workloads, a shard given twice and, without --partial, "
                        + "missing shards."})
final class MergeCommand implements Callable<Integer> {
    private static final Duration POLL = Duration.ofSeconds(2);

    private final CliContext ctx;

    @Parameters(arity = "1..*", paramLabel = "<dir|glob>",
            description = "Shard output directories, globs of them (e.g. 'results/run1/shard-*'), or a directory whose "
                    + "subdirectories are the shards.")
    List<String> inputs;

    @Option(names = "--output-dir", required = true, paramLabel = "<dir>", description = "Where the merged report goes.")
    Path outputDir;

    @Option(names = "--partial", description = "Merge even when some shards are missing (the report lists them).")
    boolean partial;

    @Option(names = "--overwrite", description = "Write into an output directory that holds files (benchsuite's own "
            + "files there are replaced, others kept); without it such a directory is refused.")
    boolean overwrite;

    @Option(names = "--shards", paramLabel = "<n>",
            description = "How many shard directories to expect; with --wait, wait until that many hold a report.json.")
    String shards;

    @Option(names = "--wait", paramLabel = "<duration>",
            description = "Wait up to this long for the shards' reports to appear (a merge Job started beside the shards).")
    String waitFor;

    MergeCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        int expected = shards == null ? 0 : Flags.positiveInt("--shards", shards);
        Duration wait = waitFor == null ? Duration.ZERO : Flags.duration("--wait", waitFor, true);
        if (waitFor != null && expected == 0) throw CliException.usage("--wait: needs --shards <n> (how many to wait for)");
        List<Path> dirs = find();
        Instant deadline = Instant.now().plus(wait);
        while (expected > 0 && dirs.size() < expected && Instant.now().isBefore(deadline)) {
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw CliException.failure("interrupted while waiting for the shards' reports");
            }
            dirs = find();
        }
        if (dirs.isEmpty()) throw CliException.usage("no shard report (report.json) found in " + String.join(" ", inputs));
        if (expected > 0 && dirs.size() != expected && !partial) {
            throw CliException.failure("found " + dirs.size() + " shard report(s), expected " + expected
                    + (wait.isZero() ? "" : " after waiting " + Durations.format(wait))
                    + ": " + dirs + "; --partial merges what there is");
        }
        ShardMerge.Result result;
        try {
            result = ShardMerge.merge(dirs, outputDir, partial, overwrite);
        } catch (OutputDirectoryNotEmptyException e) {
            throw CliException.usage("--output-dir: " + outputDir + " is not empty (it holds "
                    + String.join(", ", e.entries().size() <= 5 ? e.entries() : e.entries().subList(0, 5))
                    + (e.entries().size() > 5 ? ", ..." : "") + "): the merge would replace another run's files. Choose a "
                    + "new or empty directory, or add --overwrite");
        } catch (ShardMergeException | InvalidReportException e) {
            throw CliException.failure(e.getMessage());
        } catch (IOException e) {
            throw CliException.failure("cannot write the merged report into " + outputDir + ": " + IoErrors.reason(e, outputDir));
        }
        ctx.out().print(summary(result));
        ctx.out().flush();
        return ExitCodes.OK;
    }

    static String summary(ShardMerge.Result result) {
        Report r = result.report();
        ShardsSection s = r.section(ShardsSection.class).orElseThrow();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "merged %d of %d shard(s) of '%s' (seed %s)%n", s.merged(), s.count(),
                r.seed().scenario(), r.seed().source()));
        if (!s.missing().isEmpty()) b.append("  MISSING shards: ").append(s.missing()).append('\n');
        b.append(String.format(Locale.ROOT, "  requests   %d scheduled, %d measured, %d succeeded, %d failed%n",
                r.requests().scheduled(), r.requests().measured(), r.requests().succeeded(), r.requests().failed()));
        b.append(String.format(Locale.ROOT, "  rate       target %.2f/s, achieved %.2f/s (sum of the shards')%n",
                r.rate().target(), r.rate().achieved()));
        for (LatencyMetric m : List.of(LatencyMetric.TTFT, LatencyMetric.E2E)) {
            LatencyStats l = r.latency(m);
            b.append(String.format(Locale.ROOT, "  %-10s p50 %.2f ms, p99 %.2f ms (%d samples, from the shards' histograms)%n",
                    m.key(), l.p50(), l.p99(), l.count()));
        }
        b.append(String.format(Locale.ROOT, "  start      spread %.1f ms between the shards' zeros, max skew %s%n",
                s.startSpreadMs(), Double.isNaN(s.maxStartSkewMs()) ? "n/a (no agreed start)"
                        : String.format(Locale.ROOT, "%.1f ms after the agreed start", s.maxStartSkewMs())));
        b.append("  requests.jsonl: ").append(result.requestLines()).append(" line(s)")
                .append(result.skippedLines() > 0 ? ", " + result.skippedLines() + " half-written line(s) left out" : "")
                .append('\n');
        b.append("wrote ").append(result.outputDir()).append('\n');
        return b.toString();
    }

    /** The shard directories the arguments name, in order, each once; never the output directory. */
    List<Path> find() {
        Map<Path, Path> found = new LinkedHashMap<>(); // the directory, normalized -> as the arguments named it
        Path out = outputDir.toAbsolutePath().normalize();
        for (String input : inputs) {
            for (Path p : expand(input)) {
                Path dir = p.toAbsolutePath().normalize();
                if (dir.equals(out)) continue;
                if (Files.isRegularFile(dir.resolve("report.json"))) {
                    once(found, p);
                } else if (Files.isDirectory(dir) && !hasGlob(input)) {
                    // a run's directory whose subdirectories are the shards
                    try (Stream<Path> children = Files.list(p)) {
                        children.sorted().filter(c -> Files.isRegularFile(c.resolve("report.json")))
                                .filter(c -> !c.toAbsolutePath().normalize().equals(out)).forEach(c -> once(found, c));
                    } catch (IOException e) {
                        throw CliException.failure("cannot list " + p + ": " + IoErrors.reason(e, p));
                    }
                }
            }
        }
        return new ArrayList<>(found.values());
    }

    /** Adds a shard directory, refusing one the arguments name twice (it would count as one shard of the run, not two). */
    private static void once(Map<Path, Path> found, Path dir) {
        Path earlier = found.putIfAbsent(dir.toAbsolutePath().normalize(), dir);
        if (earlier != null) {
            throw CliException.usage("the shard directory " + dir + " is given twice" + (earlier.equals(dir) ? ""
                    : " (also as " + earlier + ")") + ": give each shard's directory once");
        }
    }

    private static boolean hasGlob(String s) {
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0 || s.indexOf('{') >= 0;
    }

    /** A path, or the paths a glob matches (the glob may be in any of its names), sorted. */
    static List<Path> expand(String input) {
        if (!hasGlob(input)) return List.of(Path.of(input));
        Path pattern = Path.of(input);
        Path base = pattern.isAbsolute() ? pattern.getRoot() : Path.of("");
        int depth = 0;
        boolean globbing = false;
        for (Path name : pattern) {
            if (globbing || hasGlob(name.toString())) {
                globbing = true;
                depth++;
            } else {
                base = base.resolve(name);
            }
        }
        if (!Files.isDirectory(base.toString().isEmpty() ? Path.of(".") : base)) return List.of();
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + input);
        Path start = base.toString().isEmpty() ? Path.of(".") : base;
        boolean relative = base.toString().isEmpty();
        try (Stream<Path> walk = Files.walk(start, depth)) {
            return walk.map(p -> relative ? start.relativize(p) : p).filter(matcher::matches).sorted().toList();
        } catch (IOException e) {
            throw CliException.failure("cannot expand " + input + ": " + IoErrors.reason(e));
        }
    }
}
