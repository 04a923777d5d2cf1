package io.benchsuite.backends.openai;

import static io.benchsuite.backends.testing.Fixtures.openai;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Embeddings, rerank and score: the request bodies of each shape, and the responses of each server
 * (the documented bodies under {@code src/test/resources/pooling}, sources in its {@code SOURCES.md}).
 */
class PoolingShapesTest {
    private static final List<String> TEXTS = List.of("The capital of Brazil is Brasilia.", "The capital of France is Paris.",
            "Horses and cows are both animals");
    private static final BatchInputs EMBED = BatchInputs.of(TEXTS, List.of(8, 7, 6));
    private static final BatchInputs PAIRS = new BatchInputs(TEXTS, List.of(8, 7, 6), "What is the capital of France?", 7);

    private static String recorded(String name) throws IOException {
        try (InputStream in = PoolingShapesTest.class.getResourceAsStream("/pooling/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static InferenceRequest request(BatchInputs batch) {
        return new InferenceRequest(3, "test-model", List.of(ChatMessage.user(String.join("\n", batch.inputs()))), 21, 1, true,
                0.0, 1, true, Map.of()).withExtra(batch);
    }

    /** What a server answering {@code status} with {@code body} made of {@code batch} sent to {@code endpoint}. */
    private static final class Exchange {
        RecordingListener listener;
        ScriptedServer.Received received;
    }

    private static Exchange exchange(String endpoint, BatchInputs batch, int status, String body, String... config) throws Exception {
        Exchange x = new Exchange();
        try (ScriptedServer server = new ScriptedServer((req, c) -> c.full(status, "application/json", body))) {
            String[] kv = new String[config.length + 2];
            kv[0] = "endpoint";
            kv[1] = endpoint;
            System.arraycopy(config, 0, kv, 2, config.length);
            try (OpenAiBackend backend = openai(Preset.VLLM, server.url(), kv)) {
                x.listener = new RecordingListener();
                backend.send(request(batch), x.listener);
                x.listener.await();
                assertThat(x.listener.violations()).isEmpty();
            }
            x.received = server.requests().get(0);
        }
        return x;
    }

    private static BatchResult result(RecordingListener l) {
        return l.extras().get(BatchResult.class).orElseThrow();
    }

    @Test
    void openAiAndVllmEmbeddingsSendTheBatchAsInputAndCountTheVectors() throws Exception {
        for (String file : List.of("openai-embeddings.json", "vllm-embeddings.json")) {
            Exchange x = exchange("embeddings", EMBED, 200, recorded(file));
            assertThat(x.received.path()).isEqualTo("/v1/embeddings");
            JsonNode sent = x.received.json();
            assertThat(sent.get("model").asText()).isEqualTo("test-model");
            assertThat(sent.get("input")).hasSize(3);
            assertThat(sent.get("input").get(1).asText()).isEqualTo(TEXTS.get(1));
            assertThat(sent.has("stream")).as("no generation parameters").isFalse();
            assertThat(sent.has("max_tokens")).isFalse();
            assertThat(x.received.header("Accept")).isEqualTo("application/json");
            RecordingListener l = x.listener;
            assertThat(l.error()).as(file).isNull();
            assertThat(l.tokens()).as("no token is reported").isZero();
            assertThat(l.usage()).isEqualTo(new Usage(file.startsWith("openai") ? 24 : 21, 0));
            assertThat(result(l)).isEqualTo(new BatchResult(3, 21, 3, file.startsWith("openai") ? 3 : 4));
            assertThat(result(l).logFields()).containsEntry("inputs", 3).containsEntry("returned", 3);
        }
    }

    @Test
    void vllmCohereAndJinaRerankResponsesAreRead() throws Exception {
        Map<String, Integer> promptTokens = Map.of("vllm-rerank.json", 56, "cohere-rerank.json", Usage.UNKNOWN,
                "jina-rerank.json", 61);
        for (String file : promptTokens.keySet()) {
            Exchange x = exchange("rerank", PAIRS, 200, recorded(file));
            assertThat(x.received.path()).isEqualTo("/v1/rerank");
            JsonNode sent = x.received.json();
            assertThat(sent.get("query").asText()).isEqualTo("What is the capital of France?");
            assertThat(sent.get("documents")).hasSize(3);
            assertThat(sent.has("top_n")).isFalse();
            assertThat(x.listener.error()).as(file).isNull();
            assertThat(x.listener.usage()).as(file).isEqualTo(new Usage(promptTokens.get(file), 0));
            assertThat(result(x.listener)).isEqualTo(new BatchResult(3, 21, 3, 0));
        }
    }

    @Test
    void vllmScoreSendsTextOneAndTextTwo() throws Exception {
        Exchange x = exchange("score", PAIRS, 200, recorded("vllm-score.json"), "path", "/score");
        assertThat(x.received.path()).isEqualTo("/score");
        JsonNode sent = x.received.json();
        assertThat(sent.get("text_1").asText()).isEqualTo("What is the capital of France?");
        assertThat(sent.get("text_2")).hasSize(3);
        assertThat(x.listener.error()).isNull();
        assertThat(x.listener.usage()).isEqualTo(new Usage(53, 0));
        assertThat(result(x.listener).returned()).isEqualTo(3);
    }

    @Test
    void teiEmbedAndRerankUseTheirOwnPathsAndBareArrays() throws Exception {
        Exchange embed = exchange("embeddings", EMBED, 200, recorded("tei-embed.json"), "api-shape", "tei");
        assertThat(embed.received.path()).isEqualTo("/embed");
        assertThat(embed.received.json().get("inputs")).hasSize(3);
        assertThat(embed.received.json().has("model")).isFalse();
        assertThat(embed.listener.error()).isNull();
        assertThat(embed.listener.usage()).isEqualTo(new Usage(Usage.UNKNOWN, 0));
        assertThat(result(embed.listener)).isEqualTo(new BatchResult(3, 21, 3, 5));
        Exchange rerank = exchange("rerank", PAIRS, 200, recorded("tei-rerank.json"), "api-shape", "tei");
        assertThat(rerank.received.path()).isEqualTo("/rerank");
        assertThat(rerank.received.json().get("texts")).hasSize(3);
        assertThat(rerank.received.json().get("query").asText()).isEqualTo("What is the capital of France?");
        assertThat(rerank.listener.error()).isNull();
        assertThat(result(rerank.listener).returned()).isEqualTo(3);
    }

    @Test
    void fewerVectorsThanInputsIsAFailureNeverASuccess() throws Exception {
        String twoVectors = "{\"object\":\"list\",\"data\":[{\"object\":\"embedding\",\"embedding\":[0.1,0.2],\"index\":0},"
                + "{\"object\":\"embedding\",\"embedding\":[0.3,0.4],\"index\":1}],\"usage\":{\"prompt_tokens\":15,\"total_tokens\":15}}";
        Exchange x = exchange("embeddings", EMBED, 200, twoVectors);
        assertThat(x.listener.error()).isNotNull();
        assertThat(x.listener.error().kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
        assertThat(x.listener.error().message()).contains("holds 2 vector(s) for 3 input(s)");
        assertThat(result(x.listener)).isEqualTo(new BatchResult(3, 21, 2, 2));
        // a rerank answer that dropped a document fails the same way; top_n asks for fewer and then they suffice
        String oneResult = "{\"results\":[{\"index\":1,\"relevance_score\":0.9}]}";
        assertThat(exchange("rerank", PAIRS, 200, oneResult).listener.error().message()).contains("holds 1 ranked document(s) for 3");
        Exchange top = exchange("rerank", PAIRS, 200, oneResult, "top-n", "1");
        assertThat(top.received.json().get("top_n").asInt()).isEqualTo(1);
        assertThat(top.listener.error()).isNull();
    }

    @Test
    void anErrorStatusOrAnErrorBodyOrAnotherShapeFails() throws Exception {
        Exchange bad = exchange("embeddings", EMBED, 400, "{\"error\":{\"message\":\"This model's maximum context length is 512 tokens\","
                + "\"type\":\"BadRequestError\",\"param\":null,\"code\":400}}");
        assertThat(bad.listener.error().kind()).isEqualTo(ErrorKind.HTTP_4XX);
        assertThat(bad.listener.extras().get(BatchResult.class)).isEmpty();
        Exchange tei = exchange("embeddings", EMBED, 413, "{\"error\":\"batch size 3 > maximum allowed batch size 2\","
                + "\"error_type\":\"validation\"}", "api-shape", "tei");
        assertThat(tei.listener.error().kind()).isEqualTo(ErrorKind.HTTP_4XX);
        Exchange inBody = exchange("score", PAIRS, 200, "{\"object\":\"error\",\"message\":\"score is not supported\",\"code\":400}");
        assertThat(inBody.listener.error().kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
        assertThat(inBody.listener.error().message()).contains("score is not supported");
        Exchange chat = exchange("embeddings", EMBED, 200, "{\"choices\":[{\"message\":{\"content\":\"hi\"}}]}");
        assertThat(chat.listener.error().kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
        assertThat(chat.listener.error().message()).contains("no 'data' array");
    }

    @Test
    void teiHasNoScoreEndpoint() {
        Assertions.assertThatThrownBy(() -> PoolingApi.from(Endpoint.SCORE,
                        BackendConfig.of(Map.of("api-shape", "tei"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tei serves embeddings (/embed) and rerank");
    }
}
