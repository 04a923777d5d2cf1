package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.sim.SimSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated server over loopback with the JDK client. Most tests run at time-scale 0.05 (20x
 * faster than real time) so streams take tens of milliseconds; timing assertions use generous bounds.
 */
class SimHttpServerTest {
    static final ObjectMapper JSON = new ObjectMapper();
    /** Whitespace tokenizer: one token per word. */
    static final Tokenizer WORDS = new Tokenizer() {
        @Override
        public String name() {
            return "whitespace";
        }

        @Override
        public int countTokens(String text) {
            String t = text.trim();
            return t.isEmpty() ? 0 : t.split("\\s+").length;
        }
    };

    static SimHttpServer server;
    static HttpClient client;

    @BeforeAll
    static void start() {
        server = SimHttpServer.builder().settings(SimSettings.builder().timeScale(0.05).build()).tokenizer(WORDS).start();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpResponse<String> post(SimHttpServer s, String path, String body) throws Exception {
        return client.send(HttpRequest.newBuilder(s.baseUri().resolve(path)).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> get(SimHttpServer s, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(s.baseUri().resolve(path)).timeout(Duration.ofSeconds(20)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** One SSE line as it arrived. */
    record Line(long nanoTime, String text) {
    }

    /** Posts and reads the response body line by line, stamping each line on arrival. */
    static List<Line> stream(SimHttpServer s, String path, String body, Consumer<HttpResponse<Stream<String>>> onHeaders) throws Exception {
        HttpResponse<Stream<String>> r = client.send(HttpRequest.newBuilder(s.baseUri().resolve(path))
                .timeout(Duration.ofSeconds(20)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofLines());
        onHeaders.accept(r);
        List<Line> lines = new ArrayList<>();
        try (Stream<String> ls = r.body()) {
            ls.forEach(l -> lines.add(new Line(System.nanoTime(), l)));
        }
        return lines;
    }

    static List<JsonNode> dataEvents(List<Line> lines, String prefix) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (Line l : lines) {
            if (l.text().startsWith(prefix) && !l.text().equals("data: [DONE]")) out.add(JSON.readTree(l.text().substring(prefix.length())));
        }
        return out;
    }

    static String chat(int maxTokens, boolean stream, Boolean includeUsage, String content) {
        String options = includeUsage == null ? "" : ",\"stream_options\":{\"include_usage\":" + includeUsage + "}";
        return "{\"model\":\"llama-3-8b\",\"messages\":[{\"role\":\"user\",\"content\":\"" + content + "\"}],"
                + "\"max_tokens\":" + maxTokens + ",\"ignore_eos\":true,\"stream\":" + stream + options + "}";
    }

    @Test
    void chatStreamsVllmShapedChunksThenUsageThenDone() throws Exception {
        List<Line> lines = stream(server, "/v1/chat/completions", chat(5, true, true, "one two three four"),
                r -> assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/event-stream")));
        assertThat(lines.get(lines.size() - 2).text()).isEqualTo("data: [DONE]");
        List<JsonNode> events = dataEvents(lines, "data: ");
        assertThat(events).hasSize(1 + 5 + 1);
        JsonNode role = events.get(0);
        assertThat(role.get("object").asText()).isEqualTo("chat.completion.chunk");
        assertThat(role.at("/choices/0/delta/role").asText()).isEqualTo("assistant");
        String id = role.get("id").asText();
        assertThat(id).startsWith("chatcmpl-");
        for (int i = 1; i <= 5; i++) {
            JsonNode c = events.get(i);
            assertThat(c.get("id").asText()).isEqualTo(id);
            assertThat(c.get("model").asText()).isEqualTo("llama-3-8b");
            assertThat(c.get("created").isIntegralNumber()).isTrue();
            assertThat(c.at("/choices/0/index").asInt()).isZero();
            assertThat(c.at("/choices/0/delta/content").asText()).matches(" [a-z]+");
            assertThat(c.at("/choices/0/finish_reason").isNull()).isEqualTo(i < 5);
            assertThat(c.has("usage")).isFalse();
        }
        assertThat(events.get(5).at("/choices/0/finish_reason").asText()).isEqualTo("length");
        JsonNode usage = events.get(6);
        assertThat(usage.get("choices")).isEmpty();
        assertThat(usage.at("/usage/prompt_tokens").asInt()).isEqualTo(4);
        assertThat(usage.at("/usage/completion_tokens").asInt()).isEqualTo(5);
        assertThat(usage.at("/usage/total_tokens").asInt()).isEqualTo(9);
    }

    @Test
    void usageChunkOnlyWhenAskedFor() throws Exception {
        for (Boolean include : new Boolean[] {null, false}) {
            List<JsonNode> events = dataEvents(stream(server, "/v1/chat/completions", chat(3, true, include, "hi"), r -> { }), "data: ");
            assertThat(events).hasSize(4).noneMatch(e -> e.has("usage"));
        }
    }

    @Test
    void completionsStreamTextChunks() throws Exception {
        String body = "{\"model\":\"llama-3-8b\",\"prompt\":\"a b c\",\"max_tokens\":4,\"stream\":true,"
                + "\"stream_options\":{\"include_usage\":true}}";
        List<Line> lines = stream(server, "/v1/completions", body, r -> { });
        List<JsonNode> events = dataEvents(lines, "data: ");
        assertThat(events).hasSize(5);
        for (int i = 0; i < 4; i++) {
            assertThat(events.get(i).get("object").asText()).isEqualTo("text_completion");
            assertThat(events.get(i).at("/choices/0/text").asText()).matches(" [a-z]+");
        }
        assertThat(events.get(3).at("/choices/0/finish_reason").asText()).isEqualTo("length");
        assertThat(events.get(4).at("/usage/prompt_tokens").asInt()).isEqualTo(3);
        assertThat(lines.stream().map(Line::text)).contains("data: [DONE]");
    }

    @Test
    void nonStreamingResponsesCarryUsage() throws Exception {
        HttpResponse<String> r = post(server, "/v1/chat/completions", chat(6, false, null, "x y"));
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode j = JSON.readTree(r.body());
        assertThat(j.get("object").asText()).isEqualTo("chat.completion");
        assertThat(j.at("/choices/0/message/role").asText()).isEqualTo("assistant");
        assertThat(j.at("/choices/0/message/content").asText().trim().split(" ")).hasSize(6);
        assertThat(j.at("/choices/0/finish_reason").asText()).isEqualTo("length");
        assertThat(j.at("/usage/completion_tokens").asInt()).isEqualTo(6);
        assertThat(j.at("/usage/prompt_tokens").asInt()).isEqualTo(2);

        HttpResponse<String> c = post(server, "/v1/completions",
                "{\"prompt\":[\"p q r\"],\"max_completion_tokens\":3,\"min_tokens\":3}");
        JsonNode k = JSON.readTree(c.body());
        assertThat(k.get("object").asText()).isEqualTo("text_completion");
        assertThat(k.at("/choices/0/text").asText().trim().split(" ")).hasSize(3);
        assertThat(k.at("/usage/total_tokens").asInt()).isEqualTo(6);
    }

    @Test
    void tgiGenerateStreamEndsWithGeneratedTextAndDetails() throws Exception {
        List<Line> lines = stream(server, "/generate_stream",
                "{\"inputs\":\"hello there\",\"parameters\":{\"max_new_tokens\":4,\"seed\":7}}", r -> { });
        List<JsonNode> events = dataEvents(lines, "data:");
        assertThat(events).hasSize(4);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            JsonNode e = events.get(i);
            assertThat(e.at("/token/special").asBoolean()).isFalse();
            assertThat(e.at("/token/id").isInt()).isTrue();
            assertThat(e.at("/token/logprob").isNumber()).isTrue();
            text.append(e.at("/token/text").asText());
            if (i < 3) {
                assertThat(e.get("generated_text").isNull()).isTrue();
                assertThat(e.get("details").isNull()).isTrue();
            }
        }
        JsonNode last = events.get(3);
        assertThat(last.get("generated_text").asText()).isEqualTo(text.toString());
        assertThat(last.at("/details/finish_reason").asText()).isEqualTo("length");
        assertThat(last.at("/details/generated_tokens").asInt()).isEqualTo(4);
        assertThat(last.at("/details/seed").asLong()).isEqualTo(7);
    }

    @Test
    void modelsHealthAndRouting() throws Exception {
        HttpResponse<String> models = get(server, "/v1/models");
        assertThat(models.statusCode()).isEqualTo(200);
        JsonNode m = JSON.readTree(models.body());
        assertThat(m.get("object").asText()).isEqualTo("list");
        assertThat(m.at("/data/0/id").asText()).isEqualTo("llama-3-8b");
        assertThat(m.at("/data/0/object").asText()).isEqualTo("model");
        assertThat(get(server, "/health").statusCode()).isEqualTo(200);
        assertThat(get(server, "/nope").statusCode()).isEqualTo(404);
        assertThat(get(server, "/v1/chat/completions").statusCode()).isEqualTo(405);
    }

    @Test
    void badRequestsGetOpenAiStyleErrors() throws Exception {
        assertError(post(server, "/v1/chat/completions", "{not json"), 400, "JSON");
        assertError(post(server, "/v1/chat/completions", "{\"model\":\"llama-3-8b\"}"), 400, "messages");
        assertError(post(server, "/v1/completions", "{\"prompt\":42}"), 400, "prompt");
        assertError(post(server, "/v1/chat/completions", chat(0, false, null, "x")), 400, "max_tokens");
        assertError(post(server, "/v1/completions", "{\"prompt\":\"x\",\"max_tokens\":2,\"min_tokens\":5}"), 400, "min_tokens");
        assertError(post(server, "/v1/chat/completions", chat(9000, true, null, "x")), 400, "maximum context length");
        assertError(post(server, "/v1/chat/completions", chat(1, false, null, "x").replace("llama-3-8b", "gpt-4o")), 404, "gpt-4o");
        HttpResponse<String> tgi = post(server, "/generate_stream", "{\"parameters\":{}}");
        assertThat(tgi.statusCode()).isEqualTo(422);
        assertThat(JSON.readTree(tgi.body()).get("error").asText()).contains("inputs");
        // aliases of the served model are accepted
        assertThat(post(server, "/v1/chat/completions", chat(1, false, null, "x").replace("llama-3-8b",
                "meta-llama/Meta-Llama-3-8B-Instruct")).statusCode()).isEqualTo(200);
    }

    private static void assertError(HttpResponse<String> r, int status, String messagePart) throws IOException {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        JsonNode e = JSON.readTree(r.body()).get("error");
        assertThat(e.get("message").asText()).contains(messagePart);
        assertThat(e.get("type").asText()).isNotBlank();
    }

    static Map<String, Double> scrape(SimHttpServer s) throws Exception {
        HttpResponse<String> r = get(s, "/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
        Map<String, Double> samples = new HashMap<>();
        for (String line : r.body().split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
        String body = r.body();
        for (String name : List.of("vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:kv_cache_usage_perc",
                "vllm:prefix_cache_queries_total", "vllm:prefix_cache_hits_total", "vllm:prompt_tokens_total",
                "vllm:generation_tokens_total", "vllm:num_preemptions_total")) {
            assertThat(body).contains("# HELP " + name + " ").contains("# TYPE " + name + " ");
        }
        assertThat(body).contains("# TYPE vllm:time_to_first_token_seconds histogram")
                .contains("# TYPE vllm:inter_token_latency_seconds histogram");
        return samples;
    }

    @Test
    void metricsParseAndCountersMove() throws Exception {
        try (SimHttpServer s = SimHttpServer.builder().settings(SimSettings.builder().timeScale(0.05).build())
                .tokenizer(WORDS).servedModelName("m1").start()) {
            Map<String, Double> before = scrape(s);
            String label = "{model_name=\"m1\"}";
            assertThat(before.get("vllm:generation_tokens_total" + label)).isZero();
            String prompt = "w ".repeat(40).trim();
            String body = "{\"model\":\"m1\",\"prompt\":\"" + prompt + "\",\"max_tokens\":10,\"stream\":true}";
            stream(s, "/v1/completions", body, r -> { });
            stream(s, "/v1/completions", body, r -> { });
            Map<String, Double> after = scrape(s);
            assertThat(after.get("vllm:generation_tokens_total" + label)).isEqualTo(20.0);
            assertThat(after.get("vllm:prompt_tokens_total" + label)).isEqualTo(80.0);
            assertThat(after.get("vllm:prefix_cache_queries_total" + label)).isEqualTo(80.0);
            assertThat(after.get("vllm:prefix_cache_hits_total" + label)).isEqualTo(32.0); // 2 of the 40-word prompt's 16-word blocks
            assertThat(after.get("vllm:num_requests_running" + label)).isZero();
            assertThat(after.get("vllm:kv_cache_usage_perc" + label)).isBetween(0.0, 1.0);
            assertThat(after.get("vllm:time_to_first_token_seconds_count" + label)).isEqualTo(2.0);
            assertThat(after.get("vllm:time_to_first_token_seconds_bucket{le=\"+Inf\",model_name=\"m1\"}")).isEqualTo(2.0);
            assertThat(after.get("vllm:time_to_first_token_seconds_sum" + label)).isPositive();
            assertThat(after.get("vllm:inter_token_latency_seconds_count" + label)).isEqualTo(18.0);
            assertThat(after.get("vllm:request_success_total{finished_reason=\"length\",model_name=\"m1\"}")).isEqualTo(2.0);
        }
    }

    @Test
    void streamedTokensArriveWhenTheModelSaysOnTheWire() throws Exception {
        // Real time: Llama-3-8B on A100, 2000-token prompt -> prefill 206 ms, then ~9.9 ms per token.
        try (SimHttpServer s = SimHttpServer.builder().tokenizer(WORDS).start()) {
            String prompt = "w ".repeat(2000).trim();
            // Warm up the client, connection and JIT first: a cold first request pays 200+ ms of class loading.
            stream(s, "/v1/completions", "{\"prompt\":\"warm\",\"max_tokens\":3,\"stream\":true}", r -> { });
            long t0 = System.nanoTime();
            List<Line> lines = stream(s, "/v1/completions",
                    "{\"prompt\":\"" + prompt + "\",\"max_tokens\":31,\"stream\":true}", r -> { });
            List<Line> tokens = lines.stream().filter(l -> l.text().startsWith("data: {")).toList();
            assertThat(tokens).hasSize(31);
            double predictedTtft = s.backend().physics().prefillSeconds(2000);
            double predictedDecode = 0;
            for (int k = 1; k <= 30; k++) predictedDecode += s.backend().physics().decodeStepSeconds(1, 2000 + k);
            double ttft = (tokens.get(0).nanoTime() - t0) / 1e9;
            double last = (tokens.get(30).nanoTime() - t0) / 1e9;
            System.out.printf("sim over HTTP: TTFT %.2f ms (predicted %.2f), mean ITL %.3f ms (predicted %.3f)%n",
                    ttft * 1e3, predictedTtft * 1e3, (last - ttft) / 30 * 1e3, predictedDecode / 30 * 1e3);
            // Lower bounds are exact: the engine never emits a token before the physics allows, and the
            // client reads it no sooner. (A gap between two tokens on the wire can be shorter than a
            // step: the client may read the earlier one late.) Upper bounds: 2x + 0.5 s, which a loaded
            // 2-core machine stays within while a time-scale or physics error (10x) does not.
            assertThat(ttft).isBetween(predictedTtft, predictedTtft * 2 + 0.5);
            assertThat(last).isBetween(predictedTtft + predictedDecode, (predictedTtft + predictedDecode) * 2 + 0.5);
        }
    }

    @Test
    void sixtyFourConcurrentStreamsOverlap() throws Exception {
        // Each stream is 20 steps of ~10-13 ms simulated, stretched 25x to ~6 s of wall time. The streams must
        // be decoded together: at some moment at least half of the 64 are in the running batch (a server that
        // ran them one after another would show 1). Not all 64: how closely the client's 64 sends follow each
        // other is the client's and the machine's business (beside a parallel build they spread over ~6 s, and
        // one of 64 came after the first stream had ended, at 15x and at 25x).
        int n = 64;
        List<CompletableFuture<Long>> futures = new ArrayList<>();
        try (SimHttpServer s = SimHttpServer.builder().settings(SimSettings.builder().timeScale(25).build())
                .tokenizer(WORDS).start()) {
            for (int i = 0; i < n; i++) {
                HttpRequest req = HttpRequest.newBuilder(s.baseUri().resolve("/v1/chat/completions"))
                        .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString(chat(20, true, null, "q" + i))).build();
                futures.add(client.sendAsync(req, HttpResponse.BodyHandlers.ofLines())
                        .thenApply(r -> {
                            try (Stream<String> ls = r.body()) {
                                return ls.filter(l -> l.contains("\"content\":\" ")).count();
                            }
                        }));
            }
            int peakRunning = 0;
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).isDone() && System.nanoTime() < deadline) {
                peakRunning = Math.max(peakRunning, s.state().running());
                Thread.sleep(1);
            }
            for (CompletableFuture<Long> f : futures) assertThat(f.get()).isEqualTo(20);
            assertThat(peakRunning).as("streams decoded together at the peak").isGreaterThanOrEqualTo(n / 2);
            assertThat(s.state().completedRequests()).isEqualTo(n);
        }
    }

    // ---------------------------------------------------------------- faults

    static SimHttpServer faulty(Consumer<SimHttpServer.Builder> faults) {
        SimHttpServer.Builder b = SimHttpServer.builder().settings(SimSettings.builder().timeScale(0.05).build()).tokenizer(WORDS);
        faults.accept(b);
        return b.start();
    }

    @Test
    void injectedHttp500And429() throws Exception {
        try (SimHttpServer s = faulty(b -> b.errorRate(1.0))) {
            HttpResponse<String> r = post(s, "/v1/chat/completions", chat(3, true, null, "x"));
            assertThat(r.statusCode()).isEqualTo(500);
            assertThat(JSON.readTree(r.body()).at("/error/message").asText()).isNotBlank();
        }
        try (SimHttpServer s = faulty(b -> b.rateLimitRate(1.0))) {
            HttpResponse<String> r = post(s, "/v1/chat/completions", chat(3, false, null, "x"));
            assertThat(r.statusCode()).isEqualTo(429);
            assertThat(r.headers().firstValue("Retry-After")).hasValue("1");
        }
    }

    @Test
    void injectedResetBreaksTheStream() throws Exception {
        try (SimHttpServer s = faulty(b -> b.resetRate(1.0))) {
            List<String> seen = new ArrayList<>();
            assertThatThrownBy(() -> stream(s, "/v1/chat/completions", chat(20, true, null, "x"), r -> { })
                    .forEach(l -> seen.add(l.text())))
                    .satisfiesAnyOf(e -> assertThat(e).isInstanceOf(IOException.class),
                            e -> assertThat(e).isInstanceOf(UncheckedIOException.class));
            assertThat(seen).doesNotContain("data: [DONE]");
            // the engine stops generating for the dropped request
            Thread.sleep(100);
            assertThat(s.state().running()).isZero();
        }
    }

    @Test
    void injectedMalformedChunk() throws Exception {
        try (SimHttpServer s = faulty(b -> b.malformedChunkRate(1.0))) {
            List<String> lines = stream(s, "/v1/chat/completions", chat(5, true, null, "x"), r -> { }).stream().map(Line::text).toList();
            assertThat(lines).contains("data: {not json").contains("data: [DONE]");
        }
    }

    @Test
    void injectedStallPausesTheStream() throws Exception {
        try (SimHttpServer s = faulty(b -> b.stall(1.0, Duration.ofMillis(300)))) {
            long start = System.nanoTime();
            List<Line> lines = stream(s, "/v1/chat/completions", chat(10, true, null, "x"), r -> { });
            List<Line> data = lines.stream().filter(l -> l.text().startsWith("data: ")).toList();
            long maxGap = 0;
            for (int i = 1; i < data.size(); i++) maxGap = Math.max(maxGap, data.get(i).nanoTime() - data.get(i - 1).nanoTime());
            // Exact: the server slept 300 ms before writing the rest, so the end cannot be read sooner.
            assertThat((data.get(data.size() - 1).nanoTime() - start) / 1e6).isGreaterThanOrEqualTo(300);
            // The pause is one gap, not spread over the stream. A gap on the wire can look shorter than the
            // pause when the client reads the event before it late, so the bound is half the pause: a client
            // thread held off for 150 ms (more than a loaded 2-core machine does) would fail it.
            assertThat(maxGap / 1e6).isGreaterThanOrEqualTo(150);
            assertThat(data.get(data.size() - 1).text()).isEqualTo("data: [DONE]");
        }
    }

    @Test
    void injectedErrorEventEndsTheStreamWithoutDone() throws Exception {
        try (SimHttpServer s = faulty(b -> b.errorEventRate(1.0))) {
            List<String> lines = stream(s, "/v1/chat/completions", chat(10, true, null, "x"), r -> { }).stream().map(Line::text).toList();
            assertThat(lines).anyMatch(l -> l.startsWith("data: {\"error\":{"));
            assertThat(lines).doesNotContain("data: [DONE]");
            assertThat(lines).anyMatch(l -> l.contains("\"content\":\" ")); // some tokens came first
        }
    }

    @Test
    void faultsFollowTheSeed() throws Exception {
        List<Integer> a = statuses(11);
        assertThat(statuses(11)).isEqualTo(a);
        assertThat(a).contains(200, 500); // at rate 0.5 over 16 requests both happen (fixed seed)
    }

    private static List<Integer> statuses(long seed) throws Exception {
        List<Integer> out = new ArrayList<>();
        try (SimHttpServer s = faulty(b -> b.errorRate(0.5).faultSeed(seed))) {
            for (int i = 0; i < 16; i++) out.add(post(s, "/v1/completions", "{\"prompt\":\"x\",\"max_tokens\":1}").statusCode());
        }
        return out;
    }

    @Test
    void closeEndsOpenStreamsAndThreads() throws Exception {
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        SimHttpServer s = SimHttpServer.builder().tokenizer(WORDS).start();
        URI base = s.baseUri();
        CompletableFuture<HttpResponse<String>> open = client.sendAsync(HttpRequest.newBuilder(base.resolve("/v1/chat/completions"))
                .POST(HttpRequest.BodyPublishers.ofString(chat(5000, true, null, "x"))).build(), HttpResponse.BodyHandlers.ofString());
        Thread.sleep(300);
        assertThat(s.state().running()).isEqualTo(1);
        s.close();
        assertThat(open).failsWithin(Duration.ofSeconds(10));
        assertThat(s.backend().engineThreadAlive()).isFalse();
        Thread.sleep(100);
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).filter(t -> !before.contains(t))
                .map(Thread::getName).filter(name -> name.startsWith("benchsuite-sim-"))).isEmpty();
    }

    private static Set<String> exchangeThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.startsWith("benchsuite-sim-http-")).collect(Collectors.toSet());
    }

    @Test
    void exchangeThreadsAreStartedBeforeTheFirstRequestAndEndWithTheServer() throws Exception {
        Set<String> before = exchangeThreads();
        Set<String> started;
        try (SimHttpServer s = SimHttpServer.builder().tokenizer(WORDS).start()) {
            started = exchangeThreads();
            started.removeAll(before);
            // the JDK server hands each exchange over on its one I/O thread: none is started there for the first arrivals
            assertThat(started).as("threads waiting for exchanges before any request").hasSize(SimHttpServer.PRESTARTED);
            assertThat(get(s, "/v1/models").statusCode()).isEqualTo(200);
            Set<String> after = exchangeThreads();
            after.removeAll(before);
            assertThat(after).as("the first request is served by a thread started before it").isEqualTo(started);
        }
        for (int i = 0; i < 50 && exchangeThreads().stream().anyMatch(started::contains); i++) Thread.sleep(20);
        assertThat(exchangeThreads()).as("exchange threads left after close").doesNotContainAnyElementsOf(started);
        // a server that cannot bind its port starts no thread either
        Set<String> beforeFailure = exchangeThreads();
        try (SimHttpServer s = SimHttpServer.builder().tokenizer(WORDS).start()) {
            assertThatThrownBy(() -> SimHttpServer.builder().tokenizer(WORDS).port(s.port()).start())
                    .isInstanceOf(UncheckedIOException.class);
            Set<String> left = exchangeThreads();
            left.removeAll(beforeFailure);
            for (int i = 0; i < 50 && left.size() > SimHttpServer.PRESTARTED; i++) {
                Thread.sleep(20);
                left = exchangeThreads();
                left.removeAll(beforeFailure);
            }
            assertThat(left).as("threads after a failed start: only the running server's").hasSize(SimHttpServer.PRESTARTED);
        }
    }

    @Test
    void theWarmUpRunsTheRequestPathBeforeListeningAndLeavesNoTraceInTheServer(@TempDir Path logDir) throws Exception {
        // its throwaway log in a folder of this test's own: the shared temp folder is written by other builds too
        ServerWarmUp.Result alone = ServerWarmUp.run(SimSettings.builder().build(), WORDS, logDir);
        try (var left = Files.list(logDir)) {
            assertThat(left).as("the warm-up's own request log is deleted").isEmpty();
        }
        assertThat(alone.completed()).as("warm-up requests answered with a whole stream").isEqualTo(ServerWarmUp.REQUESTS);
        assertThat(ServerWarmUp.prompt(3, 131_072).length()).isGreaterThan(10 * ServerWarmUp.prompt(2, 131_072).length());
        assertThat(ServerWarmUp.prompt(3, 4096).split(" ")).as("a long prompt still fits a 4K context").hasSizeLessThan(2048);

        Path log = Files.createTempFile("warm-up", ".jsonl");
        try (SimHttpServer s = SimHttpServer.builder().tokenizer(WORDS).warmUp(true).requestLog(log).start()) {
            Map<String, Double> metrics = scrape(s);
            assertThat(metrics.keySet()).anyMatch(k -> k.startsWith("vllm:prompt_tokens_total"));
            metrics.forEach((k, v) -> {
                if (k.startsWith("vllm:prompt_tokens_total") || k.startsWith("vllm:request_success_total")
                        || k.startsWith("vllm:generation_tokens_total")) {
                    assertThat(v).as("%s on the real server after its warm-up", k).isZero();
                }
            });
            assertThat(Files.readAllLines(log)).as("the request log holds no warm-up request").isEmpty();
            HttpResponse<String> r = post(s, "/v1/chat/completions", chat(3, false, null, "after the warm-up"));
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(Files.readAllLines(log)).as("the first real request is the log's first line").hasSize(1);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
