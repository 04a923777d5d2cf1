package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.VllmProvider;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Header values and URL user information given as references ({@code secret:env:NAME},
 * {@code secret:file:PATH}) are read by the transport when it starts, reach the server, and appear
 * nowhere else: the settings and the configuration show the references.
 */
class SecretReferencesTest {
    static final String TOKEN = "tok-REFERENCE-0123456789";
    static final String FILE_SECRET = "file-SECRET-9876543210";
    static final String CREDS = "bob:pw-REFERENCE-55";

    @Test
    void referencesResolveInTheTransportOnly(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("sig");
        Files.writeString(file, FILE_SECRET + "\n");
        EnvironmentVariables env = EnvironmentVariables.of(Map.of("HDR_TOKEN", TOKEN, "VLLM_CREDS", CREDS));
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            if (req.path().equals("/v1/models")) {
                c.full(200, "application/json", "{\"data\":[{\"id\":\"test-model\"}]}");
            } else {
                c.head(200);
                c.chunk(chatDelta("ok"));
                c.chunk("data: [DONE]\n\n");
                c.end();
            }
        })) {
            BackendConfig config = Fixtures.config(Map.of(BackendConfig.URL, server.url().replace("http://", "http://secret:env:VLLM_CREDS@"),
                    BackendConfig.MODEL, "test-model", "header.X-Token", "secret:env:HDR_TOKEN",
                    "header.X-Signature", "secret:file:" + file, "header.X-Org", "acme"));
            try (var backend = new VllmProvider(env).create(config)) {
                RecordingListener ok = new RecordingListener();
                backend.send(request(true, 4), ok);
                ok.await();
                assertThat(ok.error()).isNull();
                String shown = ((OpenAiBackend) backend).settings().toString() + config.sealSecrets().redacted();
                assertThat(shown).contains("secret:env:HDR_TOKEN").contains("secret:file:" + file)
                        .doesNotContain(TOKEN).doesNotContain(FILE_SECRET).doesNotContain("pw-REFERENCE");
            }
            ScriptedServer.Received chat = server.requests().stream().filter(r -> r.path().equals("/v1/chat/completions"))
                    .findFirst().orElseThrow();
            assertThat(chat.header("x-token")).isEqualTo(TOKEN);
            assertThat(chat.header("x-signature")).isEqualTo(FILE_SECRET);
            assertThat(chat.header("x-org")).isEqualTo("acme");
            assertThat(chat.header("authorization")).isEqualTo("Basic "
                    + Base64.getEncoder().encodeToString(CREDS.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void aReferenceThatCannotBeReadStopsTheBackendNamingTheReferenceOnly() {
        BackendConfig config = BackendConfig.of(Map.of(BackendConfig.URL, "http://127.0.0.1:1", "header.Authorization",
                "secret:env:NOT_SET_HERE"));
        assertThatThrownBy(() -> new VllmProvider(EnvironmentVariables.of(Map.of())).create(config))
                .isInstanceOf(BackendException.class)
                .hasMessageContaining("header Authorization")
                .hasMessageContaining("secret:env:NOT_SET_HERE")
                .hasMessageContaining("environment variable NOT_SET_HERE is not set");
    }
}
