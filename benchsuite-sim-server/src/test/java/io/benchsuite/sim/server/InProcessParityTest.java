package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.sim.Adapters;
import io.benchsuite.sim.PooledBatch;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.SimulatedServer;
import io.benchsuite.tck.RecordingListener;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-process simulator answers what {@code serve-sim} answers over HTTP: the same tool calls for the same
 * requests, the same prompt tokens and items for an embeddings batch, the same adapter loads for the same sequence
 * of models. The in-process side runs in virtual time; the server at time-scale 0.01.
 */
class InProcessParityTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<ToolDefinition> TOOLS = List.of(
            new ToolDefinition("get_weather", "", "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
                    + "\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7}},\"required\":[\"city\",\"days\"]}"),
            new ToolDefinition("get_time", "", "{\"type\":\"object\",\"properties\":{\"zone\":{\"enum\":[\"UTC\",\"CET\"]}}}"),
            new ToolDefinition("book", "", "{\"type\":\"object\",\"properties\":{\"seats\":{\"type\":\"array\",\"items\":"
                    + "{\"type\":\"number\"},\"minItems\":1,\"maxItems\":3},\"note\":{\"type\":\"string\",\"maxLength\":4}}}"));

    private static SimSettings fast() {
        return SimSettings.builder().timeScale(0.01).build();
    }

    private static JsonNode post(SimHttpServer s, String path, String body) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(s.baseUri() + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static String toolsJson() throws Exception {
        List<Object> tools = new ArrayList<>();
        for (ToolDefinition t : TOOLS) {
            tools.add(Map.of("type", "function", "function", Map.of("name", t.name(), "parameters", JSON.readTree(t.parameters()))));
        }
        return JSON.writeValueAsString(tools);
    }

    private static RecordingListener inProcess(SimulatedServer server, InferenceRequest request) {
        RecordingListener r = new RecordingListener();
        server.send(request, r, server.now());
        server.drain();
        return r;
    }

    @Test
    void theSameRequestsGetTheSameToolCalls() throws Exception {
        SimulatedServer sim = new SimulatedServer(SimSettings.builder().build());
        String tools = toolsJson();
        int byMention = 0;
        try (SimHttpServer server = SimHttpServer.builder().settings(fast()).tokenizer(SimHttpServerTest.WORDS).start()) {
            for (int i = 0; i < 12; i++) {
                long seed = 0x9E37_79B9_7F4A_7C15L * (i + 1); // the run's seeds are 64-bit; the wire carries 31 bits
                String prompt = i % 3 == 0 ? "please book it" : "question number " + i;
                String choice = i == 5 ? "{\"type\":\"function\",\"function\":{\"name\":\"get_time\"}}" : "\"auto\"";
                JsonNode whole = post(server, "/v1/chat/completions", "{\"max_tokens\":16,\"seed\":" + (seed & 0x7FFF_FFFFL)
                        + ",\"messages\":[{\"role\":\"user\",\"content\":\"" + prompt + "\"}],\"tools\":" + tools
                        + ",\"tool_choice\":" + choice + "}");
                JsonNode wire = whole.at("/choices/0/message/tool_calls/0");
                InferenceRequest request = new InferenceRequest(i, "llama-3-8b", List.of(ChatMessage.user(prompt)), 3, 16, true, 0,
                        seed, true, Map.of()).withExtra(new ToolSpec(TOOLS, i == 5 ? "function:get_time" : "auto"));
                ToolCall local = inProcess(sim, request).extras().get(ToolCalls.class).orElseThrow().calls().get(0);
                assertThat(local.name()).as("request %d", i).isEqualTo(wire.at("/function/name").asText());
                assertThat(local.id()).isEqualTo(wire.get("id").asText());
                // a whole response holds the arguments as drawn; a stream pads them with spaces to fill its tokens
                assertThat(local.arguments().strip()).isEqualTo(wire.at("/function/arguments").asText());
                if (local.name().equals("book") && prompt.contains("book")) byMention++;
            }
        }
        assertThat(byMention).as("a mentioned function is called, over HTTP and in process").isEqualTo(4);
    }

    @Test
    void anEmbeddingsBatchHasTheSameTokensAndItemsAndAdaptersTheSameLoads(@TempDir Path tmp) throws Exception {
        List<String> inputs = List.of("one two three", "four five", "six");
        Path log = tmp.resolve("log.jsonl");
        List<String> models = List.of("base", "a", "a", "b", "base", "a");
        JsonNode wire;
        try (SimHttpServer server = SimHttpServer.builder().settings(fast()).tokenizer(SimHttpServerTest.WORDS)
                .servedModelName("base").adapters(new Adapters(List.of("a", "b"), 1, 20)).requestLog(log).start()) {
            wire = post(server, "/v1/embeddings", "{\"input\":" + JSON.writeValueAsString(inputs) + "}");
            for (String m : models) {
                post(server, "/v1/chat/completions", "{\"model\":\"" + m + "\",\"max_tokens\":2,\"messages\":[{\"role\":\"user\","
                        + "\"content\":\"hi\"}]}");
            }
        }
        SimulatedServer sim = new SimulatedServer(SimSettings.builder().build(), new Adapters(List.of("a", "b"), 1, 20), 0);
        BatchInputs batch = BatchInputs.of(inputs, List.of(3, 2, 1)); // the whitespace tokenizer's counts
        RecordingListener local = inProcess(sim, new InferenceRequest(0, "base", List.of(ChatMessage.user("x")), 6, 1, true, 0, 1,
                false, Map.of()).withExtra(batch));
        BatchResult result = local.extras().get(BatchResult.class).orElseThrow();
        assertThat(result.returned()).isEqualTo(wire.get("data").size()).isEqualTo(3);
        assertThat(result.dimensions()).isEqualTo(wire.at("/data/0/embedding").size());
        assertThat(local.usage().promptTokens()).isEqualTo(wire.at("/usage/prompt_tokens").asInt()).isEqualTo(6);

        List<Double> paid = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            RecordingListener r = inProcess(sim, new InferenceRequest(i + 1, models.get(i), List.of(ChatMessage.user("hi")), 1, 2,
                    true, 0, 1, true, Map.of()));
            assertThat(r.usage()).isNotNull();
        }
        for (String line : Files.readAllLines(log)) {
            JsonNode n = JSON.readTree(line);
            if (n.has("adapterLoadMs")) paid.add(n.get("adapterLoadMs").asDouble());
        }
        assertThat(paid).as("serve-sim: a, b, a loaded (max-loras 1)").containsExactly(0.0, 20.0, 0.0, 20.0, 0.0, 20.0);
        assertThat(sim.adapterLoads().counts()).as("in process: the same loads and evictions").containsExactly(3, 2);
        assertThat(PooledBatch.DIMENSIONS).isEqualTo(PoolingHandler.DIMENSIONS);
    }
}
