package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a request log says what is wrong with it (a line cut short, lines that are not request
 * records, an index twice, two runs mixed) and what does not match its report; and a report.json
 * that lacks blocks every report has is refused, naming them.
 */
class RequestLogScanTest {
    @TempDir
    Path tmp;

    private static String line(String runId, long index) {
        return "{\"runId\":\"" + runId + "\",\"index\":" + index + ",\"outcome\":\"success\",\"promptHash\":\"h" + index + "\"}";
    }

    @Test
    void aSoundLogHasNoProblems() throws Exception {
        Path f = Files.write(tmp.resolve("requests.jsonl"), List.of(line("aa", 0), line("aa", 1), line("aa", 2)));
        RequestLogScan s = RequestLogScan.read(f, true);
        assertThat(s.requests()).isEqualTo(3);
        assertThat(s.problems()).isEmpty();
        assertThat(s.runIds()).containsExactly("aa");
        assertThat(s.promptHashes()).containsEntry(2L, "h2").hasSize(3);
    }

    @Test
    void namesALastLineCutShortGarbageLinesRepeatedIndexesAndMixedRuns() throws Exception {
        String text = String.join("\n", line("aa", 0), "not json", line("aa", 1), "", line("bb", 1), "[1,2]",
                line("aa", 2).substring(0, 20));
        Path f = Files.writeString(tmp.resolve("requests.jsonl"), text); // no final newline: killed mid-line
        RequestLogScan s = RequestLogScan.read(f, false);
        assertThat(s.requests()).isEqualTo(3);
        assertThat(s.problems()).containsExactly(
                "its last line (7) is cut short: the run was killed while writing it",
                "3 line(s) are not request records (line 2, 4, 6)",
                "1 request index(es) appear on more than one line (index 1)",
                "it holds the requests of 2 runs (aa, bb)");
    }

    @Test
    void aGarbageLastLineThatEndsWithANewlineIsGarbageNotCutShort() throws Exception {
        Path f = Files.writeString(tmp.resolve("requests.jsonl"), line("aa", 0) + "\n{\"index\":\n");
        assertThat(RequestLogScan.read(f, false).problems()).containsExactly("1 line(s) are not request records (line 2)");
    }

    @Test
    void anIncompleteReportIsRefusedNamingWhatItLacks() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("r"));
        Files.writeString(dir.resolve("report.json"), "{\"schemaVersion\":1}");
        assertThat(ReportJson.read(dir).requests().measured()).as("the lenient reader still reads it").isZero();
        assertThatThrownBy(() -> ReportJson.readComplete(dir))
                .isInstanceOf(InvalidReportException.class)
                .hasMessage(dir.resolve("report.json") + ": is an incomplete report: it lacks tool, run, backend, config, "
                        + "seed, environment, requests, rate, ttft, itl, tpot, e2e, throughput, goodput, tokens, errors, "
                        + "histograms (every report benchsuite writes has them; was the file cut short, or written by hand?)");

        Files.writeString(dir.resolve("report.json"), "{\"schemaVersion\":1,\"run\":{\"name\":\"x\"},\"requests\":{}}");
        assertThatThrownBy(() -> ReportJson.readComplete(dir)).hasMessageContaining("it lacks tool, run.status, "
                + "run.startedAt, backend, config, seed, environment, requests.scheduled, requests.measured, "
                + "requests.succeeded, requests.failed, rate,");
        assertThatThrownBy(() -> ReportWriters.regenerate(dir)).isInstanceOf(InvalidReportException.class);
        assertThat(dir.resolve("report.html")).as("nothing is rendered from it").doesNotExist();
    }

    @Test
    void disagreementsWithTheReportAreCountAndRun() throws Exception {
        Path fixture = Path.of(RequestLogScanTest.class.getResource("v1-fixture/report.json").toURI()).getParent();
        Report report = ReportJson.readComplete(fixture);
        assertThat(RequestLogScan.read(fixture.resolve("requests.jsonl"), false).disagreementsWith(report))
                .as("a report and log of before run ids: nothing to tell them apart, counts agree").isEmpty();

        Path f = Files.write(tmp.resolve("requests.jsonl"), List.of(line("aa", 0), line("aa", 1)));
        assertThat(RequestLogScan.read(f, false).disagreementsWith(report)).containsExactly(
                "report.json has no run id (an older benchsuite wrote it) but requests.jsonl holds the requests of run aa",
                "it holds 2 request record(s) where report.json counts 40");
    }
}
