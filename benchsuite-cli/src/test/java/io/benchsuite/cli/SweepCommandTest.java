package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code benchsuite sweep} over the simulator: every point a normal run in its own directory, then sweep.json and sweep.html. */
class SweepCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void aConcurrencySweepOverTheSimulatorRunsEveryPointAndWritesTheSweep() throws Exception {
        Path out = tmp.resolve("sweep");
        CliHarness cli = new CliHarness();
        assertThat(cli.run("sweep", "--backend", "sim", "--sweep", "max-concurrent=1,2,4,...,16", "--input-length", "64",
                "--output-length", "16", "--duration", "10s", "--seed", "3", "--backend-option", "clock=virtual", "--output-dir",
                out.toString())).as(cli.err()).isZero();
        assertThat(cli.out()).contains("sweep: 5 runs in", "knee (throughput): ", "highest load meeting the SLOs: 16", "pareto front: ",
                "wrote " + out.resolve("sweep.json"));
        assertThat(cli.err()).contains("benchsuite sweep: point 1 (max-concurrent=1)", "benchsuite sweep: point 5 (max-concurrent=16)");
        JsonNode doc = JSON.readTree(out.resolve("sweep.json").toFile());
        JsonNode points = doc.at("/series/0/points");
        assertThat(points).hasSize(5);
        for (JsonNode p : points) {
            assertThat(p.path("status").asText()).isEqualTo("completed");
            assertThat(p.path("outputTokensPerSecond").asDouble()).isPositive();
            assertThat(out.resolve(p.path("dir").asText()).resolve("report.json")).exists();
            assertThat(out.resolve(p.path("dir").asText() + ".log")).as("the point's console output").exists();
            // each point is a run of its own value
            JsonNode report = JSON.readTree(out.resolve(p.path("dir").asText()).resolve("report.json").toFile());
            assertThat(report.at("/config/workload/users").asText()).isEqualTo("steady:" + p.path("load").asDouble());
        }
        assertThat(doc.at("/series/0/points/4/outputTokensPerSecond").asDouble()).as("16 users out-produce one")
                .isGreaterThan(doc.at("/series/0/points/0/outputTokensPerSecond").asDouble());
        assertThat(doc.at("/series/0/points/0/scalingEfficiency").asDouble()).isEqualTo(1.0);
        assertThat(doc.at("/pareto/objectives/0/name").asText()).as("the simulator's power model gives energy").isEqualTo("energyPerToken");
        assertThat(doc.at("/orthogonality/runs").asInt()).isEqualTo(5);
        assertThat(Files.readString(out.resolve("sweep.html"))).contains("data-title=\"TPS–FTL curve\"", "<section id=\"orthogonality\">",
                "<section id=\"pareto\">");
    }

    @Test
    void aRateSweepRunsEachPointOpenLoopAtItsOwnRate() throws Exception {
        // the rate is what makes a run open loop, and the sweep refuses --rate beside --sweep rate: sweeping it must
        // not need the flag (it once asked for --rate, then refused it)
        Path out = tmp.resolve("rates");
        CliHarness cli = new CliHarness();
        assertThat(cli.run("sweep", "--backend", "sim", "--sweep", "rate=2,4,8", "--input-length", "64", "--output-length", "16",
                "--duration", "10s", "--seed", "3", "--backend-option", "clock=virtual", "--output-dir", out.toString()))
                .as(cli.err()).isZero();
        JsonNode points = JSON.readTree(out.resolve("sweep.json").toFile()).at("/series/0/points");
        assertThat(points).hasSize(3);
        List<String> profiles = new ArrayList<>();
        for (JsonNode p : points) {
            JsonNode workload = JSON.readTree(out.resolve(p.path("dir").asText()).resolve("report.json").toFile()).at("/config/workload");
            assertThat(workload.path("mode").asText()).isEqualTo("open");
            profiles.add(workload.path("profile").asText());
        }
        assertThat(profiles).containsExactly("steady:2.0", "steady:4.0", "steady:8.0");
        CliHarness bad = new CliHarness();
        assertThat(bad.run("sweep", "--backend", "sim", "--sweep", "rate=fast,4", "--output-dir", tmp.resolve("bad-rate").toString()))
                .isEqualTo(2);
        assertThat(bad.err()).contains("at the point rate=fast", "expected a number, got 'fast'")
                .doesNotContain("closed loop").doesNotContain("give it once");
    }

    @Test
    void badSweepsFailBeforeAnythingRunsNamingTheFlagAndThePoint() {
        Path out = tmp.resolve("bad");
        CliHarness twice = new CliHarness();
        assertThat(twice.run("sweep", "--backend", "sim", "--sweep", "max-concurrent=1,2", "--max-concurrent", "3", "--output-dir",
                out.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(twice.err()).contains("--sweep max-concurrent: also given as --max-concurrent; give it once (in --sweep)");
        CliHarness badValue = new CliHarness();
        assertThat(badValue.run("sweep", "--backend", "sim", "--sweep", "max-concurrent=1,2", "--sweep", "input-length=8,lots",
                "--output-dir", out.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(badValue.err()).contains("at the point input-length=lots,max-concurrent=1: ").contains("--input-length");
        CliHarness dots = new CliHarness();
        assertThat(dots.run("sweep", "--backend", "sim", "--sweep", "max-concurrent=1,2,4,...,100", "--output-dir", out.toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(dots.err()).contains("the sequence 1,2,4,... does not reach 100");
        assertThat(out.resolve("sweep.json")).doesNotExist();
        Path used = tmp.resolve("used");
        assertThat(used.toFile().mkdirs()).isTrue();
        assertThat(used.resolve("sweep.json").toFile().exists() || used.resolve("old.txt").toFile().mkdir()).isTrue();
        CliHarness notEmpty = new CliHarness();
        assertThat(notEmpty.run("sweep", "--backend", "sim", "--sweep", "max-concurrent=1,2", "--output-dir", used.toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(notEmpty.err()).contains("--output-dir: " + used + " is not empty").contains("--overwrite");
    }

    @Test
    void noProgressIsAcceptedAndAFailingPointShowsItsOwnReasonAndFailsTheSweep() throws Exception {
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k())
                .settings(SimSettings.builder().model("llama-3.1-8b").timeScale(0.01).build()).start();
             ServerSocket closed = new ServerSocket(0)) {
            int deadPort = closed.getLocalPort();
            closed.close(); // nothing listens there any more: the second point's pre-flight check fails
            Path out = tmp.resolve("failing");
            CliHarness cli = new CliHarness();
            int code = cli.run("sweep", "--backend", "openai", "--model", "llama-3.1-8b", "--sweep",
                    "url=http://127.0.0.1:" + server.port() + ",http://127.0.0.1:" + deadPort, "--no-progress", "--num-requests", "4",
                    "--input-length", "16", "--output-length", "4", "--seed", "1", "--output-dir", out.toString());
            assertThat(code).as(cli.err()).isEqualTo(ExitCodes.FAILURE);
            assertThat(cli.err()).doesNotContain("should be specified only once").doesNotContain("Try 'benchsuite run --help'")
                    .contains("point 2 (url=http://127.0.0.1:" + deadPort + "): FAILED: backend 'openai' is not usable: ")
                    .contains("1 of 2 points failed: url=http://127.0.0.1:" + deadPort + ": backend 'openai' is not usable");
            JsonNode doc = JSON.readTree(out.resolve("sweep.json").toFile());
            assertThat(doc.at("/series/0/points/0/status").asText()).isEqualTo("completed");
            assertThat(doc.at("/series/0/points/1/status").asText()).isEqualTo("failed");
            assertThat(doc.at("/series/0/points/1/error").asText()).as("the point's own reason")
                    .startsWith("backend 'openai' is not usable: ").doesNotContain("--help");
        }
    }

    @Test
    void aSweepOverSecretsShowsThemMaskedInNamesDirectoriesDocumentsAndConsole() throws Exception {
        String k1 = "k1secretAAAA1", k2 = "k2secretBBBB2", pw1 = "pw1secretCCCC", pw2 = "pw2secretDDDD";
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k())
                .settings(SimSettings.builder().model("llama-3.1-8b").timeScale(0.01).build()).start()) {
            int port = server.port();
            Path out = tmp.resolve("secret-axes");
            CliHarness cli = new CliHarness();
            int code = cli.run("sweep", "--backend", "openai", "--model", "llama-3.1-8b",
                    "--sweep", "header.X-Api-Key=" + k1 + "," + k2, "--sweep", "url=http://u:" + pw1 + "@127.0.0.1:" + port
                            + ",http://u:" + pw2 + "@127.0.0.1:" + port,
                    "--num-requests", "4", "--max-concurrent", "2", "--input-length", "16", "--output-length", "4", "--seed", "1",
                    "--output-dir", out.toString());
            assertThat(code).as(cli.err()).isZero();
            StringBuilder everything = new StringBuilder(cli.out()).append(cli.err());
            try (Stream<Path> files = Files.walk(out)) {
                for (Path f : files.toList()) {
                    everything.append('\n').append(f);
                    if (Files.isRegularFile(f)) everything.append('\n').append(Files.readString(f));
                }
            }
            for (String secret : List.of(k1, k2, pw1, pw2)) {
                assertThat(everything.toString()).as("no trace of " + secret).doesNotContain(secret)
                        .doesNotContain(secret.substring(0, 8));
            }
            JsonNode doc = JSON.readTree(out.resolve("sweep.json").toFile());
            assertThat(doc.at("/axes/0/values").toString() + doc.at("/axes/1/values")).contains("***#1", "***#2",
                    "http://127.0.0.1:" + port);
            assertThat(doc.at("/series").size()).isEqualTo(2);
            assertThat(doc.at("/series/0/points").size()).isEqualTo(2);
            assertThat(cli.err()).contains("header.X-Api-Key=***#1");
        }
    }
}
