package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code benchsuite report} and {@code benchsuite compare} on output directories of real (fake-backend) runs. */
class ReportAndCompareTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;
    static Path runA;
    static Path runB;

    private static Path run(String name, String seed, String firstToken) {
        // firstToken differs between runs only so the reports differ; no test asserts which is faster
        Path out = tmp.resolve(name);
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "fake", "--model", "m-1", "--num-requests", "12", "--max-concurrent", "2",
                "--output-length", "4", "--input-length", "16", "--backend-option", "first-token=" + firstToken,
                "--seed", seed, "--name", "cmp", "--no-progress", "--output-dir", out.toString());
        assertThat(code).as(cli.err()).isZero();
        return out;
    }

    @BeforeAll
    static void twoRuns() {
        runA = run("run-a", "7", "2ms");
        runB = run("run-b", "7", "6ms");
    }

    @Test
    void runWritesReportHtmlAndReportRegeneratesItAndTheCsvFromJson() throws Exception {
        assertThat(runA.resolve("report.html")).exists();
        Path copy = tmp.resolve("copy");
        Files.createDirectories(copy);
        Files.copy(runA.resolve("report.json"), copy.resolve("report.json"));
        CliHarness cli = new CliHarness();
        assertThat(cli.run("report", copy.toString())).as(cli.err()).isZero();
        assertThat(cli.out()).contains("wrote " + copy.resolve("report.html"));
        assertThat(Files.readString(copy.resolve("summary.csv"))).isEqualTo(Files.readString(runA.resolve("summary.csv")));
        assertThat(Files.readString(copy.resolve("report.html"))).isEqualTo(Files.readString(runA.resolve("report.html")));
    }

    @Test
    void reportOfAMissingOrCorruptReportExits2NamingTheFile() throws Exception {
        Path empty = tmp.resolve("empty");
        Files.createDirectories(empty);
        CliHarness cli = new CliHarness();
        assertThat(cli.run("report", empty.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains(empty.resolve("report.json") + ": not found");

        Files.writeString(empty.resolve("report.json"), "{ not json");
        CliHarness again = new CliHarness();
        assertThat(again.run("report", empty.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(again.err()).contains(empty.resolve("report.json") + ": not valid JSON");
        assertThat(empty.resolve("report.html")).doesNotExist();
    }

    @Test
    void compareWritesJsonAndHtmlWithTheChosenBaseline() throws Exception {
        Path out = tmp.resolve("cmp");
        CliHarness cli = new CliHarness();
        assertThat(cli.run("compare", runA.toString(), runB.toString(), "--output-dir", out.toString(), "--baseline", runB.toString()))
                .as(cli.err()).isZero();
        assertThat(cli.out()).contains("compared 2 runs against baseline 'run-b'");
        // two runs: no correlation (it needs 3) and so no VIF; the fake backend has no energy, so the front is on latency alone
        assertThat(cli.out()).contains("orthogonality: VIF absent (").contains("pareto front: ");
        JsonNode json = JSON.readTree(out.resolve("comparison.json").toFile());
        assertThat(json.path("schemaVersion").asInt()).isEqualTo(1);
        assertThat(json.path("baseline").asInt()).isEqualTo(1);
        assertThat(json.path("fair").asBoolean()).as(json.path("unfairness").toString()).isTrue();
        // the delta is run A relative to the baseline B, from their report.json values (timing itself is not asserted: noisy)
        double a = JSON.readTree(runA.resolve("report.json").toFile()).at("/ttft/p99").asDouble();
        double b = JSON.readTree(runB.resolve("report.json").toFile()).at("/ttft/p99").asDouble();
        assertThat(json.at("/runs/0/deltas/ttftP99Ms").asDouble()).isCloseTo((a - b) / b, Offset.offset(1e-6));
        assertThat(json.at("/runs/1/deltas/ttftP99Ms").asDouble()).isZero();
        // without reasoning the first answer token is the first token: TTFAT's column repeats TTFT's
        assertThat(json.at("/runs/0/values/ttfatP99Ms").asDouble()).isEqualTo(json.at("/runs/0/values/ttftP99Ms").asDouble());
        assertThat(json.at("/runs/0/deltas/ttfatP99Ms").asDouble()).isCloseTo((a - b) / b, Offset.offset(1e-6));
        assertThat(Files.readString(out.resolve("comparison.html"))).contains("Side by side").contains("run-a").contains("run-b");

        CliHarness second = new CliHarness();
        assertThat(second.run("compare", runA.toString(), runB.toString(), "--output-dir", out.toString(), "--baseline", "2")).isZero();
        assertThat(second.out()).contains("against baseline 'run-b'");
    }

    @Test
    void compareSaysWhenRunsDifferInSeed() throws Exception {
        Path runC = run("run-c", "8", "2ms");
        Path out = tmp.resolve("cmp-unfair");
        CliHarness cli = new CliHarness();
        assertThat(cli.run("compare", runA.toString(), runC.toString(), "--output-dir", out.toString())).isZero();
        assertThat(cli.out()).contains("UNFAIR");
        assertThat(cli.err()).contains("warning: unfair comparison: seeds differ ('run-c' vs baseline 'run-a')");
        assertThat(Files.readString(out.resolve("comparison.html"))).contains("Unfair comparison");
    }

    @Test
    void compareRejectsBadArguments() {
        Path out = tmp.resolve("cmp-bad");
        CliHarness one = new CliHarness();
        assertThat(one.run("compare", runA.toString(), "--output-dir", out.toString())).isEqualTo(ExitCodes.USAGE);
        CliHarness badBaseline = new CliHarness();
        assertThat(badBaseline.run("compare", runA.toString(), runB.toString(), "--output-dir", out.toString(), "--baseline", "3"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(badBaseline.err()).contains("--baseline: expected a position 1..2");
        CliHarness missing = new CliHarness();
        Path nowhere = tmp.resolve("nowhere");
        assertThat(missing.run("compare", runA.toString(), nowhere.toString(), "--output-dir", out.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.err()).contains(nowhere.resolve("report.json").toString());
        assertThat(out.resolve("comparison.json")).doesNotExist();
    }
}
