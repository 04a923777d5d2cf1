package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServeSimCommandTest {
    @Test
    void servesTheSimulatorThatRunMeasuresOverHttp(@TempDir Path dir) throws Exception {
        CliHarness server = new CliHarness();
        Path log = dir.resolve("server").resolve("requests.jsonl");
        CompletableFuture<Integer> serving = CompletableFuture.supplyAsync(() -> server.run("serve-sim", "--port", "0",
                "--duration", "20s", "--time-scale", "0.05", "--model", "qwen2.5-0.5b", "--device", "h100",
                "--option", "memory-utilization=0.8", "--request-log", log.toString()));
        URI base = null;
        Pattern url = Pattern.compile("at (http://[^\\s]+)");
        for (int i = 0; i < 200 && base == null; i++) {
            Matcher m = url.matcher(server.out());
            if (m.find()) base = URI.create(m.group(1));
            else Thread.sleep(50);
        }
        assertThat(base).as("serve-sim printed its address: %s %s", server.out(), server.err()).isNotNull();
        HttpResponse<String> health = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(base.resolve("/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);

        CliHarness client = new CliHarness();
        int code = client.run("run", "--backend", "vllm", "--url", base.toString(), "--model", "qwen2.5-0.5b",
                "--num-requests", "6", "--max-concurrent", "2", "--output-length", "8", "--no-progress",
                "--output-dir", dir.resolve("run").toString());
        assertThat(code).as(client.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("run").resolve("report.json").toFile());
        assertThat(report.path("backend").path("name").asText()).isEqualTo("vllm");
        assertThat(report.path("requests").path("succeeded").asInt()).isEqualTo(6);
        assertThat(report.path("tokens").path("output").asInt()).isEqualTo(48);
        // the server's own record of what it received: six requests, their prompts as the client counted them
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(6).allMatch(l -> l.matches("\\{\"n\":\\d+,\"receivedNanos\":\\d+,\"api\":\"chat\","
                + "\"promptTokens\":256,\"maxTokens\":8}"));
        assertThat(serving).isNotDone();
    }

    @Test
    void servesLlama3_70bOnFourH100sWithTensorParallel(@TempDir Path dir) throws Exception {
        CliHarness server = new CliHarness();
        CompletableFuture<Integer> serving = CompletableFuture.supplyAsync(() -> server.run("serve-sim", "--port", "0",
                "--duration", "30s", "--time-scale", "0.05", "--model", "llama-3-70b", "--device", "h100", "--tp", "4"));
        URI base = null;
        Pattern url = Pattern.compile("at (http://[^\\s]+)");
        for (int i = 0; i < 400 && base == null; i++) {
            Matcher m = url.matcher(server.out());
            if (m.find()) base = URI.create(m.group(1));
            else Thread.sleep(50);
        }
        assertThat(base).as("serve-sim printed its address: %s %s", server.out(), server.err()).isNotNull();
        assertThat(server.out()).contains("on 4 x h100");

        CliHarness client = new CliHarness();
        int code = client.run("run", "--backend", "vllm", "--url", base.toString(), "--model", "llama-3-70b",
                "--num-requests", "4", "--max-concurrent", "2", "--output-length", "8", "--no-progress",
                "--dcgm-url", base.resolve("/metrics").toString(), "--output-dir", dir.toString());
        assertThat(code).as(client.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
        assertThat(report.path("requests").path("succeeded").asInt()).isEqualTo(4);
        // the four simulated devices hold 70B parameters in bf16 (~141 GB) and the KV pool: more than one H100's 80 GB
        assertThat(report.at("/gpu/memoryUsedBytes/peak").asDouble()).isGreaterThan(200e9).isLessThan(4 * 80e9);
        assertThat(serving).isNotDone();
    }

    @Test
    void badFlagsExitTwoNamingTheFlag() {
        CliHarness h = new CliHarness();
        assertThat(h.run("serve-sim", "--port", "99999")).isEqualTo(ExitCodes.USAGE);
        assertThat(h.err()).contains("--port");
        CliHarness h2 = new CliHarness();
        assertThat(h2.run("serve-sim", "--error-rate", "1.5", "--port", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(h2.err()).contains("--error-rate");
        CliHarness h3 = new CliHarness();
        assertThat(h3.run("serve-sim", "--device", "tpu-v9", "--port", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(h3.err()).contains("tpu-v9").contains("a100-80gb");
        CliHarness h4 = new CliHarness();
        assertThat(h4.run("serve-sim", "--tp", "3", "--port", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(h4.err()).contains("--tp").contains("3").contains("1, 2, 4 or 8");
        CliHarness h5 = new CliHarness();
        assertThat(h5.run("serve-sim", "--tp", "two", "--port", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(h5.err()).contains("--tp");
        CliHarness notANumber = new CliHarness();
        // was: --port: For input string: "OK" (the JDK's text)
        assertThat(notANumber.run("serve-sim", "--port", "OK")).isEqualTo(ExitCodes.USAGE);
        assertThat(notANumber.err()).startsWith("benchsuite serve-sim: --port: expected a number, got 'OK'").doesNotContain("input string");
        CliHarness h6 = new CliHarness();
        assertThat(h6.run("serve-sim", "--model", "llama-3-70b", "--device", "h100", "--port", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(h6.err()).contains("llama-3-70b").contains("--tp");
        CliHarness h7 = new CliHarness();
        assertThat(h7.run("serve-sim", "--option", "memory-use=0.5", "--port", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(h7.err()).contains("--option: ").contains("'memory-use'").contains("memory-utilization");
    }
}
