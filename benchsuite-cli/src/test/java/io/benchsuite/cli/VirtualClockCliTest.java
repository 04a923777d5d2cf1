package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code benchsuite run --backend-option clock=virtual}: the simulator and the whole run on a virtual
 * clock, so a run is a function of its seed.
 */
class VirtualClockCliTest {

    private static int run(CliHarness cli, Path out, String seed) {
        String[] base = {"run", "--backend-option", "clock=virtual", "--rate", "20", "--duration", "2m", "--seed", seed,
                "--input-length", "512", "--output-length", "256", "--max-concurrent", "256", "--no-progress",
                "--output-dir", out.toString()};
        return cli.run(base);
    }

    @Test
    void theSameSeedGivesTheSameRequestLogByteForByte(@TempDir Path tmp) throws Exception {
        CliHarness first = new CliHarness();
        assertThat(run(first, tmp.resolve("a"), "42")).as(first.err()).isZero();
        CliHarness second = new CliHarness();
        assertThat(run(second, tmp.resolve("b"), "42")).as(second.err()).isZero();

        byte[] a = Files.readAllBytes(tmp.resolve("a/requests.jsonl"));
        assertThat(a).isEqualTo(Files.readAllBytes(tmp.resolve("b/requests.jsonl")));
        // two minutes of Poisson arrivals at 20/s, all simulated: about 2,400 requests, none late to its timer
        assertThat(new String(a, StandardCharsets.UTF_8).lines().count()).isBetween(2200L, 2600L);
        JsonNode report = new ObjectMapper().readTree(tmp.resolve("a/report.json").toFile());
        assertThat(report.at("/requests/failed").asInt()).isZero();
        // no timer is ever late on a virtual clock (the server saturates at 20/s here, so requests do wait for slots)
        assertThat(report.at("/dispatchLag/max").asDouble(-1)).as("dispatch lag on a virtual clock").isEqualTo(0.0);
        // the engine figures of the headline are in the report, in one section, each with where it came from
        assertThat(report.at("/engineSnapshot/peakMemoryBytes").asDouble()).isGreaterThan(16e9);
        assertThat(report.at("/engineSnapshot/energy/joulesPerOutputToken").asDouble()).isPositive();
        assertThat(report.at("/engineSnapshot/kvCacheFragmentation/max").isNumber()).isTrue();
        assertThat(report.has("device") || report.has("engine")).isFalse();
        assertThat(report.at("/figureSources/energyPerToken/value").asDouble())
                .isEqualTo(report.at("/engineSnapshot/energy/joulesPerOutputToken").asDouble());
        assertThat(report.at("/figureSources/energyPerToken/source").asText()).isEqualTo("simulator");
        assertThat(report.at("/figureSources/memoryPeak/source").asText()).isEqualTo("simulator");
        assertThat(report.at("/figureSources/memoryPeak/pointer").asText()).isEqualTo("/engineSnapshot/peakMemoryBytes");

        CliHarness otherSeed = new CliHarness();
        assertThat(run(otherSeed, tmp.resolve("c"), "43")).as(otherSeed.err()).isZero();
        assertThat(Files.readAllBytes(tmp.resolve("c/requests.jsonl"))).isNotEqualTo(a);
    }

    @Test
    void aTensorParallel70bRunOnFourH100s(@TempDir Path tmp) throws Exception {
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend-option", "clock=virtual", "--model", "llama-3-70b", "--device", "h100",
                "--backend-option", "tp=4", "--max-concurrent", "32", "--num-requests", "200", "--no-progress",
                "--output-dir", tmp.toString());
        assertThat(code).as(cli.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(tmp.resolve("report.json").toFile());
        assertThat(report.at("/requests/succeeded").asInt()).isEqualTo(200);
        assertThat(report.at("/engineSnapshot/devices").asInt()).isEqualTo(4);
        // 70B parameters in bf16 are ~141 GB: more than one H100 holds, spread over four
        assertThat(report.at("/engineSnapshot/weightBytes").asDouble()).isBetween(130e9, 150e9);
        assertThat(report.at("/engineSnapshot/memoryCapacityBytes").asDouble()).isEqualTo(4 * 80e9);
    }

    @Test
    void badClockValuesNameTheKey(@TempDir Path tmp) {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend-option", "clock=sometimes", "--output-dir", tmp.resolve("a").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("clock").contains("sometimes").contains("real").contains("virtual");
        CliHarness scaled = new CliHarness();
        assertThat(scaled.run("run", "--backend-option", "clock=virtual", "--backend-option", "time-scale=0.5",
                "--output-dir", tmp.resolve("b").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(scaled.err()).contains("time-scale").contains("clock=real");
    }
}
