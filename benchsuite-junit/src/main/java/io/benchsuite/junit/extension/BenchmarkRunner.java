package io.benchsuite.junit.extension;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.ReportWriters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A benchmark factory pre-configured for one test: each {@link #benchmark()} is a
 * {@link Benchmark.Builder} already named after the test, seeded, writing its reports to the
 * test's own directory ({@code target/benchsuite-reports/<class>/<method>} by default), and keeping
 * its request records so the test can inspect single requests ({@code RunResult.requests()}; call
 * {@code retainRequests(false)} on the builder for a run too long to hold them). Injected by
 * {@link BenchsuiteExtension}; usable on its own through {@link #of}.
 */
public final class BenchmarkRunner {
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");

    private final String name;
    private final Path reportDir;
    private final SeedChain seed;
    private final List<Path> handedOut = new ArrayList<>();

    private BenchmarkRunner(String name, Path reportDir, SeedChain seed) {
        this.name = notNull(name, "name");
        this.reportDir = notNull(reportDir, "reportDir");
        this.seed = notNull(seed, "seed");
    }

    /** A runner for runs named {@code name}, reporting under {@code reportDir}, seeded by {@code seed}. */
    public static BenchmarkRunner of(String name, Path reportDir, SeedChain seed) {
        return new BenchmarkRunner(name, reportDir, seed);
    }

    /** A runner for a test method, reporting under {@code reportsRoot/<class>/<method>}. */
    public static BenchmarkRunner forTest(Path reportsRoot, String className, String methodName, SeedChain seed) {
        notNull(reportsRoot, "reportsRoot");
        notNull(className, "className");
        notNull(methodName, "methodName");
        return of(className + "." + methodName, reportsRoot.resolve(safe(className)).resolve(safe(methodName)), seed);
    }

    /** The run name: {@code <TestClass>.<method>}. */
    public String name() {
        return name;
    }

    /** Where {@link #benchmark()} writes its reports. */
    public Path reportDir() {
        return reportDir;
    }

    /** The seed chain every run of this runner uses. */
    public SeedChain seed() {
        return seed;
    }

    /**
     * A builder named after the test, seeded, writing to {@link #reportDir()}; add a backend and a
     * workload, then run. The directory belongs to the test, so each build's run replaces the
     * previous build's reports there ({@link Benchmark.Builder#overwrite(boolean)}); other files, and
     * the variants' sub-directories, are kept.
     */
    public synchronized Benchmark.Builder benchmark() {
        handedOut.add(reportDir);
        return Benchmark.named(name).seed(seed).outputDir(reportDir).overwrite(true).retainRequests(true);
    }

    /**
     * A builder for one of several runs in the same test (e.g. one per concurrency level): named
     * {@code <test>.<variant>}, writing to {@code <reportDir>/<variant>}.
     */
    public synchronized Benchmark.Builder benchmark(String variant) {
        notNull(variant, "variant");
        if (variant.isBlank()) throw new IllegalArgumentException("variant must not be blank");
        Path dir = reportDir.resolve(safe(variant));
        handedOut.add(dir);
        return Benchmark.named(name + "." + variant).seed(seed).outputDir(dir).overwrite(true).retainRequests(true);
    }

    /** The {@code report.json} files written by runs of this runner so far. */
    public synchronized List<Path> writtenReports() {
        return handedOut.stream().distinct().map(d -> d.resolve(ReportWriters.REPORT_JSON)).filter(Files::isRegularFile)
                .toList();
    }

    static String safe(String s) {
        return UNSAFE.matcher(s).replaceAll("_");
    }

    @Override
    public String toString() {
        return "BenchmarkRunner[" + name + " -> " + reportDir + "]";
    }
}
