package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --prometheus-port}, OTLP export, the report's host/gpu sections, flag errors. */
class ObservabilityCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static Set<String> documentedNames() throws Exception {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\| `([a-z0-9_]+)` \\|").matcher(Files.readString(Path.of("..", "docs", "metrics.md")));
        while (m.find()) names.add(m.group(1));
        return names;
    }

    private static String get(String url) {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
            c.setConnectTimeout(500);
            c.setReadTimeout(2000);
            if (c.getResponseCode() != 200) return null;
            try (InputStream in = c.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (Exception e) {
            return null;
        }
    }

    @Test
    void prometheusEndpointServesAllDocumentedMetricsDuringTheRun() throws Exception {
        Set<String> documented = documentedNames();
        assertThat(documented).hasSize(28);
        int port = freePort();
        CliHarness cli = new CliHarness();
        ExecutorService exec = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> code = exec.submit(() -> cli.run("run", "--backend", "fake", "--duration", "3s",
                    "--max-concurrent", "2", "--output-length", "8", "--no-progress", "--prometheus-port", String.valueOf(port),
                    "--output-dir", tmp.resolve("prom").toString()));
            String body = null;
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (System.nanoTime() < deadline && !code.isDone()) {
                body = get("http://127.0.0.1:" + port + "/metrics");
                if (body != null && body.contains("requests_total{") && body.contains("outcome=\"success\"")
                        && !body.contains("requests_total{backend=\"fake\",outcome=\"success\",run=\"default\"} 0.0")) {
                    break;
                }
                Thread.sleep(100);
            }
            assertThat(body).as("a /metrics response during the run").isNotNull();
            for (String name : documented) {
                assertThat(body).as(name).containsPattern("(?m)^" + Pattern.quote(name) + "(_total|_seconds_count)?\\{");
            }
            assertThat(body).contains("run=\"default\"").contains("backend=\"fake\"");
            assertThat(code.get()).as(cli.err()).isZero();
            assertThat(cli.err()).contains("live metrics at http://127.0.0.1:" + port + "/metrics");
            assertThat(get("http://127.0.0.1:" + port + "/metrics")).as("endpoint closed after the report").isNull();
        } finally {
            exec.shutdownNow();
        }
        JsonNode report = JSON.readTree(tmp.resolve("prom/report.json").toFile());
        assertThat(report.has("host")).isTrue();
        assertThat(report.at("/host/memory/heapPeakBytes").asLong()).isPositive();
        assertThat(report.has("gpu")).isTrue();
        assertThat(report.at("/gpu/available").isBoolean()).isTrue();
        assertThat(report.has("server")).as("in-process backend: no scraping").isFalse();
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("benchsuite-host") || n.startsWith("benchsuite-gpu") || n.startsWith("benchsuite-server")))
                .isEmpty();
    }

    @Test
    void tracesReachAnOtlpHttpReceiverWithTheHeadersAndAreNotLogged() throws Exception {
        List<byte[]> bodies = new CopyOnWriteArrayList<>();
        List<String> contentTypes = new CopyOnWriteArrayList<>();
        List<String> auth = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/v1/traces", ex -> {
            bodies.add(ex.getRequestBody().readAllBytes());
            contentTypes.add(ex.getRequestHeaders().getFirst("Content-Type"));
            auth.add(ex.getRequestHeaders().getFirst("Authorization"));
            ex.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            ex.sendResponseHeaders(200, 0);
            ex.close();
        });
        receiver.start();
        try {
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "fake", "--num-requests", "6", "--max-concurrent", "2",
                    "--output-length", "4", "--no-progress", "--name", "otlp",
                    "--otlp-endpoint", "http://127.0.0.1:" + receiver.getAddress().getPort(),
                    "--otlp-header", "Authorization=Bearer otlp-secret-123",
                    "--trace-hash-attribute", "gen_ai.request.model", "--trace-drop-attribute", "benchsuite.request.index",
                    "--output-dir", tmp.resolve("otlp").toString());
            assertThat(code).as(cli.err()).isZero();
            assertThat(bodies).isNotEmpty();
            assertThat(bodies).allSatisfy(b -> assertThat(b).isNotEmpty());
            assertThat(contentTypes).allSatisfy(t -> assertThat(t).isEqualTo("application/x-protobuf"));
            assertThat(auth).allSatisfy(a -> assertThat(a).isEqualTo("Bearer otlp-secret-123"));
            String all = new String(concat(bodies), StandardCharsets.ISO_8859_1);
            assertThat(all).contains("benchsuite.request").contains("benchsuite.run").contains("first_token")
                    .contains(AttributeFilter.sha256("llama-3-8b"))
                    .doesNotContain("benchsuite.request.index");
            assertThat(count(all, "benchsuite.request")).isGreaterThanOrEqualTo(6);
            assertThat(cli.out() + cli.err()).doesNotContain("otlp-secret-123");
        } finally {
            receiver.stop(0);
        }
    }

    private static byte[] concat(List<byte[]> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        parts.forEach(out::writeBytes);
        return out.toByteArray();
    }

    private static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) n++;
        return n;
    }

    @Test
    void badObservabilityFlagsExit2NamingTheFlag() {
        String[][] cases = {
            {"--prometheus-port", "70000", "--prometheus-port: expected a port 0-65535"},
            {"--trace-sample-ratio", "1.5", "--trace-sample-ratio: expected a number from 0 to 1"},
            {"--otlp-endpoint", "localhost:4318", "--otlp-endpoint: expected an http:// or https:// URL"},
            {"--server-metrics-url", "ftp://x/metrics", "--server-metrics-url: expected an http:// or https:// URL"},
            {"--server-metrics-interval", "0", "--server-metrics-interval: must be > 0"},
        };
        for (String[] c : cases) {
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "fake", "--num-requests", "1", "--no-progress", c[0], c[1],
                    "--output-dir", tmp.resolve("bad").toString());
            assertThat(code).as(c[0]).isEqualTo(2);
            assertThat(cli.err()).as(c[0]).contains(c[2]);
        }
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "fake", "--num-requests", "1", "--otlp-protocol", "thrift",
                "--otlp-endpoint", "http://127.0.0.1:1")).isEqualTo(2);
        assertThat(cli.err()).contains("--otlp-protocol: expected http/protobuf or grpc, got 'thrift'");
        CliHarness secret = new CliHarness();
        assertThat(secret.run("run", "--backend", "fake", "--num-requests", "1", "--otlp-header", "Authorization")).isEqualTo(2);
        assertThat(secret.err()).contains("--otlp-header: expected Name=Value");
    }

    @Test
    void serverMetricsDefaultToTheBackendUrl() {
        CliHarness cli = new CliHarness();
        RunPlan plan = cli.plan("--backend", "fake", "--url", "http://127.0.0.1:8000/");
        RunCommand cmd = (RunCommand) BenchsuiteCli.commandLine(cli.ctx).parseArgs("run", "--backend", "fake", "--url",
                "http://127.0.0.1:8000/").subcommand().commandSpec().userObject();
        assertThat(cmd.observability(plan).serverMetricsUrl()).hasToString("http://127.0.0.1:8000/metrics");
        RunCommand none = (RunCommand) BenchsuiteCli.commandLine(cli.ctx).parseArgs("run", "--backend", "fake",
                "--server-metrics-url", "none").subcommand().commandSpec().userObject();
        assertThat(none.observability(cli.plan("--backend", "fake")).serverMetricsUrl()).isNull();
        RunCommand sim = (RunCommand) BenchsuiteCli.commandLine(cli.ctx).parseArgs("run").subcommand().commandSpec().userObject();
        assertThat(sim.observability(cli.plan()).serverMetricsUrl()).as("in-process: off").isNull();
    }

    @Test
    void thePrometheusEndpointListensOnLoopbackUnlessToldAndTheScraperHonoursInsecure() throws Exception {
        CliHarness cli = new CliHarness();
        picocli.CommandLine.ParseResult pr = BenchsuiteCli.commandLine(cli.ctx).parseArgs("run", "--backend", "openai",
                "--prometheus-port", "0", "--insecure", "--url", "https://127.0.0.1:9");
        RunCommand cmd = (RunCommand) pr.subcommand().commandSpec().userObject();
        Observability.Settings settings = cmd.observability(cmd.plan());
        assertThat(settings.prometheusHost()).isEqualTo("127.0.0.1");
        assertThat(settings.insecure()).isTrue();
        try (Observability obs = Observability.start(settings)) {
            assertThat(obs.prometheusUrl()).startsWith("http://127.0.0.1:").endsWith("/metrics");
        }
        CliHarness all = new CliHarness();
        RunCommand wide = (RunCommand) BenchsuiteCli.commandLine(all.ctx).parseArgs("run", "--backend", "fake",
                "--prometheus-port", "0", "--prometheus-host", "0.0.0.0").subcommand().commandSpec().userObject();
        try (Observability obs = Observability.start(wide.observability(wide.plan()))) {
            assertThat(obs.prometheusUrl()).startsWith("http://localhost:");
        }
        assertThat(new CliHarness().run("run", "--backend", "fake", "--prometheus-port", "0", "--prometheus-host",
                "no.such.host.invalid")).isEqualTo(ExitCodes.USAGE);
    }
}
