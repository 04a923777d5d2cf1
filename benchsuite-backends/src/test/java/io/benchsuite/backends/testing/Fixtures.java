package io.benchsuite.backends.testing;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.OpenAiSettings;
import io.benchsuite.backends.openai.Preset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Small factories shared by the HTTP backend tests. */
public final class Fixtures {
    private Fixtures() {}

    public static InferenceRequest request(boolean stream, int maxTokens) {
        return request("hello", stream, maxTokens);
    }

    public static InferenceRequest request(String prompt, boolean stream, int maxTokens) {
        return new InferenceRequest(7, "test-model", List.of(ChatMessage.user(prompt)), 5, maxTokens, true, 0.0,
                0x1234_5678_9ABC_DEF0L, stream, Map.of("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"));
    }

    public static OpenAiBackend openai(Preset preset, String url, String... keyValues) {
        return openai(preset, url, EnvironmentVariables.of(Map.of()), keyValues);
    }

    /**
     * The HTTP transport the tests run against: the default one, or the one named by the system
     * property {@code benchsuite.test.transport} (the build runs the HTTP tests once per transport).
     */
    public static String transport() {
        return System.getProperty("benchsuite.test.transport", "");
    }

    /** A backend config with the tests' transport added. */
    public static BackendConfig config(Map<String, String> values) {
        Map<String, String> m = new HashMap<>(values);
        if (!transport().isEmpty()) m.putIfAbsent("transport", transport());
        return BackendConfig.of(m);
    }

    public static OpenAiBackend openai(Preset preset, String url, EnvironmentVariables env, String... keyValues) {
        Map<String, String> m = new HashMap<>();
        m.put(BackendConfig.URL, url);
        m.put(BackendConfig.MODEL, "test-model");
        for (int i = 0; i < keyValues.length; i += 2) m.put(keyValues[i], keyValues[i + 1]);
        return OpenAiBackend.create(OpenAiSettings.from(config(m), preset), env);
    }

    /** An OpenAI chat chunk event with one content delta. */
    public static String chatDelta(String content) {
        return "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":"
                + quote(content) + "},\"finish_reason\":null}]}\n\n";
    }

    public static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /**
     * A scripted server that lists {@code test-model} (and answers TGI's {@code /info} fields) on any GET
     * and streams one chat delta and {@code [DONE]} on any POST.
     */
    public static ScriptedServer okServer() throws Exception {
        return new ScriptedServer((req, c) -> {
            if (req.method().equals("GET")) {
                c.full(200, "application/json", "{\"object\":\"list\",\"data\":[{\"id\":\"test-model\"}],"
                        + "\"model_id\":\"test-model\",\"version\":\"3.3.0\"}");
                return;
            }
            c.head(200);
            c.chunk(chatDelta("x"));
            c.chunk("data: [DONE]\n\n");
            c.end();
        });
    }
}
