package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (the one on the {@code PATH}: Debian's 2.42 in CI, the oldest supported) scrapes
 * a traced benchsuite run's {@code /metrics} with the shipped {@code prometheus-scrape.yml} and its
 * rules: the target stays up for the whole run (Prometheus before 2.43 refuses a whole scrape when a
 * {@code _count} line carries an exemplar), the exemplars arrive in its exemplar storage with the
 * exported traces' ids, and the recording rules produce series.
 */
class PrometheusScrapeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path SHIPPED = Path.of("..", "deploy", "prometheus");

    @TempDir
    Path tmp;

    @Test
    void prometheusScrapesATracedRunWithoutLosingTheTarget() throws Exception {
        Path prometheus = PrometheusBinaries.require("prometheus");
        int metricsPort = freePort();
        int webPort = freePort();
        Path config = config(metricsPort);
        ExecutorService exec = Executors.newSingleThreadExecutor();
        Process server = new ProcessBuilder(prometheus.toString(), "--config.file=" + config, "--storage.tsdb.path=" + tmp.resolve("data"),
                "--web.listen-address=127.0.0.1:" + webPort, "--enable-feature=exemplar-storage")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("prometheus.log").toFile()).start();
        String api = "http://127.0.0.1:" + webPort + "/api/v1/";
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            CliHarness cli = new CliHarness();
            double start = System.currentTimeMillis() / 1000.0;
            Future<Integer> code = exec.submit(() -> cli.run("run", "--backend", "fake", "--duration", "12s",
                    "--max-concurrent", "4", "--output-length", "4", "--no-progress", "--prometheus-port", String.valueOf(metricsPort),
                    "--otlp-endpoint", receiver.url(), "--otlp-signals", "traces", "--trace-sample-ratio", "1",
                    "--output-dir", tmp.resolve("run").toString()));
            Set<String> successfulScrapes = new TreeSet<>();
            List<String> errors = new ArrayList<>();
            while (!code.isDone()) {
                JsonNode target = target(api);
                if (target != null && code.isDone()) break; // the run's endpoint has closed: later scrapes fail by design
                if (target != null) {
                    String error = target.path("lastError").asText();
                    if (target.path("health").asText().equals("up")) successfulScrapes.add(target.path("lastScrape").asText());
                    else if (!error.isEmpty() && !error.contains("connection refused")) errors.add(error);
                }
                Thread.sleep(250);
            }
            double end = System.currentTimeMillis() / 1000.0;
            assertThat(code.get()).as(cli.err()).isZero();
            assertThat(errors).as("scrape errors while the run was live").isEmpty();
            assertThat(successfulScrapes).as("successful scrapes during the run; Prometheus' log:%n%s", log()).hasSizeGreaterThanOrEqualTo(3);

            JsonNode exemplars = answer(api + "query_exemplars?query=" + encode("e2e_latency_seconds_bucket")
                    + "&start=" + start + "&end=" + end).path("data");
            List<String> traceIds = new ArrayList<>();
            exemplars.forEach(series -> series.path("exemplars").forEach(e -> traceIds.add(e.at("/labels/trace_id").asText())));
            assertThat(traceIds).as("exemplars stored by Prometheus").isNotEmpty().allMatch(id -> id.matches("[0-9a-f]{32}"));

            JsonNode recorded = answer(api + "query_range?query=" + encode("benchsuite:e2e_latency_seconds:p99_1m") + "&start=" + start
                    + "&end=" + end + "&step=1").at("/data/result");
            assertThat(recorded.size()).as("series of the shipped recording rule").isPositive();
            assertThat(recorded.get(0).at("/metric/backend").asText()).isEqualTo("fake");
        } finally {
            exec.shutdownNow();
            server.destroy();
            server.waitFor();
        }
    }

    /** The shipped scrape config and rules, pointed at the run's port, scraped and evaluated every second. */
    private Path config(int metricsPort) throws IOException {
        ObjectNode config = (ObjectNode) YAML.readTree(SHIPPED.resolve("prometheus-scrape.yml").toFile());
        ((ObjectNode) config.path("global")).put("scrape_interval", "1s").put("evaluation_interval", "1s");
        ArrayNode targets = (ArrayNode) config.at("/scrape_configs/0/static_configs/0/targets");
        targets.removeAll().add("127.0.0.1:" + metricsPort);
        Path dir = Files.createDirectories(tmp.resolve("config/rules"));
        try (Stream<Path> rules = Files.list(SHIPPED.resolve("rules"))) {
            for (Path r : rules.toList()) {
                ObjectNode file = (ObjectNode) YAML.readTree(r.toFile());
                file.path("groups").forEach(g -> ((ObjectNode) g).put("interval", "1s"));
                YAML.writeValue(dir.resolve(r.getFileName()).toFile(), file);
            }
        }
        Path out = tmp.resolve("config/prometheus.yml");
        YAML.writeValue(out.toFile(), config);
        return out;
    }

    private String log() throws IOException {
        return Files.readString(tmp.resolve("prometheus.log"), StandardCharsets.UTF_8);
    }

    /** The one active target, or null while Prometheus is starting. */
    private static JsonNode target(String api) {
        JsonNode targets = get(api + "targets?state=active");
        JsonNode active = targets == null ? null : targets.at("/data/activeTargets");
        return active == null || active.size() == 0 ? null : active.get(0);
    }

    private static JsonNode answer(String url) {
        JsonNode body = get(url);
        assertThat(body).as("Prometheus' answer to " + url).isNotNull();
        return body;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static JsonNode get(String url) {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
            c.setConnectTimeout(500);
            c.setReadTimeout(5000);
            if (c.getResponseCode() != 200) return null;
            try (InputStream in = c.getInputStream()) {
                return JSON.readTree(in);
            }
        } catch (IOException e) {
            return null;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
