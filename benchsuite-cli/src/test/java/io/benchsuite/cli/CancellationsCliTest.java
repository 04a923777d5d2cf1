package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.RequestCounts;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --cancel-rate} and {@code --cancel-after} over the simulator: requests aborted on purpose, shown apart. */
class CancellationsCliTest {

    private static String[] args(Path out, String... extra) {
        String[] base = {"run", "--backend-option", "clock=virtual", "--duration", "20s", "--seed", "7", "--no-progress",
                "--output-dir", out.toString()};
        return Stream.concat(Arrays.stream(base), Arrays.stream(extra))
                .toArray(String[]::new);
    }

    @Test
    void aShareOfRequestsIsCancelledByDesignAndCountedApart(@TempDir Path tmp) throws Exception {
        CliHarness cli = new CliHarness();
        assertThat(cli.run(args(tmp, "--cancel-rate", "0.3", "--cancel-after", "tokens:5"))).as(cli.err()).isZero();

        RequestCounts c = ReportJson.read(tmp).requests();
        assertThat(c.cancelledByDesign()).as("about 30 % of %d measured", c.measured())
                .isBetween(c.measured() / 10, c.measured() / 2);
        assertThat(c.failed()).isZero();
        assertThat(c.cancelled()).isZero();
        assertThat(c.errorRate()).isZero();
        assertThat(c.succeeded() + c.cancelledByDesign()).isEqualTo(c.measured());
        assertThat(cli.out()).contains("cancelled by design  " + c.cancelledByDesign() + " measured request(s) aborted on purpose");

        assertThat(cli.out()).as("goodput judges the requests that could finish")
                .contains(" of " + (c.measured() - c.cancelledByDesign()) + " measured (cancelled by design left out) (100.0%) met");
        assertThat(ReportJson.read(tmp).goodput().fraction()).isEqualTo(1.0);

        assertThat(Files.readAllLines(tmp.resolve("summary.csv"))).as("summary.csv shows them apart")
                .anySatisfy(l -> assertThat(l).contains("cancelled_by_design").contains("," + c.cancelledByDesign() + ","));

        List<String> lines = Files.readAllLines(tmp.resolve("requests.jsonl"));
        List<String> marked = lines.stream().filter(l -> l.contains("cancelled_by_client")).toList();
        assertThat(marked).as("each cancelled request flagged in requests.jsonl").hasSizeGreaterThanOrEqualTo((int) c.cancelledByDesign())
                .allSatisfy(l -> assertThat(l).contains("cancelled by the client after 5 token(s)"));
    }

    @Test
    void overHttpTheClientAbortsTheStreamAndTheServerGoesOnServing(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k())
                .settings(SimSettings.builder().model("llama-3.1-8b").timeScale(0.01).build()).start()) {
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "vllm", "--url", server.baseUri().toString(), "--model", "llama-3.1-8b",
                    "--max-concurrent", "2", "--num-requests", "16", "--input-length", "100", "--output-length", "60",
                    "--seed", "5", "--cancel-rate", "0.5", "--cancel-after", "tokens:4", "--no-progress",
                    "--output-dir", out.toString());
            assertThat(code).as(cli.err()).isZero();
        }
        RequestCounts c = ReportJson.read(out).requests();
        assertThat(c.measured()).isEqualTo(16);
        assertThat(c.cancelledByDesign()).isBetween(2L, 14L);
        assertThat(c.failed()).as("an aborted stream is no failure, and the connection's next request is served").isZero();
        assertThat(c.succeeded() + c.cancelledByDesign()).isEqualTo(16);
        List<String> marked = Files.readAllLines(out.resolve("requests.jsonl")).stream()
                .filter(l -> l.contains("cancelled_by_client")).toList();
        assertThat(marked).hasSize((int) c.cancelledByDesign())
                // a chunk may carry more than one token: the abort follows the chunk that reaches 4
                .allSatisfy(l -> assertThat(l).containsPattern("cancelled by the client after ([4-9]|[1-5][0-9]) token\\(s\\)"));
    }

    @Test
    void aScenarioFileTakesTheSameKeys(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("cancel.yaml"), "cancel-rate: 0.3\ncancel-after: tokens:uniform:2-6\n");
        CliHarness cli = new CliHarness();
        assertThat(cli.run(args(tmp.resolve("out"), "-f", file.toString()))).as(cli.err()).isZero();
        RequestCounts c = ReportJson.read(tmp.resolve("out")).requests();
        assertThat(c.cancelledByDesign()).isPositive();
        assertThat(c.succeeded() + c.cancelledByDesign()).isEqualTo(c.measured());
    }

    @Test
    void theSameSeedCancelsTheSameCount(@TempDir Path tmp) throws Exception {
        CliHarness a = new CliHarness();
        assertThat(a.run(args(tmp.resolve("a"), "--cancel-rate", "0.5", "--cancel-after", "tokens:uniform:1-20"))).as(a.err()).isZero();
        CliHarness b = new CliHarness();
        assertThat(b.run(args(tmp.resolve("b"), "--cancel-rate", "0.5", "--cancel-after", "tokens:uniform:1-20"))).as(b.err()).isZero();
        Report ra = ReportJson.read(tmp.resolve("a"));
        Report rb = ReportJson.read(tmp.resolve("b"));
        assertThat(ra.requests().cancelledByDesign()).isPositive().isEqualTo(rb.requests().cancelledByDesign());
    }

    @Test
    void badValuesAreUsageErrors(@TempDir Path tmp) throws Exception {
        CliHarness cli = new CliHarness();
        assertThat(cli.run(args(tmp.resolve("a"), "--cancel-after", "tokens:3"))).isEqualTo(2);
        assertThat(cli.err()).contains("--cancel-after: needs --cancel-rate");
        CliHarness bad = new CliHarness();
        assertThat(bad.run(args(tmp.resolve("b"), "--cancel-rate", "1.5"))).isEqualTo(2);
        assertThat(bad.err()).contains("expected a number from 0 to 1, got 1.5");
        CliHarness point = new CliHarness();
        assertThat(point.run(args(tmp.resolve("c"), "--cancel-rate", "0.5", "--cancel-after", "tokens:0"))).isEqualTo(2);
        assertThat(point.err()).contains("expected tokens:N, tokens:uniform:A-B");
    }
}
