package io.benchsuite.backends.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.junit.tls.SelfSignedTls;
import io.benchsuite.tck.RecordingListener;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TLS verification is on by default: a self-signed server is refused unless {@code insecure=true}. */
class TlsVerificationTest {
    private static HttpsServer server;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        SSLContext ssl = SelfSignedTls.serverContext(dir);
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(ssl));
        server.createContext("/v1/chat/completions", ex -> {
            ex.getRequestBody().readAllBytes();
            byte[] body = ("{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":"
                    + "{\"role\":\"assistant\",\"content\":\"hello there\"},\"finish_reason\":\"length\"}],"
                    + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2,\"total_tokens\":5}}")
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) server.stop(0);
    }

    private static RecordingListener send(Map<String, String> extra) throws Exception {
        Map<String, String> cfg = new HashMap<>(Map.of("url",
                "https://127.0.0.1:" + server.getAddress().getPort(), "model", "m"));
        cfg.putAll(extra);
        try (Backend b = BackendRegistry.load().create("openai", Fixtures.config(cfg))) {
            RecordingListener l = new RecordingListener();
            b.send(new InferenceRequest(0, "m", List.of(ChatMessage.user("hi")), 1, 2, false, 0, 1, false, Map.of()), l);
            l.await(Duration.ofSeconds(10));
            return l;
        }
    }

    @Test
    void aSelfSignedCertificateIsRefusedByDefault() throws Exception {
        RecordingListener l = send(Map.of());
        assertThat(l.error()).as("verification must reject an untrusted certificate").isNotNull();
        assertThat(l.error().message().toLowerCase(Locale.ROOT)).containsAnyOf("tls", "ssl", "certificate", "pkix");
    }

    @Test
    void insecureOptsOut() throws Exception {
        RecordingListener l = send(Map.of("insecure", "true"));
        assertThat(l.error()).isNull();
        assertThat(l.usage().completionTokens()).isEqualTo(2);
    }
}
