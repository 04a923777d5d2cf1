package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.run.LiveStats;
import io.benchsuite.core.report.json.ReportJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The faults of issue "holds up under faults" as a user meets them on the command line: a reused
 * output directory, reports that cannot be written, a rate no client can send, I/O errors, cancelled
 * requests, a failing server, and damaged or incomplete report files.
 */
class ReliabilityCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static String[] run(Path out, String... flags) {
        return Stream.concat(Stream.of("run", "--backend", "fake", "--num-requests", "6", "--max-concurrent", "2",
                "--input-length", "8", "--output-length", "2", "--no-progress", "--output-dir", out.toString()),
                Stream.of(flags)).toArray(String[]::new);
    }

    // 5: re-using an output directory never mixes runs

    @Test
    void aSecondRunIntoTheSameDirectoryIsRefusedUnlessOverwriteWhichKeepsOtherFiles() throws Exception {
        Path out = tmp.resolve("out");
        CliHarness first = new CliHarness();
        assertThat(first.run(run(out))).as(first.err()).isZero();
        String firstId = JSON.readTree(out.resolve("report.json").toFile()).at("/run/id").asText();

        CliHarness second = new CliHarness();
        assertThat(second.run(run(out))).isEqualTo(ExitCodes.USAGE);
        assertThat(second.err()).contains("--output-dir: " + out + " is not empty (it holds report.html, report.json, "
                + "requests.jsonl, summary.csv): a new run there would mix its files with another run's")
                .contains("add --overwrite to replace the files benchsuite writes");
        assertThat(second.out()).as("refused before anything ran").isEmpty();
        assertThat(JSON.readTree(out.resolve("report.json").toFile()).at("/run/id").asText()).isEqualTo(firstId);

        Files.writeString(out.resolve("notes.txt"), "mine");
        CliHarness third = new CliHarness();
        assertThat(third.run(run(out, "--overwrite"))).as(third.err()).isZero();
        assertThat(third.err()).contains("--overwrite: replacing benchsuite's files in " + out
                + "; keeping 1 entry it did not write: notes.txt");
        assertThat(out.resolve("notes.txt")).hasContent("mine");
        String thirdId = JSON.readTree(out.resolve("report.json").toFile()).at("/run/id").asText();
        assertThat(thirdId).isNotEqualTo(firstId);
        assertThat(Files.readAllLines(out.resolve("requests.jsonl"))).hasSize(6)
                .allMatch(l -> l.startsWith("{\"runId\":\"" + thirdId + "\","));
    }

    @Test
    void reportRefusesADirectoryWhoseReportAndRequestLogAreOfDifferentRuns() throws Exception {
        Path a = tmp.resolve("a"), b = tmp.resolve("b");
        assertThat(new CliHarness().run(run(a))).isZero();
        assertThat(new CliHarness().run(run(b))).isZero();
        Files.copy(a.resolve("report.json"), b.resolve("report.json"), StandardCopyOption.REPLACE_EXISTING);
        Files.delete(b.resolve("report.html"));

        CliHarness cli = new CliHarness();
        assertThat(cli.run("report", b.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains(b.resolve("report.json") + ": belongs to another run than requests.jsonl beside it");
        assertThat(b.resolve("report.html")).doesNotExist();
    }

    // 6: reports that cannot be written

    @Test
    void whenTheReportCannotBeWrittenTheSummaryIsPrintedTheReasonGivenAndTheReportSavedElsewhere() throws Exception {
        Path out = tmp.resolve("out");
        Files.createDirectories(out.resolve("report.json.tmp")); // in the way of report.json (and not benchsuite's to delete)
        CliHarness cli = new CliHarness();
        assertThat(cli.run(run(out, "--overwrite"))).as(cli.err()).isEqualTo(ExitCodes.FAILURE);
        assertThat(cli.out()).as("the summary of what was measured").contains("measured 6, succeeded 6");
        assertThat(cli.err()).contains("benchsuite run: cannot write every report into " + out + ": report.json: "
                + "is a directory (" + out.resolve("report.json.tmp") + "). The report was saved to ")
                .contains(out.resolve("requests.jsonl") + " holds every request.")
                .doesNotContain("internal error");
        Matcher saved = Pattern.compile("saved to (\\S+) instead").matcher(cli.err());
        assertThat(saved.find()).isTrue();
        Path copy = Path.of(saved.group(1));
        assertThat(JSON.readTree(copy.resolve("report.json").toFile()).at("/requests/scheduled").asLong()).isEqualTo(6);
        assertThat(Files.readAllLines(out.resolve("requests.jsonl"))).hasSize(6);
        try (Stream<Path> files = Files.walk(copy)) { // the copy lies in the system's temporary directory
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    // 7: rates no client can honour

    @Test
    void aRateNoClientCanSendIsRefusedAtOnceSayingTheBound() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run(run(tmp.resolve("o"), "--rate", "1e12"))).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--rate: a rate of 1,000,000,000,000 req/s is more than any client can send: "
                + "at most 1,000,000 req/s (one request per microsecond");
        CliHarness peak = new CliHarness();
        assertThat(peak.run(run(tmp.resolve("o"), "--rate", "10", "--workload-profile", "burst:10,2000000,1s/10s")))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(peak.err()).contains("--workload-profile: its peak: a rate of 2,000,000 req/s is more than any client");
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    // 10: a malformed --url is a flag error; a /v1 base URL is scraped at the server's root

    @Test
    void aMalformedUrlIsAFlagErrorAndAV1UrlIsScrapedAtTheRoot() {
        for (String bad : List.of("http://[bad", "http://127.0.0.1:8000/a b")) {
            CliHarness cli = new CliHarness();
            assertThat(cli.run(run(tmp.resolve("o"), "--url", bad))).as(bad).isEqualTo(ExitCodes.USAGE);
            assertThat(cli.err()).contains("--url: ").doesNotContain("internal error").doesNotContain("/metrics");
        }
        CliHarness cli = new CliHarness();
        RunCommand cmd = (RunCommand) BenchsuiteCli.commandLine(cli.ctx).parseArgs("run", "--backend", "fake", "--url",
                "http://127.0.0.1:8000/v1").subcommand().commandSpec().userObject();
        assertThat(cmd.observability(cmd.plan()).serverMetricsUrl()).hasToString("http://127.0.0.1:8000/metrics");
    }

    @Test
    void theSummarySaysWhenArrivalsWereNotSent() {
        var report = ReportJson.parse("{\"schemaVersion\":1,\"run\":{\"name\":\"x\","
                + "\"status\":\"completed\"},\"requests\":{\"measured\":10,\"succeeded\":10,\"notSent\":99000}}",
                Path.of("report.json"));
        assertThat(Summary.render(report, Path.of("out"), false)).contains("NOT SENT             99000 arrival(s) never sent: "
                + "they came due faster than concurrency slots freed, with the line of requests waiting for a slot full").doesNotContain("MOSTLY ERRORS");
    }

    @Test
    void theSummaryShowsTheClientsOwnFiguresAndSaysWhenItWasSaturated() {
        var report = ReportJson.parse("{\"schemaVersion\":1,\"run\":{\"name\":\"x\","
                + "\"status\":\"completed\"},\"client\":{\"hiccups\":{\"resolutionMs\":1,\"samples\":20000,\"p50Ms\":0.061,"
                + "\"p99Ms\":3.2,\"maxMs\":412.5,\"stallsOverThreshold\":2},\"cpu\":{\"processSeconds\":5.19,\"wallSeconds\":20.4,"
                + "\"cores\":2,\"processPct\":12.72},\"stallThresholdMs\":5,\"stalledRequests\":7,"
                + "\"saturated\":[\"hiccup p99 3.20 ms > 1 ms\"]}}", Path.of("report.json"));
        assertThat(Summary.render(report, Path.of("out"), false))
                .contains("client               hiccups p50 0.061 / p99 3.200 / max 412.500 ms, CPU 12.7 % of 2 cores (5.19 s), "
                        + "7 request(s) overlapped a client stall over 5.0 ms")
                .contains("CLIENT SATURATED     hiccup p99 3.20 ms > 1 ms: the client's own delays are inside these latencies");
        var quiet = ReportJson.parse("{\"schemaVersion\":1,\"run\":{\"name\":\"x\","
                + "\"status\":\"completed\"}}", Path.of("report.json"));
        assertThat(Summary.render(quiet, Path.of("out"), false)).as("a report from before the section")
                .doesNotContain("client ").doesNotContain("CLIENT SATURATED");
    }

    @Test
    void aBadClientStallThresholdIsAFlagError() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run(run(tmp.resolve("o"), "--client-stall-threshold", "soon"))).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--client-stall-threshold: ");
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    // 13: I/O errors name the path and the reason

    @Test
    void anOutputDirectoryThatCannotBeCreatedSaysWhy() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        CliHarness under = new CliHarness();
        assertThat(under.run(run(file.resolve("sub")))).isEqualTo(ExitCodes.FAILURE);
        assertThat(under.err()).contains("cannot create the output directory " + file.resolve("sub") + ": not a directory");

        CliHarness onto = new CliHarness();
        assertThat(onto.run(run(file))).isEqualTo(ExitCodes.FAILURE);
        assertThat(onto.err()).contains("cannot create the output directory " + file + ": " + file
                + " exists and is not a directory");
    }

    // 14: cancelled requests count as errors, the same way in the progress line and the summary

    @Test
    void aRunWhoseEveryRequestWasCancelledReportsAnErrorRateOfOne() throws Exception {
        Path out = tmp.resolve("out");
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "fake", "--backend-option", "first-token=1h", "--duration", "300ms",
                "--drain-timeout", "200ms", "--max-concurrent", "2", "--input-length", "8", "--output-length", "2",
                "--no-progress", "--output-dir", out.toString());
        assertThat(code).as("no request succeeded").isEqualTo(ExitCodes.FAILURE);
        assertThat(cli.out()).contains("measured 2, succeeded 0, failed 0, cancelled 2")
                .contains("error rate           100.0 % did not succeed ((failed + cancelled) / measured); 0.0 % failed")
                .contains("MOSTLY ERRORS        2 of 2 measured requests (100.0 %) did not succeed");
        JsonNode requests = JSON.readTree(out.resolve("report.json").toFile()).path("requests");
        assertThat(requests.path("errorRate").asDouble()).isEqualTo(1.0);
        assertThat(requests.path("failureRate").asDouble()).isEqualTo(0.0);
    }

    @Test
    void theProgressLineCountsCancelledApartFromFailedAsTheSummaryDoes() {
        var s = new LiveStats(1.5, 10, 5, 2, 1, 0, 50, 3, 30, 12.5, 3, 0);
        assertThat(Progress.logLine(s, "20s")).contains("done=5 failed=2 cancelled=3 active=1").doesNotContain("not_sent");
        assertThat(Progress.terminalLine(s, "20s")).contains("done 5  failed 2  cancelled 3  active 1");
        var behind = new LiveStats(1.5, 10, 5, 2, 1, 0, 50, 3, 30, 12.5, 0, 42);
        assertThat(Progress.logLine(behind, "20s")).contains("not_sent=42");
        assertThat(Progress.terminalLine(behind, "20s")).contains("NOT SENT 42");
    }

    // 16: a failing server

    @Test
    void maxErrorRateStopsAFailingRunEarlyAndExits1() {
        Path out = tmp.resolve("out");
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "fake", "--backend-option", "fail-requests=true", "--backend-option",
                "first-token=0ms", "--duration", "5m", "--max-error-rate", "50%", "--no-progress",
                "--output-dir", out.toString());
        assertThat(code).isEqualTo(ExitCodes.FAILURE);
        assertThat(cli.out()).contains("STOPPED (error rate 100.0 % (20 of 20 ended requests failed) exceeded the maximum "
                + "of 50 %; partial results)").contains("MOSTLY ERRORS");
        assertThat(cli.err()).contains("benchsuite run: stopped early: error rate 100.0 % (20 of 20 ended requests "
                + "failed) exceeded the maximum of 50 % (--max-error-rate)");
        assertThat(out.resolve("report.json")).exists();
    }

    @Test
    void badMaxErrorRatesExit2() {
        for (String bad : List.of("1", "1.5", "-0.1", "100%", "many")) {
            CliHarness cli = new CliHarness();
            assertThat(cli.run(run(tmp.resolve("o"), "--max-error-rate", bad))).as(bad).isEqualTo(ExitCodes.USAGE);
            assertThat(cli.err()).contains("--max-error-rate: expected a share of failed requests from 0 to below 1");
        }
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    // 17: incomplete reports and damaged request logs

    @Test
    void reportRejectsAnIncompleteReportSayingWhatIsMissing() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("stub"));
        Files.writeString(dir.resolve("report.json"), "{\"schemaVersion\":1}");
        CliHarness cli = new CliHarness();
        assertThat(cli.run("report", dir.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains(dir.resolve("report.json") + ": is an incomplete report: it lacks tool, run, "
                + "backend, config, seed, environment, requests, rate, ttft, itl, tpot, e2e, throughput, goodput, tokens, "
                + "errors, histograms");
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void compareSaysWhatIsWrongWithADamagedRequestLogInsteadOfCallingTheComparisonFair() throws Exception {
        Path a = tmp.resolve("a"), b = tmp.resolve("b");
        assertThat(new CliHarness().run(run(a, "--seed", "3"))).isZero();
        assertThat(new CliHarness().run(run(b, "--seed", "3"))).isZero();
        CliHarness sound = new CliHarness();
        assertThat(sound.run("compare", a.toString(), b.toString(), "--output-dir", tmp.resolve("c1").toString())).isZero();
        assertThat(sound.out()).doesNotContain("UNFAIR");

        List<String> lines = new ArrayList<>(Files.readAllLines(b.resolve("requests.jsonl")));
        lines.add(2, "garbage");
        String last = lines.remove(lines.size() - 1);
        Files.writeString(b.resolve("requests.jsonl"), String.join("\n", lines) + "\n" + last.substring(0, last.length() / 2));
        CliHarness damaged = new CliHarness();
        assertThat(damaged.run("compare", a.toString(), b.toString(), "--output-dir", tmp.resolve("c2").toString())).isZero();
        assertThat(damaged.out()).contains("UNFAIR");
        assertThat(damaged.err())
                .contains("warning: unfair comparison: requests.jsonl of 'b' is not sound: its last line (7) is cut short")
                .contains("requests.jsonl of 'b' is not sound: 1 line(s) are not request records (line 3)")
                .contains("requests.jsonl of 'b' is not sound: it holds 5 request record(s) where report.json counts 6");
        JsonNode comparison = JSON.readTree(tmp.resolve("c2").resolve("comparison.json").toFile());
        assertThat(comparison.path("fair").asBoolean()).isFalse();
    }
}
