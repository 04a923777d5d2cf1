package io.benchsuite.sim.server;

import static io.benchsuite.sim.server.SimHttpServerTest.JSON;
import static io.benchsuite.sim.server.SimHttpServerTest.WORDS;
import static io.benchsuite.sim.server.SimHttpServerTest.chat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.sim.SimReasoning;
import io.benchsuite.sim.SimSettings;
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
 * A simulated reasoning model over HTTP: streamed, its thinking comes as {@code reasoning_content}
 * deltas before the {@code content} ones (vLLM's shape); whole, as {@code message.reasoning_content};
 * with {@code reasoning-usage=true} the usage says how many tokens were reasoning; the request log
 * records when the engine made the first token and the first answer token.
 */
class ReasoningResponsesTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path tmp;

    private SimHttpServer start(Path log) {
        SimSettings settings = SimSettings.fromConfig(BackendConfig.of(Map.of(SimSettings.TIME_SCALE, "0.05",
                SimReasoning.TOKENS, "5", SimReasoning.IN_USAGE, "true")));
        return SimHttpServer.builder().settings(settings).tokenizer(WORDS).requestLog(log).start();
    }

    private static String post(URI base, String body) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(base.resolve("/v1/chat/completions")).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void aStreamThinksInReasoningContentDeltasThenAnswers() throws Exception {
        Path log = tmp.resolve("log.jsonl");
        List<String> kinds = new ArrayList<>();
        JsonNode usage = null;
        try (SimHttpServer s = start(log)) {
            for (String line : post(s.baseUri(), chat(8, true, true, "one two three")).split("\n")) {
                if (!line.startsWith("data: {")) continue;
                JsonNode e = JSON.readTree(line.substring(6));
                JsonNode delta = e.at("/choices/0/delta");
                if (delta.has("reasoning_content")) kinds.add("reasoning");
                else if (delta.has("content") && !delta.get("content").asText().isEmpty()) kinds.add("content");
                if (e.has("usage") && !e.get("usage").isNull()) usage = e.get("usage");
            }
        }
        assertThat(kinds).containsExactly("reasoning", "reasoning", "reasoning", "reasoning", "reasoning", "content", "content",
                "content");
        assertThat(usage.at("/completion_tokens").asInt()).isEqualTo(8);
        assertThat(usage.at("/completion_tokens_details/reasoning_tokens").asInt()).isEqualTo(5);
        List<JsonNode> lines = new ArrayList<>();
        for (String l : Files.readAllLines(log)) lines.add(JSON.readTree(l));
        assertThat(lines).hasSize(2);
        JsonNode done = lines.get(1);
        assertThat(done.get("reasoningTokens").asInt()).isEqualTo(5);
        assertThat(done.get("outputTokens").asInt()).isEqualTo(8);
        assertThat(done.get("firstAnswerNanos").asLong()).isGreaterThan(done.get("firstTokenNanos").asLong())
                .isGreaterThan(lines.get(0).get("receivedNanos").asLong());
        // a token leaves the server after its engine made it; the first answer token after the first token
        assertThat(done.get("firstTokenSentNanos").asLong()).isGreaterThanOrEqualTo(done.get("firstTokenNanos").asLong());
        assertThat(done.get("firstAnswerSentNanos").asLong()).isGreaterThanOrEqualTo(done.get("firstAnswerNanos").asLong())
                .isGreaterThanOrEqualTo(done.get("firstTokenSentNanos").asLong());
    }

    @Test
    void aWholeAnswerCarriesItsReasoningApart() throws Exception {
        JsonNode r;
        try (SimHttpServer s = start(tmp.resolve("log.jsonl"))) {
            r = JSON.readTree(post(s.baseUri(), chat(8, false, null, "one two three")));
        }
        JsonNode message = r.at("/choices/0/message");
        assertThat(message.get("reasoning_content").asText().trim().split("\\s+")).hasSize(5);
        assertThat(message.get("content").asText().trim().split("\\s+")).hasSize(3);
        assertThat(r.at("/usage/completion_tokens_details/reasoning_tokens").asInt()).isEqualTo(5);
    }
}
