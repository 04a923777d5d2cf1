package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.VllmProvider;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.backends.tgi.TgiNativeProvider;
import io.benchsuite.tck.RecordingListener;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API key reaches the server and nothing else: no log line, message, info or toString. */
class SecretsTest {
    static final String KEY = "sk-live-TOPSECRET-0123456789abcdef";
    static final String HEADER_SECRET = "hdr-SECRET-value-42";

    @Test
    void theKeyIsSentButNeverShown() throws Exception {
        EnvironmentVariables env = EnvironmentVariables.of(Map.of("BENCH_KEY", KEY));
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream originalErr = System.err;
        PrintStream originalOut = System.out;
        PrintStream tee = new PrintStream(captured, true, StandardCharsets.UTF_8);
        List<String> texts = new ArrayList<>();
        System.setErr(tee);
        System.setOut(tee);
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            if (req.path().equals("/v1/models")) {
                c.full(200, "application/json", "{\"data\":[{\"id\":\"other-model\"}]}");
            } else if (req.json().get("max_tokens").asInt() == 2) {
                // A hostile or careless server echoing the credentials back in an error body.
                c.full(401, "application/json", "{\"error\":\"bad key " + req.header("authorization") + " / " + req.header("x-secret") + "\"}");
            } else if (req.json().get("max_tokens").asInt() == 3) {
                c.head(200);
                c.chunk("data: {\"error\":{\"message\":\"echo " + req.header("authorization") + "\"}}\n\n");
                c.end();
            } else {
                c.head(200);
                c.chunk(chatDelta("ok"));
                c.chunk("data: [DONE]\n\n");
                c.end();
            }
        })) {
            Map<String, String> cfg = Map.of(BackendConfig.URL, server.url().replace("http://", "http://user:" + KEY + "@"),
                    BackendConfig.MODEL, "test-model", BackendConfig.API_KEY_ENV, "BENCH_KEY",
                    "header.X-Secret", HEADER_SECRET, "insecure", "true");
            try (var backend = new VllmProvider(env).create(Fixtures.config(cfg))) {
                backend.preflight(); // logs "model not listed"
                RecordingListener ok = new RecordingListener();
                backend.send(request(true, 4), ok);
                ok.await();
                assertThat(ok.error()).isNull();
                RecordingListener denied = new RecordingListener();
                backend.send(request(true, 2), denied);
                denied.await();
                assertThat(denied.error().kind()).isEqualTo(ErrorKind.HTTP_4XX);
                texts.add(denied.error().message());
                texts.add(denied.error().toString());
                RecordingListener event = new RecordingListener();
                backend.send(request(true, 3), event);
                event.await();
                assertThat(event.error().kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
                texts.add(event.error().message());
                BackendInfo info = backend.info();
                texts.add(info.toString());
                texts.add(backend.toString());
                texts.add(((OpenAiBackend) backend).settings().toString());
                // (BackendConfig.toString is the API's; it shows URL user info as given.)
                assertThat(info.endpoint()).doesNotContain("user").startsWith("http://127.0.0.1:");
            }
            // The server did receive the key and the header.
            ScriptedServer.Received chat = server.requests().stream().filter(r -> r.path().equals("/v1/chat/completions")).findFirst().orElseThrow();
            assertThat(chat.header("authorization")).isEqualTo("Bearer " + KEY);
            assertThat(chat.header("x-secret")).isEqualTo(HEADER_SECRET);
            assertThat(server.requests().get(0).header("authorization")).as("pre-flight is authenticated too").isEqualTo("Bearer " + KEY);

            // Pre-flight failure messages carry no key either.
            try (var backend = new TgiNativeProvider(env).create(Fixtures.config(Map.of(BackendConfig.URL, "http://127.0.0.1:1",
                    BackendConfig.API_KEY_ENV, "BENCH_KEY")))) {
                assertThatThrownBy(backend::preflight).isInstanceOf(BackendException.class)
                        .satisfies(e -> texts.add(e.getMessage()));
            }
        } finally {
            System.setErr(originalErr);
            System.setOut(originalOut);
        }
        String logs = captured.toString(StandardCharsets.UTF_8);
        assertThat(logs).as("the capture works").contains("TLS certificate and host name verification are OFF")
                .contains("does not list model 'test-model'");
        assertThat(logs).doesNotContain(KEY).doesNotContain(HEADER_SECRET);
        assertThat(texts).allSatisfy(t -> assertThat(t).doesNotContain(KEY).doesNotContain(HEADER_SECRET));
        assertThat(String.join("\n", texts)).contains("***");
    }

    @Test
    void aMissingKeyVariableIsAClearErrorNamingTheVariableOnly() {
        assertThatThrownBy(() -> new VllmProvider(EnvironmentVariables.of(Map.of())).create(BackendConfig.of(Map.of(BackendConfig.API_KEY_ENV, "NOPE_KEY"))))
                .isInstanceOf(BackendException.class)
                .hasMessageContaining("NOPE_KEY")
                .hasMessageContaining("api-key-env");
    }
}
