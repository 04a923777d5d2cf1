package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code benchsuite run -f scenario.yaml}: phases run one after another, each with its own report and
 * seed; re-running (the file, or the resolved scenario in a report.json) sends the same schedule and
 * prompts; the command line overrides the file; bad files are reported at the key and line.
 */
class ScenarioFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static final String THREE_PHASES = """
            description: warm-up, steady and burst against the simulator
            name: mix
            seed: 7
            input-length: 32
            output-length: 4
            backend-option:
              time-scale: 0.01
            phases:
              - name: warm-up
                max-concurrent: 2
                num-requests: 6
              - name: steady
                rate: 40
                duration: 500ms
                prefix-groups: 2
                prefix-length: 64
              - name: burst
                rate: 80
                arrival: constant
                duration: 250ms
            """;

    private Path write(String name, String text) throws IOException {
        Path f = tmp.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    /** Each request of a phase without its timings: what was sent, in order. */
    private static List<String> sent(Path phaseDir) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(phaseDir.resolve("requests.jsonl"))) {
            JsonNode r = JSON.readTree(line);
            String at = r.has("user") ? "" : " at " + r.get("scheduledOffsetMs").asText(); // open loop: the schedule too
            out.add(r.get("index").asLong() + " " + r.get("promptHash").asText() + " " + r.get("inputTokens").asInt() + "/"
                    + r.get("outputTokens").asInt() + at);
        }
        out.sort(null);
        return out;
    }

    @Test
    void threePhasesRunInSequenceAndRerunIdentically() throws IOException {
        Path file = write("scenario.yaml", THREE_PHASES);
        CliHarness first = new CliHarness();
        assertThat(first.run("run", "-f", file.toString(), "--output-dir", tmp.resolve("a").toString(), "--no-progress"))
                .as(first.err()).isZero();
        assertThat(first.out()).contains("phase 1/3 'warm-up'", "phase 2/3 'steady'", "phase 3/3 'burst'");
        String[] phases = {"01-warm-up", "02-steady", "03-burst"};
        for (String p : phases) assertThat(tmp.resolve("a").resolve(p).resolve("report.json")).exists();

        CliHarness again = new CliHarness();
        assertThat(again.run("run", "-f", file.toString(), "--output-dir", tmp.resolve("b").toString(), "--no-progress"))
                .as(again.err()).isZero();
        // the resolved scenario from a report, run again
        CliHarness fromReport = new CliHarness();
        assertThat(fromReport.run("run", "-f", tmp.resolve("a/02-steady/report.json").toString(), "--output-dir",
                tmp.resolve("c").toString(), "--no-progress")).as(fromReport.err()).isZero();
        for (String p : phases) {
            List<String> a = sent(tmp.resolve("a").resolve(p));
            assertThat(a).isNotEmpty();
            assertThat(sent(tmp.resolve("b").resolve(p))).as(p + " re-run").isEqualTo(a);
            assertThat(sent(tmp.resolve("c").resolve(p))).as(p + " from report.json").isEqualTo(a);
        }
        assertThat(sent(tmp.resolve("a/01-warm-up"))).hasSize(6);
        assertThat(sent(tmp.resolve("a/02-steady"))).allMatch(s -> s.contains(" 96/4 at "));

        JsonNode report = JSON.readTree(tmp.resolve("a/02-steady/report.json").toFile());
        assertThat(report.at("/run/name").asText()).isEqualTo("mix/steady");
        assertThat(report.at("/seed/scenario").asText()).as("each phase its own seed").isEqualTo("mix/steady");
        JsonNode scenario = report.get("scenario");
        assertThat(scenario.get("file").asText()).isEqualTo(file.toString());
        assertThat(scenario.get("phase").asText()).isEqualTo("steady");
        assertThat(scenario.get("phaseIndex").asInt()).isEqualTo(2);
        assertThat(scenario.get("phases").asInt()).isEqualTo(3);
        JsonNode resolved = scenario.get("resolved");
        assertThat(resolved.get("seed").asText()).isEqualTo("7");
        assertThat(resolved.get("output-dir").asText()).as("the command line's flag, in place of the file's")
                .isEqualTo(tmp.resolve("a").toString());
        assertThat(resolved.at("/phases/1/rate").asText()).isEqualTo("40");
        assertThat(resolved.at("/backend-option/time-scale").asText()).isEqualTo("0.01");
        assertThat(report.at("/workload/source").asText()).isEqualTo("synthetic:input=fixed:32,output=fixed:4,groups=2,prefix=64,uniform");
    }

    @Test
    void theCommandLineOverridesTheFileInEveryPhase() throws IOException {
        Path file = write("s.yaml", """
                seed: 3
                output-length: 16
                input-length: 8
                backend-option: {time-scale: 0.01}
                phases:
                  - name: one
                    num-requests: 2
                    max-concurrent: 1
                  - name: two
                    num-requests: 3
                    output-length: 12
                """);
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "-f", file.toString(), "--output-length", "5", "--output-dir", tmp.resolve("o").toString(),
                "--no-progress")).as(cli.err()).isZero();
        assertThat(sent(tmp.resolve("o/01-one"))).hasSize(2).allMatch(s -> s.endsWith("/5"));
        assertThat(sent(tmp.resolve("o/02-two"))).hasSize(3).allMatch(s -> s.endsWith("/5"));
        JsonNode resolved = JSON.readTree(tmp.resolve("o/02-two/report.json").toFile()).at("/scenario/resolved");
        assertThat(resolved.get("output-length").asText()).isEqualTo("5");
        assertThat(resolved.at("/phases/1").has("output-length")).as("overridden in every phase").isFalse();
    }

    private String error(String yaml, String... extra) throws IOException {
        Path file = write("bad.yaml", yaml);
        CliHarness cli = new CliHarness();
        List<String> args = new ArrayList<>(List.of("run", "-f", file.toString(), "--no-progress", "--output-dir",
                tmp.resolve("never").toString()));
        args.addAll(List.of(extra));
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(tmp.resolve("never")).doesNotExist();
        return cli.err().lines().findFirst().orElse("").replace(file.toString(), "bad.yaml");
    }

    @Test
    void badFilesAreReportedAtTheirKeyPathAndLine() throws IOException {
        assertThat(error("""
                seed: 1
                phases:
                  - name: a
                    num-requests: 2
                  - name: b
                    rate: fast
                """)).isEqualTo("benchsuite run: bad.yaml: phases[1].rate (line 6): must be a finite number > 0, got fast");
        assertThat(error("""
                seed: 1
                rat: 5
                """)).startsWith("benchsuite run: bad.yaml: rat (line 2): unknown key 'rat'; a scenario's keys are");
        assertThat(error("""
                phases:
                  - name: a
                    --rate: 5
                """)).startsWith("benchsuite run: bad.yaml: phases[0].--rate (line 3): unknown key '--rate' (write keys "
                + "without the leading --)");
        assertThat(error("""
                seed: 1
                phases:
                  - rate: 5
                """)).isEqualTo("benchsuite run: bad.yaml: phases[0] (line 3): a phase needs a name (e.g. name: warm-up)");
        assertThat(error("""
                phases:
                  - name: a
                  - name: a
                """)).isEqualTo("benchsuite run: bad.yaml: phases[1].name (line 3): phase name 'a' is used twice");
        assertThat(error("""
                injections:
                  - content: hello
                    ttl: forever
                """)).startsWith("benchsuite run: bad.yaml: injections[0].ttl (line 3): ");
        assertThat(error("""
                injections:
                  - content: hello
                    priority: whenever
                """)).isEqualTo("benchsuite run: bad.yaml: injections[0].priority (line 3): expected an injection priority: "
                + "low, normal or urgent, got 'whenever'");
        assertThat(error("""
                seed: 1
                rate: [1, 2]
                """)).isEqualTo("benchsuite run: bad.yaml: rate (line 2): expected a single value, got a list");
        assertThat(error("""
                no-stream: maybe
                """)).isEqualTo("benchsuite run: bad.yaml: no-stream (line 1): expected true or false, got 'maybe'");
        assertThat(error("""
                seed: 1
                rate: 5
                  duration: 2s
                """)).startsWith("benchsuite run: bad.yaml: not a valid scenario file at line 3");
        assertThat(error("seed: 1\n", "--rate", "nope"))
                .as("a bad flag on the command line is reported as the flag")
                .isEqualTo("benchsuite run: --rate: must be a finite number > 0, got nope");
        CliHarness missing = new CliHarness();
        assertThat(missing.run("run", "-f", tmp.resolve("none.yaml").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.err()).contains("-f: scenario file " + tmp.resolve("none.yaml") + " does not exist");
    }

    @Test
    void aSecondDocumentIsAnErrorAtItsLine() throws IOException {
        // was ignored without a word: the run used the first document only
        String twoDocuments = String.join("\n", "seed: 1", "rate: 5", "---", "rate: 50", "");
        assertThat(error(twoDocuments)).isEqualTo("benchsuite run: bad.yaml line 4: a second YAML document (after '---'); a scenario file "
                + "holds one: put the steps of one run under 'phases:', and other runs in files of their own");
    }

    @Test
    void oversizedLinesFilesAndBytesThatAreNotUtf8AreRefusedBeforeParsing() throws IOException {
        // a 30 MB one-line file took 230 s of CPU in the YAML parser before it was refused
        String longLine = "description: " + "x".repeat(ScenarioFile.MAX_LINE_BYTES) + "\n";
        assertThat(error("seed: 1\n" + longLine)).isEqualTo("benchsuite run: bad.yaml line 2: "
                + (longLine.length() - 1) + " bytes is over 1048576 (1 MB), the longest line of a scenario file read");
        Path big = tmp.resolve("big.yaml");
        byte[] line = ("# " + "x".repeat(1000) + "\n").getBytes(StandardCharsets.UTF_8);
        try (var out = Files.newOutputStream(big)) {
            for (long n = 0; n <= ScenarioFile.MAX_FILE_BYTES / line.length; n++) out.write(line);
        }
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "-f", big.toString(), "--output-dir", tmp.resolve("never").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).startsWith("benchsuite run: " + big + ": " + Files.size(big) + " bytes is over 16777216 (16 MB), "
                + "the largest scenario file read");
        Path latin1 = tmp.resolve("latin1.yaml");
        Files.write(latin1, "seed: 1\ndescription: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        CliHarness notUtf8 = new CliHarness();
        assertThat(notUtf8.run("run", "-f", latin1.toString(), "--output-dir", tmp.resolve("never").toString()))
                .isEqualTo(ExitCodes.USAGE);
        // was: cannot read the scenario file ...: Input length = 1
        assertThat(notUtf8.err()).startsWith("benchsuite run: " + latin1 + " line 2: not UTF-8 text (save the file as UTF-8)")
                .doesNotContain("Input length");
        assertThat(notUtf8.err().lines()).as("one line: the file is wrong, not the flags").hasSize(1);
    }

    @Test
    void headerValuesNeverReachTheResolvedScenario() throws IOException {
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k())
                .settings(SimSettings.builder().timeScale(0.01).build()).start()) {
            Path file = write("h.yaml", """
                    seed: 1
                    num-requests: 1
                    backend: vllm
                    model: llama-3-8b
                    header:
                      X-Tenant: blue
                    """);
            CliHarness cli = new CliHarness();
            assertThat(cli.run("run", "-f", file.toString(), "--url", server.baseUri().toString(), "--header",
                    "Authorization=Bearer sk-secret-1", "--output-dir", tmp.resolve("h").toString(), "--no-progress",
                    "--server-metrics-url", "none")).as(cli.err()).isZero();
        }
        String report = Files.readString(tmp.resolve("h/report.json"));
        assertThat(report).doesNotContain("sk-secret-1");
        JsonNode resolved = JSON.readTree(report).at("/scenario/resolved");
        // the command line's headers override the file's by name; a secret is written as its reference, and a
        // header that is no secret as it is, so that a rerun sends it (it used to be written as ***)
        assertThat(resolved.get("header").toString())
                .isEqualTo("{\"X-Tenant\":\"blue\",\"Authorization\":\"secret:command-line\"}");
    }

    @Test
    void aRunGivenByFlagsAloneRunsAgainFromItsReport() throws IOException {
        Path first = tmp.resolve("flags");
        CliHarness a = new CliHarness();
        assertThat(a.run("run", "--backend", "sim", "--backend-option", "clock=virtual", "--rate", "20", "--num-requests", "30",
                "--input-length", "uniform:20-60", "--output-length", "8", "--seed", "7", "--name", "by-flags", "--no-progress",
                "--output-dir", first.toString())).as(a.err()).isZero();
        JsonNode resolved = JSON.readTree(first.resolve("report.json").toFile()).at("/scenario/resolved");
        assertThat(resolved.path("rate").asText()).isEqualTo("20");
        assertThat(resolved.path("input-length").asText()).isEqualTo("uniform:20-60");
        assertThat(resolved.path("seed").asText()).isEqualTo("7");
        Path again = tmp.resolve("again");
        CliHarness b = new CliHarness();
        assertThat(b.run("run", "-f", first.resolve("report.json").toString(), "--output-dir", again.toString()))
                .as(b.err()).isZero();
        assertThat(sent(again)).as("the same requests at the same scheduled instants").isEqualTo(sent(first)).hasSize(30);
        JsonNode c1 = JSON.readTree(first.resolve("report.json").toFile()).path("config");
        JsonNode c2 = JSON.readTree(again.resolve("report.json").toFile()).path("config");
        assertThat(c2.path("workload")).isEqualTo(c1.path("workload"));
        assertThat(c2.path("backend")).isEqualTo(c1.path("backend"));
        assertThat(c2.path("slo")).isEqualTo(c1.path("slo"));
    }
}
