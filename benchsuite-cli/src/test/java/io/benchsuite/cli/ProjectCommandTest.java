package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code benchsuite project}: a simulator run on an A100 projected onto an L4 and onto a Jetson Orin, each beside the
 * simulator's own run on that device. One user, 1024-token prompts (prefill compute-bound on all three) and batch-1
 * decode (memory-bound on all three): the regime where the projection holds (docs/analysis.md §4). In virtual time, so
 * the figures are the simulator's exactly, with no timer lateness of a loaded machine in them.
 */
class ProjectCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;
    static Path a100, l4, orin;

    private static Path simRun(String device, int requests) {
        Path dir = tmp.resolve(device);
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "sim", "--device", device, "--model", "llama-3-8b", "--max-concurrent", "1",
                "--input-length", "1024", "--output-length", "24", "--num-requests", Integer.toString(requests), "--seed", "7",
                "--backend-option", "clock=virtual", "--no-progress", "--output-dir", dir.toString())).as(cli.err()).isZero();
        return dir;
    }

    @BeforeAll
    static void runOnThreeDevices() {
        a100 = simRun("a100-80gb", 6);
        l4 = simRun("l4", 3);
        orin = simRun("jetson-orin", 3);
    }

    private static JsonNode project(Path run, String to, Path against, Path out) throws Exception {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("project", run.toString(), "--to", to, "--against", against.toString(), "--output-dir", out.toString()))
                .as(cli.err()).isZero();
        assertThat(cli.out()).contains("projection a100-80gb -> " + to).contains("run on target");
        return JSON.readTree(out.resolve("projection.json").toFile());
    }

    private static JsonNode row(JsonNode doc, String figure, String stat) {
        for (JsonNode r : doc.path("rows")) if (r.path("figure").asText().equals(figure) && r.path("stat").asText().equals(stat)) return r;
        throw new AssertionError("no row " + figure + " " + stat);
    }

    @Test
    void anA100RunProjectedOntoAnL4IsWithinFifteenPercentOfTheSimulatorsOwnL4Run() throws Exception {
        JsonNode d = project(a100, "l4", l4, tmp.resolve("to-l4"));
        // the simulator's own device figures: 121 / 312 TFLOP/s and 300 / 2039 GB/s
        assertThat(d.path("ttftFactor").asDouble()).isCloseTo(312.0 / 121, within(1e-3));
        assertThat(d.path("tpotFactor").asDouble()).isCloseTo(2039.0 / 300, within(1e-3));
        for (String figure : new String[] {"ttftFromSend", "tpot", "e2eFromSend"}) {
            JsonNode r = row(d, figure, "p50");
            assertThat(r.path("error").asDouble()).as(figure + " p50: projected %s ms, L4 run %s ms", r.path("projectedMs"), r.path("targetRunMs"))
                    .isBetween(-0.15, 0.15);
        }
        String html = Files.readString(tmp.resolve("to-l4").resolve("projection.html"));
        assertThat(html).contains("<table id=\"projection-table\">", "data-title=\"e2eFromSend CDF\"", "run on l4").doesNotContain("<script");
    }

    @Test
    void anA100RunProjectedOntoTheEdgeDeviceIsWithinFifteenPercentOfTheSimulatorsOwnRunThere() throws Exception {
        JsonNode d = project(a100, "jetson-orin", orin, tmp.resolve("to-orin"));
        assertThat(d.path("tpotFactor").asDouble()).isCloseTo(2039.0 / 204.8, within(1e-3));
        for (String figure : new String[] {"ttftFromSend", "tpot", "e2eFromSend"}) {
            JsonNode r = row(d, figure, "p50");
            assertThat(r.path("error").asDouble()).as(figure + " p50: projected %s ms, Orin run %s ms", r.path("projectedMs"), r.path("targetRunMs"))
                    .isBetween(-0.15, 0.15);
        }
    }

    @Test
    void unknownDevicesAndBadPenaltiesAreNamed() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("project", a100.toString(), "--to", "tpu-v9")).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--to: unknown device 'tpu-v9'; known: ").contains("l4");
        CliHarness q = new CliHarness();
        assertThat(q.run("project", a100.toString(), "--to", "l4", "--quant-penalty", "-1")).isEqualTo(ExitCodes.USAGE);
        assertThat(q.err()).contains("--quant-penalty: must be a number >= 0, got '-1'");
    }
}
