package io.benchsuite.backends.openai;

import static io.benchsuite.backends.testing.Fixtures.okServer;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.Capability;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PresetsAndPreflightTest {

    private static ScriptedServer.Received sendOne(Preset preset, String... config) throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(preset, server.url(), config)) {
            RecordingListener l = new RecordingListener();
            b.send(request(true, 32), l);
            assertThat(l.await().error()).isNull();
            return server.requests().get(0);
        }
    }

    @Test
    void vllmSendsIgnoreEosAndMinTokensEqualToMaxTokens() throws Exception {
        ScriptedServer.Received r = sendOne(Preset.VLLM);
        JsonNode b = r.json();
        assertThat(r.path()).isEqualTo("/v1/chat/completions");
        assertThat(b.get("model").asText()).isEqualTo("test-model");
        assertThat(b.get("messages").get(0).get("role").asText()).isEqualTo("user");
        assertThat(b.get("messages").get(0).get("content").asText()).isEqualTo("hello");
        assertThat(b.get("max_tokens").asInt()).isEqualTo(32);
        assertThat(b.get("min_tokens").asInt()).isEqualTo(32);
        assertThat(b.get("ignore_eos").asBoolean()).isTrue();
        assertThat(b.get("temperature").asDouble()).isEqualTo(0.0);
        assertThat(b.get("seed").asLong()).isEqualTo(0x1234_5678_9ABC_DEF0L & 0x7FFF_FFFFL);
        assertThat(b.get("stream").asBoolean()).isTrue();
        assertThat(b.get("stream_options").get("include_usage").asBoolean()).isTrue();
        assertThat(r.header("traceparent")).startsWith("00-0af7651916cd43dd8448eb211c80319c");
        assertThat(r.header("accept")).isEqualTo("text/event-stream");
        assertThat(r.header("content-type")).startsWith("application/json");
        assertThat(r.header("connection")).isNotEqualToIgnoringCase("close");
    }

    @Test
    void sglangSendsIgnoreEosOnly() throws Exception {
        JsonNode b = sendOne(Preset.SGLANG).json();
        assertThat(b.get("ignore_eos").asBoolean()).isTrue();
        assertThat(b.has("min_tokens")).isFalse();
    }

    @Test
    void llamaCppSendsIgnoreEosAndNPredict() throws Exception {
        JsonNode b = sendOne(Preset.LLAMACPP).json();
        assertThat(b.get("ignore_eos").asBoolean()).isTrue();
        assertThat(b.get("n_predict").asInt()).isEqualTo(32);
    }

    @Test
    void plainOpenAiTransformersAndTgiSendNoNonStandardParameters() throws Exception {
        for (Preset p : new Preset[] {Preset.OPENAI, Preset.TRANSFORMERS, Preset.TGI}) {
            JsonNode b = sendOne(p).json();
            assertThat(b.has("ignore_eos")).as(p.name()).isFalse();
            assertThat(b.has("min_tokens")).as(p.name()).isFalse();
            assertThat(b.has("n_predict")).as(p.name()).isFalse();
        }
    }

    @Test
    void completionsEndpointExtraParamsAndHeaders() throws Exception {
        ScriptedServer.Received r = sendOne(Preset.OPENAI, "endpoint", "completions", "param.top_p", "0.9",
                "param.stop", "[\"\\n\"]", "param.user", "bench", "header.X-Tenant", "blue", "include-usage", "false");
        JsonNode b = r.json();
        assertThat(r.path()).isEqualTo("/v1/completions");
        assertThat(b.get("prompt").asText()).isEqualTo("hello");
        assertThat(b.has("messages")).isFalse();
        assertThat(b.get("top_p").asDouble()).isEqualTo(0.9);
        assertThat(b.get("stop").get(0).asText()).isEqualTo("\n");
        assertThat(b.get("user").asText()).isEqualTo("bench");
        assertThat(b.has("stream_options")).isFalse();
        assertThat(r.header("x-tenant")).isEqualTo("blue");
    }

    @Test
    void aParameterThatWouldReplaceThePromptIsRefusedWithTheKeyNamed() {
        assertThatThrownBy(() -> OpenAiSettings.from(BackendConfig.of(Map.of("param.messages", "[]")), Preset.VLLM))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("backend config key 'param.messages': the chat endpoint's 'messages' carries the workload's "
                        + "prompts and cannot be set by a parameter");
        assertThatThrownBy(() -> OpenAiSettings.from(BackendConfig.of(Map.of("endpoint", "completions", "param.prompt", "x")),
                Preset.VLLM))
                .hasMessageStartingWith("backend config key 'param.prompt': the completions endpoint's 'prompt'");
        // the other endpoint's member is not the prompt: it goes out as asked
        assertThat(OpenAiSettings.from(BackendConfig.of(Map.of("param.prompt", "x")), Preset.VLLM).extraParams())
                .containsEntry("prompt", "x");
    }

    @Test
    void exactLengthCanBeSwitchedOffAndIsOnlySentWhenTheRequestAsksForIt() throws Exception {
        assertThat(sendOne(Preset.VLLM, "exact-length", "false").json().has("ignore_eos")).isFalse();
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            var req = request(true, 8);
            var noEos = new InferenceRequest(req.index(), req.model(), req.messages(), req.inputTokens(),
                    req.maxTokens(), false, req.temperature(), req.seed(), true, Map.of());
            assertThat(b.body(noEos).has("ignore_eos")).isFalse();
            assertThat(b.body(noEos).has("min_tokens")).isFalse();
        }
    }

    @Test
    void registryFindsEveryProviderWithItsDefaultUrl() {
        BackendRegistry registry = BackendRegistry.load();
        assertThat(registry.names()).contains("openai", "vllm", "sglang", "llamacpp", "transformers", "tgi", "tgi-native");
        Map<String, String> expected = Map.of("openai", "http://localhost:8000", "vllm", "http://localhost:8000",
                "sglang", "http://localhost:30000", "llamacpp", "http://localhost:8080",
                "transformers", "http://localhost:8000", "tgi", "http://localhost:8080", "tgi-native", "http://localhost:8080");
        expected.forEach((name, url) -> {
            try (Backend b = registry.create(name, Fixtures.config(Map.of(BackendConfig.MODEL, "m")))) {
                assertThat(b.info().endpoint()).as(name).startsWith(url + "/");
                assertThat(b.info().name()).isEqualTo(name);
            }
        });
        assertThat(registry.provider("vllm").capabilities()).contains(Capability.EXACT_OUTPUT_LENGTH, Capability.STREAMING);
        assertThat(registry.provider("tgi").capabilities()).doesNotContain(Capability.EXACT_OUTPUT_LENGTH);
    }

    @Test
    void urlGivenWithV1IsNotDoubledAndBadConfigNamesTheKey() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url() + "/v1/")) {
            RecordingListener l = new RecordingListener();
            b.send(request(true, 1), l);
            assertThat(l.await().error()).isNull();
            assertThat(server.requests().get(0).path()).isEqualTo("/v1/chat/completions");
        }
        assertThatThrownBy(() -> new VllmProvider().create(BackendConfig.of(Map.of("endpoint", "teleport"))))
                .hasMessageContaining("'endpoint'");
        assertThatThrownBy(() -> new VllmProvider().create(BackendConfig.of(Map.of("read-timeout", "soon"))))
                .hasMessageContaining("'read-timeout'");
        assertThatThrownBy(() -> new VllmProvider().create(BackendConfig.of(Map.of("url", "ftp://x"))))
                .hasMessageContaining("'url'");
        assertThatThrownBy(() -> new VllmProvider().create(BackendConfig.of(Map.of("max-concurrency", "0"))))
                .hasMessageContaining("'max-concurrency'");
    }

    @Test
    void preflightRefusedGivesTheClearMessage() {
        try (Backend b = new VllmProvider().create(Fixtures.config(Map.of(BackendConfig.URL, "http://127.0.0.1:1")))) {
            assertThatThrownBy(b::preflight).isInstanceOf(BackendException.class)
                    .hasMessage("cannot reach vllm at http://127.0.0.1:1: connection refused — is the server running? (--skip-preflight to skip this check)");
        }
    }

    @Test
    void preflightListsModelsAndFailsOnBadCredentials() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.SGLANG, server.url())) {
            b.preflight();
            assertThat(b.info().details()).containsEntry("server_models", "test-model");
            assertThat(server.requests()).hasSize(1);
            assertThat(server.requests().get(0).path()).isEqualTo("/v1/models");
        }
        try (ScriptedServer server = new ScriptedServer((req, c) -> c.full(401, "application/json", "{}"));
             OpenAiBackend b = openai(Preset.OPENAI, server.url())) {
            assertThatThrownBy(b::preflight).isInstanceOf(BackendException.class).hasMessageContaining("HTTP 401")
                    .hasMessageContaining("api-key-env");
        }
    }
}
