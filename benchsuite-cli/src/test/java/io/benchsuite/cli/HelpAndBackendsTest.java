package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HelpAndBackendsTest {
    @TempDir
    Path tmp;

    @Test
    void runHelpListsEveryFlagAndTheLoopModes() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--help")).isZero();
        String help = cli.out();
        for (String flag : new String[] {"--model", "--backend", "--url", "--max-concurrent", "--duration",
                "--num-requests", "--output-dir", "--rate", "--arrival", "--workload-profile", "--input-length",
                "--output-length", "--quantization", "--device", "--seed", "--warmup", "--cooldown", "--slo", "--name",
                "--no-stream", "--api-key-env", "--header", "--insecure", "--skip-preflight", "--endpoint",
                "--backend-option", "--drain-timeout", "--no-progress", "--progress-interval"}) {
            assertThat(help).as(flag).contains(flag);
        }
        assertThat(help).contains("CLOSED LOOP").contains("OPEN LOOP").contains("default: llama-3-8b")
                .contains("default: sim").contains("default: 8").contains("default: 20s").contains("exits 130");
    }

    @Test
    void topLevelHelpAndVersion() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("--help")).isZero();
        assertThat(cli.out()).contains("run").contains("backends").contains("Exit codes");
        CliHarness v = new CliHarness();
        assertThat(v.run("--version")).isZero();
        assertThat(v.out()).startsWith("benchsuite ");
    }

    @Test
    void backendsListsProvidersOnTheClassPath() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("backends")).isZero();
        assertThat(cli.out()).containsPattern("fake\\s+test backend with controlled delays \\[in_process,server_usage,streaming\\]");
    }

    @Test
    void runWhereEveryRequestFailsExits1AfterWritingTheReport() {
        CliHarness cli = new CliHarness();
        Path out = tmp.resolve("o");
        int code = cli.run("run", "--backend", "fake", "--backend-option", "fail-requests=true", "--rate", "20",
                "--duration", "500ms", "--no-progress", "--output-dir", out.toString());
        assertThat(code).isEqualTo(1);
        assertThat(cli.out()).contains("errors               http_5xx ");
        assertThat(cli.err()).contains("no measured request succeeded (").doesNotContain("\tat ");
        assertThat(out.resolve("report.json")).exists();
    }
}
