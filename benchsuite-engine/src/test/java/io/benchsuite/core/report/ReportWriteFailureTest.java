package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.tck.ScriptedBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the reports cannot be written at the end of a run, nothing measured is lost: the result is
 * handed over with the failure, every file that can be written is, the request log already on disk
 * stays, and the report goes to a temporary directory instead; each failure names the OS reason.
 */
class ReportWriteFailureTest {
    @TempDir
    Path tmp;

    private static RunningBenchmark start(Path dir, ScriptedBackend backend) {
        return Benchmark.named("disk").backend(backend).seed(SeedChain.fromLong(1)).model("m")
                .workload(Workload.closed(2).maxRequests(40).inputTokens(LengthDistribution.fixed(8))
                        .outputTokens(LengthDistribution.fixed(2)).build())
                .outputDir(dir).start();
    }

    @Test
    void aReportFileThatCannotBeWrittenLosesNothing() throws Exception {
        Path dir = tmp.resolve("out");
        ReportsNotWrittenException e;
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(5), Duration.ofMillis(1))) {
            RunningBenchmark running = start(dir, backend);
            // mid-run, something takes the place report.json is written through (any user can do this; root too)
            Files.createDirectories(dir.resolve("report.json.tmp"));
            e = catchThrowableOfType(ReportsNotWrittenException.class, running::await);
        }
        assertThat(e).isNotNull();
        assertThat(e.result().summary().counts().scheduled()).as("the result in memory is whole").isEqualTo(40);
        // the reason, and the path it concerned since it is not report.json itself
        assertThat(e.failures()).containsExactly("report.json: is a directory (" + dir.resolve("report.json.tmp") + ")");
        assertThat(e.getMessage()).startsWith("cannot write every report into " + dir + ": report.json: is a directory (")
                .contains(". The report was saved to ");
        assertThat(dir.resolve("summary.csv")).as("what can be written is written").isRegularFile();
        assertThat(dir.resolve("report.html")).isRegularFile();
        assertThat(Files.readAllLines(dir.resolve("requests.jsonl"))).as("the request log on disk stays").hasSize(40);

        Path saved = e.savedTo().orElseThrow();
        Report copy = ReportJson.readComplete(saved);
        assertThat(copy.run().id()).isEqualTo(e.result().info().id());
        assertThat(copy.requests().scheduled()).isEqualTo(40);
        ReportWriters.regenerate(saved); // "benchsuite report <saved>" renders it
        deleteTree(saved);
    }

    /** The saved copy lies in the system's temporary directory, outside the test's own. */
    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Test
    void aDirectoryMadeReadOnlyMidRunSaysPermissionDenied() throws Exception {
        Path dir = tmp.resolve("out");
        ReportsNotWrittenException e;
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(5), Duration.ofMillis(1))) {
            RunningBenchmark running = start(dir, backend);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
            try {
                Assumptions.assumeFalse(Files.isWritable(dir), "permissions do not bind this user (root)");
                e = catchThrowableOfType(ReportsNotWrittenException.class, running::await);
            } finally {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
                running.stop();
            }
        }
        assertThat(e.failures()).allMatch(f -> f.contains(": permission denied")).hasSize(3);
        assertThat(Files.readAllLines(dir.resolve("requests.jsonl"))).hasSize(40);
        assertThat(ReportJson.readComplete(e.savedTo().orElseThrow()).requests().scheduled()).isEqualTo(40);
        deleteTree(e.savedTo().orElseThrow());
    }
}
