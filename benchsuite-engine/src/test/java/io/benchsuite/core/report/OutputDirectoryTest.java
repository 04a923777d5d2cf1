package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Re-using an output directory never mixes runs: a directory that holds anything is refused before
 * the backend is touched, overwriting removes only benchsuite's own files, every file names its run,
 * and a report beside another run's request log is refused.
 */
class OutputDirectoryTest {
    @TempDir
    Path tmp;

    private static RunResult run(Path dir, boolean overwrite, int requests) {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(1), Duration.ofMillis(1))) {
            return Benchmark.named("dir").backend(backend).seed(SeedChain.fromLong(1)).model("m")
                    .workload(Workload.closed(2).maxRequests(requests).inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(2)).build())
                    .outputDir(dir).overwrite(overwrite).run();
        }
    }

    private static List<String> runIdsOfLines(Path dir) throws Exception {
        return Files.readAllLines(dir.resolve(ReportWriters.REQUESTS_JSONL)).stream()
                .map(l -> JsonTrees.parse(l).path("runId").asText()).distinct().toList();
    }

    @Test
    void aDirectoryHoldingAnythingIsRefusedBeforeTheBackendIsUsed() throws Exception {
        Path dir = tmp.resolve("out");
        run(dir, false, 4);
        String firstReport = Files.readString(dir.resolve("report.json"));
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(1), Duration.ofMillis(1))) {
            assertThatThrownBy(() -> Benchmark.named("again").backend(backend).model("m")
                    .workload(Workload.closed(1).maxRequests(2).build()).outputDir(dir).start())
                    .isInstanceOf(OutputDirectoryNotEmptyException.class)
                    .hasMessageContaining("output directory " + dir + " is not empty (it holds report.html, report.json, "
                            + "requests.jsonl, summary.csv)")
                    .hasMessageContaining("removes only the files benchsuite writes");
            assertThat(backend.sent()).isZero();
        }
        assertThat(Files.readString(dir.resolve("report.json"))).as("the first run's files are untouched").isEqualTo(firstReport);

        Path foreign = Files.createDirectories(tmp.resolve("notes"));
        Files.writeString(foreign.resolve("todo.txt"), "mine");
        assertThatThrownBy(() -> run(foreign, false, 2)).isInstanceOf(OutputDirectoryNotEmptyException.class);
    }

    @Test
    void everyLineOfTheRequestLogNamesTheRunOfTheReport() throws Exception {
        Path dir = tmp.resolve("out");
        RunResult r = run(dir, false, 6);
        assertThat(r.info().id()).matches("[0-9a-f]{16}");
        assertThat(ReportJson.read(dir).run().id()).isEqualTo(r.info().id());
        assertThat(runIdsOfLines(dir)).containsExactly(r.info().id());
        assertThat(Files.readAllLines(dir.resolve("requests.jsonl"))).hasSize(6);
    }

    @Test
    void overwriteRemovesOnlyBenchsuitesOwnFiles() throws Exception {
        Path dir = tmp.resolve("out");
        RunResult first = run(dir, false, 6);
        Files.writeString(dir.resolve("notes.txt"), "my notes");
        Files.createDirectories(dir.resolve("plots"));
        Files.writeString(dir.resolve("report.json.tmp"), "half a report from a crash");
        assertThat(ReportWriters.foreignEntries(dir)).containsExactly("notes.txt", "plots");

        RunResult second = run(dir, true, 3);
        assertThat(second.info().id()).isNotEqualTo(first.info().id());
        assertThat(Files.readString(dir.resolve("notes.txt"))).isEqualTo("my notes");
        assertThat(dir.resolve("plots")).isDirectory();
        assertThat(dir.resolve("report.json.tmp")).doesNotExist();
        assertThat(runIdsOfLines(dir)).containsExactly(second.info().id());
        assertThat(Files.readAllLines(dir.resolve("requests.jsonl"))).hasSize(3);
        JsonNode report = JsonTrees.read(dir.resolve("report.json"));
        assertThat(report.path("run").path("id").asText()).isEqualTo(second.info().id());
        assertThat(report.path("requests").path("scheduled").asLong()).isEqualTo(3);
    }

    @Test
    void aReportBesideAnotherRunsRequestLogIsRefused() throws Exception {
        Path a = tmp.resolve("a"), b = tmp.resolve("b");
        RunResult runA = run(a, false, 4);
        RunResult runB = run(b, false, 4);
        // what a second run killed after its first requests left: its request log beside the first run's report
        Files.copy(a.resolve("report.json"), b.resolve("report.json"), StandardCopyOption.REPLACE_EXISTING);

        assertThatThrownBy(() -> ReportWriters.regenerate(b))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("belongs to another run than requests.jsonl beside it: report.json is run "
                        + runA.info().id())
                .hasMessageContaining("requests.jsonl holds run " + runB.info().id());
        ReportWriters.regenerate(a); // a directory of one run is rendered as before
    }

    @Test
    void aRequestLogWithoutRunIdsBesideANewReportIsAnotherRun() throws Exception {
        Path dir = tmp.resolve("out");
        run(dir, false, 2);
        List<String> stripped = Files.readAllLines(dir.resolve("requests.jsonl")).stream()
                .map(l -> l.replaceFirst("\"runId\":\"[0-9a-f]+\",", "")).toList();
        Files.write(dir.resolve("requests.jsonl"), stripped);
        assertThatThrownBy(() -> ReportWriters.regenerate(dir)).isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("2 line(s) without a run id");
    }
}
