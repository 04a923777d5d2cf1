package io.benchsuite.backends.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.openai.VllmProvider;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.workload.DataInput;
import io.benchsuite.core.workload.MooncakeTraceSource;
import io.benchsuite.core.workload.TraceOptions;
import io.benchsuite.sim.server.SimHttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every HTTP backend, end to end through the engine, against the simulator served over loopback
 * ({@code benchsuite serve-sim}'s server).
 */
class ServeSimEndToEndTest {

    private static SimHttpServer server(double timeScale, SimHttpServer.Builder faults) {
        Map<String, String> cfg = Map.of("model", "qwen2.5-0.5b", "device", "h100", "time-scale", Double.toString(timeScale));
        return faults.config(BackendConfig.of(cfg)).tokenizer(Tokenizers.cl100k()).port(0).start();
    }

    private static RunResult run(String backend, Map<String, String> config, Workload w, Path dir) {
        return Benchmark.named("e2e").backend(backend, Fixtures.config(config)).workload(w)
                .seed(SeedChain.fromLong(3)).outputDir(dir).retainRequests(true).run();
    }

    private static Workload closed(int users, int requests, int outTokens, boolean stream) {
        return Workload.closed(users).maxRequests(requests).inputTokens(LengthDistribution.fixed(64))
                .outputTokens(LengthDistribution.fixed(outTokens)).stream(stream).build();
    }

    @ParameterizedTest(name = "{0} {1} stream={2} usage={3}")
    @CsvSource({
            "vllm, chat, true, true",
            "vllm, completions, true, true",
            "vllm, chat, false, true",
            "vllm, completions, false, true",
            "openai, chat, true, false",
            "sglang, chat, true, true",
            "llamacpp, completions, true, true",
            "transformers, chat, true, true",
            "tgi, chat, true, true",
            "tgi-native, chat, true, true"})
    void everyBackendMeasuresTheSimulatorOverHttp(String backend, String endpoint, boolean stream, boolean usage,
                                                   @TempDir Path dir) throws IOException {
        try (SimHttpServer s = server(0.05, SimHttpServer.builder())) {
            Map<String, String> cfg = new HashMap<>(Map.of("url", s.baseUri().toString(), "model", "qwen2.5-0.5b"));
            if (!backend.equals("tgi-native")) cfg.put("endpoint", endpoint);
            if (!usage) cfg.put("include-usage", "false");
            RunResult r = run(backend, cfg, closed(4, 12, 16, stream), dir);

            assertThat(r.requests()).hasSize(12).allMatch(RequestRecord::succeeded);
            for (RequestRecord rec : r.requests()) {
                assertThat(rec.outputTokens()).as("exact output length").isEqualTo(16);
                assertThat(rec.ttftNanos()).isPositive();
                assertThat(rec.e2eNanos()).isGreaterThanOrEqualTo(rec.ttftNanos());
                if (stream) assertThat(rec.itl().size()).isEqualTo(15);
            }
            TokenSource expected = usage ? TokenSource.SERVER : (stream ? TokenSource.STREAM : TokenSource.TOKENIZER);
            assertThat(r.requests()).allMatch(x -> x.tokenSource() == expected);
            if (usage && !backend.equals("tgi-native")) {
                assertThat(r.requests()).allMatch(x -> x.serverPromptTokens() > 0);
            }
            assertThat(dir.resolve("report.json")).exists();
            assertThat(r.info().backend().name()).isEqualTo(backend);
            // every new connection is timed and charged to the request that opened it; reused ones are not
            long opened = r.requests().stream().filter(x -> x.connectNanos() >= 0).count();
            assertThat(opened).as("requests that opened a connection").isBetween(1L, 12L);
            // (Not "at least 3 for 4 users": on a loaded machine the first user's request can finish and
            // free its connection before the dispatcher, still cold, has sent the fourth.)
            assertThat(r.requests()).filteredOn(x -> x.connectNanos() >= 0).allMatch(x -> x.connectNanos() < 5_000_000_000L);
        }
    }

    @Test
    void prewarmedConnectionsLeaveNoConnectInsideARequest(@TempDir Path dir) throws IOException {
        try (SimHttpServer s = server(0.05, SimHttpServer.builder())) {
            Map<String, String> cfg = Map.of("url", s.baseUri().toString(), "model", "qwen2.5-0.5b",
                    "prewarm-connections", "4");
            RunResult r = run("vllm", cfg, closed(4, 12, 8, true), dir);
            assertThat(r.requests()).hasSize(12).allMatch(RequestRecord::succeeded);
            if ("httpclient".equals(System.getProperty("benchsuite.test.transport"))) {
                // HttpClient 5 opens connections only for requests: the option changes nothing there
                assertThat(r.requests()).anyMatch(x -> x.connectNanos() >= 0);
            } else {
                assertThat(r.requests()).as("the pre-flight check opened the four connections the run needs")
                        .allMatch(x -> x.connectNanos() < 0);
            }
        }
    }

    private static Workload bursts() {
        // five requests at 0 ms, three at 200 ms: every one of them due in the first second
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            t.append("{\"timestamp\": ").append(i < 5 ? 0 : 200).append(", \"input_length\": ").append(40 + i)
                    .append(", \"output_length\": 4}\n");
        }
        byte[] bytes = t.toString().getBytes(StandardCharsets.UTF_8);
        return Workload.open().source(new MooncakeTraceSource(
                DataInput.of("bursts.jsonl", () -> new ByteArrayInputStream(bytes)),
                TraceOptions.defaults())).build();
    }

    @Test
    void aReplayedTracesFirstBurstsFindTheirConnectionsOpen(@TempDir Path dir) throws IOException {
        Assumptions.assumeFalse("httpclient".equals(System.getProperty("benchsuite.test.transport")),
                "HttpClient 5 opens connections only for requests");
        // real time: each answer takes tens of milliseconds, so a burst's requests are in flight together
        try (SimHttpServer s = server(1.0, SimHttpServer.builder())) {
            RunResult r = run("vllm", Map.of("url", s.baseUri().toString(), "model", "qwen2.5-0.5b"), bursts(), dir.resolve("a"));
            assertThat(r.requests()).hasSize(8).allMatch(RequestRecord::succeeded);
            assertThat(r.requests()).as("opened before the clock: no request connected").allMatch(x -> x.connectNanos() < 0);

            // prewarm-connections=0: every connect stays inside the latency of the request that made it
            RunResult none = run("vllm", Map.of("url", s.baseUri().toString(), "model", "qwen2.5-0.5b",
                    "prewarm-connections", "0"), bursts(), dir.resolve("b"));
            assertThat(none.requests()).hasSize(8).allMatch(RequestRecord::succeeded);
            assertThat(none.requests()).as("the first burst's five cannot all share the pre-flight check's connection")
                    .anyMatch(x -> x.scheduledOffsetNanos() == 0 && x.connectNanos() >= 0);
        }
    }

    @Test
    void sixtyFourStreamsRunAtOnce(@TempDir Path dir) throws IOException {
        // Llama-3-8B on an A100 in real time: ~10 ms per decode step, so 300 tokens keep every stream
        // open for about 3 s, far longer than opening 64 connections takes even on a loaded machine.
        Map<String, String> cfg = Map.of("model", "llama-3-8b", "device", "a100-80gb", "time-scale", "1");
        try (SimHttpServer s = SimHttpServer.builder().config(BackendConfig.of(cfg)).tokenizer(Tokenizers.cl100k())
                .port(0).start()) {
            RunResult r = run("vllm", Map.of("url", s.baseUri().toString(), "model", "llama-3-8b"),
                    closed(64, 64, 300, true), dir);
            long lastDispatch = r.requests().stream().mapToLong(RequestRecord::dispatchOffsetNanos).max().orElseThrow();
            System.out.printf("64 streams: last dispatch %.1f ms, last sent %.1f ms, first end %.1f ms%n",
                    lastDispatch / 1e6, r.requests().stream().mapToLong(RequestRecord::sentOffsetNanos).max().orElseThrow() / 1e6,
                    r.requests().stream().mapToLong(RequestRecord::endOffsetNanos).min().orElseThrow() / 1e6);
            assertThat(r.requests()).hasSize(64).allMatch(RequestRecord::succeeded);
            long lastSent = r.requests().stream().mapToLong(RequestRecord::sentOffsetNanos).max().orElseThrow();
            long firstEnd = r.requests().stream().mapToLong(RequestRecord::endOffsetNanos).min().orElseThrow();
            assertThat(lastSent).as("every stream was open before the first one ended").isLessThan(firstEnd);
        }
    }

    @Test
    void injectedFaultsAreTypedCountedAndTheRunCompletes(@TempDir Path dir) throws IOException {
        SimHttpServer.Builder faults = SimHttpServer.builder().errorRate(0.15).rateLimitRate(0.1).resetRate(0.1)
                .malformedChunkRate(0.1).errorEventRate(0.1).faultSeed(11);
        try (SimHttpServer s = server(0.02, faults)) {
            RunResult r = run("vllm", Map.of("url", s.baseUri().toString(), "model", "qwen2.5-0.5b"),
                    closed(4, 120, 8, true), dir);
            assertThat(r.status()).isEqualTo(RunResult.Status.COMPLETED);
            assertThat(r.summary().errorsByKind()).containsKeys("http_5xx", "http_429", "malformed_response",
                    "server_error_event");
            assertThat(r.summary().errorsByKind().keySet()).containsAnyOf("stream_reset", "stream_truncated");
            long failed = r.summary().errorsByKind().values().stream().mapToLong(Long::longValue).sum();
            assertThat(r.summary().counts().failed()).isEqualTo(failed);
            assertThat(r.summary().counts().succeeded()).isEqualTo(120 - failed).isPositive();
            assertThat(r.summary().ttft().count()).isEqualTo(r.summary().counts().succeeded());
            assertThat(Files.readAllLines(dir.resolve("requests.jsonl"))).hasSize(120);
            assertThat(Files.readString(dir.resolve("report.json"))).contains("\"http_429\"");
        }
    }

    @Test
    void aServerThatIsDownFailsFastAtPreflightOrCountsRefusals(@TempDir Path dir) throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Map<String, String> cfg = Map.of("url", "http://127.0.0.1:" + port, "model", "m");
        assertThatThrownBy(() -> run("vllm", cfg, closed(2, 4, 4, true), dir))
                .isInstanceOf(BackendException.class).hasMessageContaining("127.0.0.1:" + port)
                .hasMessageContaining("refused");
        RunResult r = Benchmark.named("down").backend("vllm", Fixtures.config(cfg)).preflight(false)
                .workload(closed(2, 4, 4, true)).seed(SeedChain.fromLong(1)).outputDir(dir).run();
        assertThat(r.summary().errorsByKind()).containsEntry("connection_refused", 4L);
        assertThat(dir.resolve("report.json")).exists();
    }

    @Test
    void theApiKeyIsSentButAppearsInNoReport(@TempDir Path dir) throws IOException {
        String secret = "sk-test-DO-NOT-LEAK-4711";
        BackendRegistry registry = BackendRegistry.of(List.of(new VllmProvider(EnvironmentVariables.of(Map.of("BENCH_KEY", secret)))));
        try (SimHttpServer s = server(0.05, SimHttpServer.builder())) {
            RunResult r = Benchmark.named("secret").registry(registry)
                    .backend("vllm", Fixtures.config(Map.of("url", s.baseUri().toString(), "model", "qwen2.5-0.5b",
                            "api-key-env", "BENCH_KEY", "header.X-Api-Token", secret)))
                    .workload(closed(2, 4, 4, true)).seed(SeedChain.fromLong(1)).outputDir(dir).retainRequests(true).run();
            assertThat(r.requests()).allMatch(RequestRecord::succeeded);
            assertThat(r.toString()).doesNotContain(secret);
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    assertThat(Files.readString(f)).as(f.getFileName().toString()).doesNotContain(secret);
                }
            }
        }
    }
}
