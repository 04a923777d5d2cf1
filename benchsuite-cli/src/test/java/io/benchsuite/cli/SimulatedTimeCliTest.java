package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs on the simulator whose figures must not be taken for what they are not: a run at
 * {@code time-scale} other than 1 reports the simulated server's time and says so in every output;
 * runs on a virtual clock that differ get different ids (so {@code report} refuses the files of two
 * of them mixed); synthetic prompts that can never fit the context are refused instead of skipped for ever.
 */
class SimulatedTimeCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static String[] args(Path out, String... more) {
        List<String> all = new ArrayList<>(List.of("run", "--max-concurrent", "4", "--num-requests", "16",
                "--seed", "1", "--no-progress", "--output-dir", out.toString()));
        if (!List.of(more).contains("--dataset")) all.addAll(List.of("--input-length", "256", "--output-length", "64"));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static JsonNode report(Path dir) throws Exception {
        return JSON.readTree(dir.resolve("report.json").toFile());
    }

    /**
     * The same closed loop on the virtual clock (the model's figures, exact) and in real time at
     * time-scale 0.5: the scaled run's TPOT and throughput are the model's, not half and twice them.
     * A real-time engine's steps never end before the physics allows, so its TPOT is at least the
     * model's (the 5 % covers the engine's jitter); the upper bound leaves room for a loaded machine's late steps.
     * Objectives are judged on the simulated latencies: an objective below the model's TPOT, which the
     * compressed wall-clock TPOT (half of it) would meet, is met by no request.
     */
    @Test
    void aTimeScaledRunReportsTheSimulatedServersFiguresAndSaysSo() throws Exception {
        Path virtual = tmp.resolve("virtual");
        CliHarness model = new CliHarness();
        assertThat(model.run(args(virtual, "--backend-option", "clock=virtual"))).as(model.err()).isZero();
        JsonNode v = report(virtual);
        double tpot = v.at("/tpot/p50").asDouble();
        double tokensPerSecond = v.at("/throughput/outputTokensPerSecond").asDouble();
        assertThat(tpot).as("the model's TPOT").isGreaterThan(5);
        // between the compressed TPOT (half the model's) and the model's lowest one
        String slo = String.format(Locale.ROOT, "tpot=%.1fms", 0.75 * v.at("/tpot/min").asDouble());

        Path scaled = tmp.resolve("scaled");
        CliHarness cli = new CliHarness();
        assertThat(cli.run(args(scaled, "--backend-option", "time-scale=0.5", "--slo", slo))).as(cli.err()).isZero();
        JsonNode s = report(scaled);
        assertThat(s.at("/run/timeScale").asDouble()).isEqualTo(0.5);
        assertThat(s.at("/tpot/p50").asDouble()).as("TPOT p50 in simulated time against the model's %s ms", tpot)
                .isBetween(0.95 * tpot, 2 * tpot);
        assertThat(s.at("/throughput/outputTokensPerSecond").asDouble())
                .as("output tok/s in simulated time against the model's %s", tokensPerSecond)
                .isBetween(0.5 * tokensPerSecond, 1.05 * tokensPerSecond);
        assertThat(s.at("/goodput/met").asLong()).as("%s judged on simulated TPOTs", slo).isZero();

        // labelled in every output
        assertThat(cli.out()).contains("SIMULATED TIME       time-scale 0.5: the simulator ran 2 times faster than real time. "
                + "Latencies, rates and durations are in simulated time").contains("latency (sim. ms)");
        assertThat(Files.readString(scaled.resolve("report.html"))).contains("id=\"banner-simulated-time\"")
                .contains("time-scale 0.5: the simulator ran 2 times faster than real time");
        assertThat(Files.readAllLines(scaled.resolve("summary.csv")).get(1))
                .isEqualTo("time,scale,0.5,wall_seconds_per_simulated_second");
        // and a run in the wall clock's own time says nothing of the kind
        assertThat(v.at("/run/timeScale").asDouble()).isEqualTo(1.0);
        assertThat(model.out()).doesNotContain("SIMULATED TIME").contains("latency (ms)");
        assertThat(Files.readString(virtual.resolve("report.html"))).doesNotContain("banner-simulated-time");
        assertThat(Files.readAllLines(virtual.resolve("summary.csv")).get(1)).doesNotStartWith("time,");
    }

    /**
     * Two runs on a virtual clock with one seed, one of synthetic prompts and one of a dataset, are
     * different runs: their ids differ, and {@code report} refuses the report of one beside the request
     * log of the other. The same seed and configuration still give the same id (the run is a function of them).
     */
    @Test
    void virtualClockRunsThatDifferHaveDifferentIdsAndTheirFilesAreNotTakenForOneRun() throws Exception {
        Path dataset = Files.writeString(tmp.resolve("prompts.jsonl"),
                "{\"prompt\": \"tell me a story about a cat\"}\n{\"prompt\": \"and one about a dog\"}\n");
        Path synthetic = tmp.resolve("synthetic"), fromDataset = tmp.resolve("dataset"), again = tmp.resolve("again");
        for (Path out : List.of(synthetic, again)) {
            CliHarness cli = new CliHarness();
            assertThat(cli.run(args(out, "--backend-option", "clock=virtual"))).as(cli.err()).isZero();
        }
        CliHarness cli = new CliHarness();
        assertThat(cli.run(args(fromDataset, "--backend-option", "clock=virtual", "--dataset", "jsonl:" + dataset)))
                .as(cli.err()).isZero();
        String syntheticId = report(synthetic).at("/run/id").asText();
        assertThat(syntheticId).matches("[0-9a-f]{16}");
        assertThat(report(again).at("/run/id").asText()).as("same seed, same configuration").isEqualTo(syntheticId);
        String datasetId = report(fromDataset).at("/run/id").asText();
        assertThat(datasetId).as("same seed, another workload").isNotEqualTo(syntheticId);

        Files.copy(synthetic.resolve("report.json"), fromDataset.resolve("report.json"), StandardCopyOption.REPLACE_EXISTING);
        Files.delete(fromDataset.resolve("report.html"));
        CliHarness report = new CliHarness();
        assertThat(report.run("report", fromDataset.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(report.err()).contains(fromDataset.resolve("report.json") + ": belongs to another run than requests.jsonl "
                + "beside it: report.json is run " + syntheticId).contains("requests.jsonl holds run " + datasetId);
        assertThat(fromDataset.resolve("report.html")).doesNotExist();
    }

    /**
     * Synthetic prompts none of which fits the model's context, with {@code --context-policy skip}: the
     * endless source was skipped for ever (the run never ended); it is refused at once, in one line.
     */
    @Test
    void syntheticPromptsThatCanNeverFitAreRefusedInsteadOfSkippedForEver() {
        CliHarness cli = new CliHarness();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli.run("run", "--input-length", "100",
                "--output-length", "8", "--max-context", "64", "--context-policy", "skip", "--num-requests", "3",
                "--backend-option", "clock=virtual", "--no-progress", "--output-dir", tmp.resolve("out").toString()));
        assertThat(code).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).hasSize(1);
        assertThat(cli.err()).startsWith("benchsuite run: synthetic:input=fixed:100,output=fixed:8: no request can fit the model's context: "
                + "the shortest is 100 prompt tokens + 8 output tokens exceed the model's context of 64 tokens: nothing to send");
        assertThat(tmp.resolve("out")).as("no report of a run that sent nothing").doesNotExist();
    }
}
