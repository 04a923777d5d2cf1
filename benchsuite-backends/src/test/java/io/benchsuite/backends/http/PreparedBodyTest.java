package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.okServer;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.internal.PreparedJson;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.backends.tgi.TgiNativeProvider;
import io.benchsuite.tck.RecordingListener;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A prompt rendered ahead of time ({@code Backend.prepare}) goes on the wire exactly as one rendered when sent. */
class PreparedBodyTest {
    /** Quotes, backslashes, control and non-Latin characters: everything escaping must get right. */
    private static final List<ChatMessage> MESSAGES = List.of(new ChatMessage("system", "be \"brief\"\\ \n\ttabs"),
            ChatMessage.user("héllo wörld — 日本語 \u0001 end"));

    private static InferenceRequest request(List<ChatMessage> messages, PreparedPrompt prepared) {
        return new InferenceRequest(3, "test-model", messages, 12, 8, true, 0.0, 42, true, Map.of(), prepared);
    }

    /** The bodies the server received for the same request sent without, then with, a prepared prompt. */
    private static List<ScriptedServer.Received> sendBoth(Backend b, ScriptedServer server) throws Exception {
        PreparedPrompt prepared = b.prepare(MESSAGES);
        assertThat(prepared).isNotNull();
        assertThat(prepared.messages()).isEqualTo(MESSAGES);
        for (InferenceRequest r : List.of(request(MESSAGES, null), request(MESSAGES, prepared))) {
            RecordingListener l = new RecordingListener();
            b.send(r, l);
            l.await();
        }
        List<ScriptedServer.Received> posts = server.requests().stream().filter(r -> r.method().equals("POST")).toList();
        assertThat(posts).hasSize(2);
        return posts;
    }

    @Test
    void chatBodyIsTheSameBytesWhetherPreparedOrNot() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            List<ScriptedServer.Received> posts = sendBoth(b, server);
            assertThat(new String(posts.get(1).body(), StandardCharsets.UTF_8))
                    .isEqualTo(new String(posts.get(0).body(), StandardCharsets.UTF_8));
            var body = posts.get(1).json();
            assertThat(body.get("messages").get(0).get("content").asText()).isEqualTo(MESSAGES.get(0).content());
            assertThat(body.get("messages").get(1).get("content").asText()).isEqualTo(MESSAGES.get(1).content());
            assertThat(body.get("max_tokens").asInt()).isEqualTo(8);
            assertThat(body.get("ignore_eos").asBoolean()).isTrue();
        }
    }

    @Test
    void completionsAndTgiBodiesCarryThePreparedPromptAsOneText() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.OPENAI, server.url(), "endpoint", "completions")) {
            List<ScriptedServer.Received> posts = sendBoth(b, server);
            assertThat(posts.get(1).body()).isEqualTo(posts.get(0).body());
            assertThat(posts.get(1).json().get("prompt").asText()).isEqualTo(ChatMessage.join(MESSAGES));
        }
        try (ScriptedServer server = okServer(); Backend b = new TgiNativeProvider(EnvironmentVariables.of(Map.of()))
                .create(Fixtures.config(Map.of(BackendConfig.URL, server.url())))) {
            List<ScriptedServer.Received> posts = sendBoth(b, server);
            assertThat(posts.get(1).body()).isEqualTo(posts.get(0).body());
            assertThat(posts.get(1).json().get("inputs").asText()).isEqualTo(ChatMessage.join(MESSAGES));
            assertThat(posts.get(1).json().get("parameters").get("max_new_tokens").asInt()).isEqualTo(8);
        }
    }

    @Test
    void aPreparedPromptOfOtherMessagesIsIgnored() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            PreparedPrompt stale = b.prepare(List.of(ChatMessage.user("something else entirely")));
            RecordingListener l = new RecordingListener();
            b.send(request(MESSAGES, stale), l);
            l.await();
            var body = server.requests().stream().filter(r -> r.method().equals("POST")).findFirst().orElseThrow().json();
            assertThat(body.get("messages").get(1).get("content").asText()).isEqualTo(MESSAGES.get(1).content());
            assertThat(body.toString()).doesNotContain("something else entirely");
        }
    }

    @Test
    void aPromptPreparedForTheOtherApiIsRenderedAgain() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend chat = openai(Preset.VLLM, server.url());
             OpenAiBackend completions = openai(Preset.OPENAI, server.url(), "endpoint", "completions")) {
            PreparedPrompt forChat = chat.prepare(MESSAGES);
            RecordingListener l = new RecordingListener();
            completions.send(request(MESSAGES, forChat), l);
            l.await();
            var body = server.requests().stream().filter(r -> r.method().equals("POST")).findFirst().orElseThrow().json();
            assertThat(body.has("messages")).isFalse();
            assertThat(body.get("prompt").asText()).isEqualTo(ChatMessage.join(MESSAGES));
        }
    }

    @Test
    void headersAddedByADecoratorKeepThePreparedPrompt() {
        PreparedPrompt p = PreparedJson.of(MESSAGES, "messages", TextNode.valueOf("x"));
        InferenceRequest r = request(MESSAGES, p).withHeaders(Map.of("traceparent", "00-abc"));
        assertThat(r.prepared()).isSameAs(p);
        assertThat(r.preparedAs(PreparedJson.class)).isSameAs(p);
        assertThat(request(List.of(ChatMessage.user("other")), p).preparedAs(PreparedJson.class)).isNull();
        assertThat(new InferenceRequest(3, "m", MESSAGES, 1, 1, true, 0, 1, true, Map.of()).prepared()).isNull();
    }

    @Test
    void splicingKeepsTheOtherMembersAndRefusesADuplicate() {
        PreparedJson p = PreparedJson.of(MESSAGES, "prompt", TextNode.valueOf("a \"quoted\" text"));
        ObjectNode rest = Json.object().put("model", "m").put("n", 2);
        assertThat(new String(p.into(rest), StandardCharsets.UTF_8))
                .isEqualTo("{\"prompt\":\"a \\\"quoted\\\" text\",\"model\":\"m\",\"n\":2}");
        assertThat(new String(p.into(Json.object()), StandardCharsets.UTF_8)).isEqualTo("{\"prompt\":\"a \\\"quoted\\\" text\"}");
        assertThatThrownBy(() -> p.into(Json.object().put("prompt", "twice")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'prompt'");
    }

    @Test
    void thePartsAreTheSameBodyAndShareThePreparedArray() {
        PreparedJson p = PreparedJson.of(MESSAGES, "prompt", TextNode.valueOf("a \"quoted\" text"));
        for (ObjectNode rest : List.of(Json.object().put("model", "m").put("n", 2), Json.object())) {
            List<byte[]> parts = p.parts(rest);
            StringBuilder joined = new StringBuilder();
            for (byte[] part : parts) joined.append(new String(part, StandardCharsets.UTF_8));
            assertThat(joined.toString()).isEqualTo(new String(p.into(rest), StandardCharsets.UTF_8));
            // the prompt's bytes are the array prepared ahead, not a copy made when the request is sent
            assertThat(parts.get(1)).isSameAs(p.member());
        }
        assertThatThrownBy(() -> p.parts(Json.object().put("prompt", "twice")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'prompt'");
    }
}
