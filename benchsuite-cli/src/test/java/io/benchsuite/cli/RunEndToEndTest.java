package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A full run against the fake backend, in this JVM: exit 0, three files, the summary table, no secrets. */
class RunEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-e2e-secret-4242";
    private static final String HEADER_SECRET = "Bearer hdr-secret-7777";

    @TempDir
    Path tmp;

    @Test
    void closedLoopRunWritesReportsPrintsSummaryAndLeaksNoSecret() throws Exception {
        Path out = tmp.resolve("run1");
        CliHarness cli = new CliHarness(Map.of("E2E_KEY", KEY));
        int code = cli.run("run", "--backend", "fake", "--model", "m-1", "--duration", "2s", "--max-concurrent", "4",
                "--output-length", "16", "--input-length", "32", "--backend-option", "first-token=10ms",
                "--slo", "ttft=200ms,e2e=2s", "--seed", "7", "--name", "e2e", "--warmup", "200ms",
                "--api-key-env", "E2E_KEY", "--header", "Authorization=" + HEADER_SECRET,
                "--progress-interval", "500ms", "--client-stall-threshold", "7ms", "--output-dir", out.toString());
        assertThat(code).as(cli.err()).isEqualTo(0);

        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        assertThat(report.fieldNames()).toIterable().contains("schemaVersion", "tool", "run", "backend", "config",
                "seed", "environment", "requests", "rate", "ttft", "itl", "tpot", "e2e", "scheduleLag", "slotWait",
                "throughput", "goodput", "tokens", "errors", "timeSeries", "histograms");
        assertThat(report.at("/run/status").asText()).isEqualTo("completed");
        assertThat(report.at("/run/labels/quantization").asText()).isEqualTo("none");
        assertThat(report.at("/backend/name").asText()).isEqualTo("fake");
        assertThat(report.at("/backend/model").asText()).isEqualTo("m-1");
        assertThat(report.at("/config/workload/mode").asText()).isEqualTo("closed");
        assertThat(report.at("/config/workload/users").asText()).isEqualTo("steady:4.0");
        assertThat(report.at("/config/backend/api-key-env").asText()).isEqualTo("E2E_KEY");
        assertThat(report.at("/config/backend/header.Authorization").asText()).isEqualTo("secret:command-line");
        assertThat(report.at("/seed/source").asText()).isEqualTo("long:7");
        assertThat(report.at("/goodput/slo").asText()).isEqualTo("ttft=200ms,e2e=2s");
        long measured = report.at("/requests/measured").asLong();
        assertThat(measured).isGreaterThan(10);
        assertThat(report.at("/requests/warmup").asLong()).isGreaterThan(0);
        assertThat(report.at("/ttft/p99").asDouble()).isGreaterThanOrEqualTo(10.0);
        // the client watched itself: its hiccups, CPU and the flag threshold the flag set
        assertThat(report.at("/client/stallThresholdMs").asDouble()).isEqualTo(7.0);
        assertThat(report.at("/client/hiccups/samples").asLong()).as("a 1 ms meter over a 2 s run").isGreaterThan(100);
        assertThat(report.at("/client/hiccups/maxMs").asDouble()).isGreaterThanOrEqualTo(report.at("/client/hiccups/p99Ms").asDouble());
        assertThat(report.at("/client/cpu/processSeconds").asDouble()).isPositive();
        assertThat(report.at("/client/cpu/cores").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(report.at("/client/saturated").isArray()).isTrue();

        List<String> lines = Files.readAllLines(out.resolve("requests.jsonl"));
        assertThat(lines).hasSizeGreaterThan((int) measured);
        JsonNode first = JSON.readTree(lines.get(0));
        assertThat(first.fieldNames()).toIterable().contains("index", "window", "outcome", "scheduledOffsetMs",
                "ttftMs", "e2eMs", "inputTokens", "outputTokens", "itlMs");
        assertThat(first.get("outputTokens").asInt()).isEqualTo(16);

        List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
        assertThat(csv.get(0)).isEqualTo("metric,statistic,value,unit");
        assertThat(csv).anyMatch(l -> l.startsWith("ttft,p99,")).anyMatch(l -> l.startsWith("requests,measured," + measured + ","));

        String stdout = cli.out();
        assertThat(stdout).contains("benchsuite run 'e2e': backend fake, model m-1; closed loop, users steady:4.0; 2s; seed long:7")
                .contains("run 'e2e' COMPLETED")
                .contains("measured " + measured + ", succeeded " + measured + ", failed 0, cancelled 0")
                .contains("warm-up excluded")
                .contains("target n/a (closed loop)")
                .contains("output tok/s").contains("goodput")
                .containsPattern("latency \\(ms\\)\\s+mean\\s+p50\\s+p90\\s+p99\\s+p99\\.9\\s+max")
                .containsPattern("\\nTTFT\\s+\\d+\\.\\d\\d ")
                // no request reasoned: the reasoning split (TTFAT repeating TTFT, an empty TTFRT) is not shown
                .doesNotContain("TTFAT").doesNotContain("TTFRT")
                .containsPattern("\\nITL\\s+\\d").containsPattern("\\nTPOT\\s+\\d").containsPattern("\\nE2E\\s+\\d")
                .containsPattern("\\nschedule lag\\s+\\d").containsPattern("\\nslot wait\\s+")
                .containsPattern("\\nclient\\s+hiccups p50 \\d+\\.\\d{3} / p99 \\d+\\.\\d{3} / max \\d+\\.\\d{3} ms, CPU \\d+\\.\\d % of "
                        + "\\d+ cores \\(\\d+\\.\\d\\d s\\), \\d+ request\\(s\\) overlapped a client stall over 7\\.0 ms")
                .contains("errors               none")
                .contains("output               " + out);
        assertThat(cli.err()).contains("progress: elapsed=").contains("done=");

        assertNoSecret(cli, out);
    }

    @Test
    void openLoopRunReportsTargetAndAchievedRate() throws Exception {
        Path out = tmp.resolve("run2");
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "fake", "--rate", "40", "--arrival", "constant", "--duration", "1s",
                "--output-length", "8", "--no-progress", "--output-dir", out.toString());
        assertThat(code).as(cli.err()).isEqualTo(0);
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        assertThat(report.at("/config/workload/mode").asText()).isEqualTo("open");
        assertThat(report.at("/config/workload/arrival").asText()).isEqualTo("constant");
        assertThat(report.at("/requests/measured").asLong()).isBetween(30L, 41L);
        assertThat(cli.out()).contains("target 40.00 req/s (profile), scheduled ");
        assertThat(cli.err()).doesNotContain("progress:");
    }

    @Test
    void onATerminalProgressIsOneRedrawnLine() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CliContext tty = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), k -> null, true);
        int code = BenchsuiteCli.execute(tty, "run", "--backend", "fake", "--duration", "1s", "--output-length", "8",
                "--output-dir", tmp.resolve("run3").toString());
        assertThat(code).isZero();
        String progress = err.toString(StandardCharsets.UTF_8);
        assertThat(progress).startsWith("\r").contains("s/1s  done ").contains("done/s").contains("p99 TTFT")
                .doesNotContain("progress:");
        assertThat(progress.chars().filter(c -> c == '\r').count()).isGreaterThanOrEqualTo(3);
        assertThat(progress.chars().filter(c -> c == '\n').count()).isEqualTo(1);
    }

    private static void assertNoSecret(CliHarness cli, Path dir) throws Exception {
        assertThat(cli.out() + cli.err()).doesNotContain(KEY).doesNotContain("hdr-secret");
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(f)).as(f.toString()).doesNotContain(KEY).doesNotContain("hdr-secret");
            }
        }
    }
}
