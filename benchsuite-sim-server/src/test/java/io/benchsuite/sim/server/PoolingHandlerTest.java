package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.sim.SimSettings;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Embeddings, rerank and score bodies, answers and request-log lines of the simulated server; its client errors. */
class PoolingHandlerTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path tmp;

    private static HttpResponse<String> post(SimHttpServer s, String path, String body) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(s.baseUri().resolve(path)).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void eachShapeIsAnsweredWithOneItemPerInputAndLogged() throws Exception {
        Path log = tmp.resolve("log.jsonl");
        try (SimHttpServer s = SimHttpServer.builder().settings(SimSettings.builder().timeScale(0.05).build())
                .tokenizer(SimHttpServerTest.WORDS).requestLog(log).start()) {
            HttpResponse<String> e = post(s, "/v1/embeddings", "{\"input\":[\"a b c\",\"d e\",\"f\"]}");
            assertThat(e.statusCode()).isEqualTo(200);
            JsonNode emb = SimHttpServerTest.JSON.readTree(e.body());
            assertThat(emb.get("data")).hasSize(3);
            assertThat(emb.at("/data/0/embedding")).hasSize(PoolingHandler.DIMENSIONS);
            assertThat(emb.at("/usage/prompt_tokens").asInt()).isEqualTo(6);
            JsonNode tei = SimHttpServerTest.JSON.readTree(post(s, "/embed", "{\"inputs\":[\"a\",\"b\"]}").body());
            assertThat(tei.isArray()).isTrue();
            assertThat(tei).hasSize(2);
            // each pair is the query and a document: 2 + 1 and 2 + 2 words
            JsonNode rr = SimHttpServerTest.JSON.readTree(post(s, "/v1/rerank",
                    "{\"query\":\"q r\",\"documents\":[\"x\",\"y z\"],\"top_n\":1}").body());
            assertThat(rr.get("results")).hasSize(1);
            assertThat(rr.at("/usage/prompt_tokens").asInt()).isEqualTo(7);
            JsonNode teiRerank = SimHttpServerTest.JSON.readTree(post(s, "/rerank",
                    "{\"query\":\"q\",\"texts\":[\"x\",\"y\",\"z\"]}").body());
            assertThat(teiRerank).hasSize(3);
            assertThat(teiRerank.get(0).has("score")).isTrue();
            JsonNode score = SimHttpServerTest.JSON.readTree(post(s, "/score",
                    "{\"text_1\":\"q\",\"text_2\":[\"x\",\"y\"]}").body());
            assertThat(score.get("data")).hasSize(2);
            assertThat(score.at("/data/1/object").asText()).isEqualTo("score");
        }
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(5);
        JsonNode first = SimHttpServerTest.JSON.readTree(lines.get(0));
        assertThat(first.get("api").asText()).isEqualTo("embeddings");
        assertThat(first.get("inputs").asInt()).isEqualTo(3);
        assertThat(first.get("promptTokens").asInt()).isEqualTo(6);
        assertThat(first.get("completedNanos").asLong()).isGreaterThanOrEqualTo(first.get("receivedNanos").asLong());
    }

    @Test
    void clientErrorsAreAnsweredInTheShapeAsked() throws Exception {
        try (SimHttpServer s = SimHttpServer.builder().settings(SimSettings.builder().timeScale(0.05).build())
                .tokenizer(SimHttpServerTest.WORDS).start()) {
            HttpResponse<String> empty = post(s, "/v1/embeddings", "{\"input\":[]}");
            assertThat(empty.statusCode()).isEqualTo(400);
            assertThat(SimHttpServerTest.JSON.readTree(empty.body()).at("/error/message").asText()).contains("non-empty array");
            HttpResponse<String> model = post(s, "/v1/embeddings", "{\"model\":\"nope\",\"input\":\"a\"}");
            assertThat(model.statusCode()).isEqualTo(404);
            HttpResponse<String> tei = post(s, "/embed", "{\"inputs\":[1,2]}");
            assertThat(tei.statusCode()).isEqualTo(422);
            assertThat(SimHttpServerTest.JSON.readTree(tei.body()).get("error_type").asText()).isEqualTo("validation");
            HttpResponse<String> noQuery = post(s, "/v1/rerank", "{\"documents\":[\"a\"]}");
            assertThat(noQuery.statusCode()).isEqualTo(400);
        }
    }
}
