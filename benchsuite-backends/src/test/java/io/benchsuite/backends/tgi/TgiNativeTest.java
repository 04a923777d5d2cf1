package io.benchsuite.backends.tgi;

import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TgiNativeTest {

    private static String token(int id, String text, boolean special) {
        return "data:{\"index\":" + id + ",\"token\":{\"id\":" + id + ",\"text\":\"" + text + "\",\"logprob\":-0.1,\"special\":"
                + special + "},\"generated_text\":null,\"details\":null}\n\n";
    }

    private static Backend backend(String url) {
        return new TgiNativeProvider(EnvironmentVariables.of(Map.of())).create(Fixtures.config(Map.of(BackendConfig.URL, url)));
    }

    @Test
    void generateStreamBodyTokensAndFinalDetails() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            if (req.method().equals("GET")) {
                c.full(200, "application/json", "{\"model_id\":\"bigscience/bloom-560m\",\"version\":\"3.3.0\"}");
                return;
            }
            c.head(200);
            c.chunk(token(1, "Hel", false));
            c.chunk(token(2, "lo", false));
            c.chunk("data:{\"index\":3,\"token\":{\"id\":2,\"text\":\"</s>\",\"logprob\":-0.1,\"special\":true},"
                    + "\"generated_text\":\"Hello\",\"details\":{\"finish_reason\":\"eos_token\",\"generated_tokens\":3,\"seed\":1}}\n\n");
            c.end();
        }); Backend b = backend(server.url())) {
            b.preflight();
            RecordingListener l = new RecordingListener();
            b.send(request(true, 16), l);
            l.await();
            assertThat(l.violations()).isEmpty();
            assertThat(l.error()).isNull();
            assertThat(l.tokens()).isEqualTo(3);
            assertThat(l.text()).isEqualTo("Hello");
            assertThat(l.usage()).isEqualTo(new Usage(Usage.UNKNOWN, 3));
            ScriptedServer.Received r = server.requests().get(1);
            assertThat(r.path()).isEqualTo("/generate_stream");
            JsonNode body = r.json();
            assertThat(body.get("inputs").asText()).isEqualTo("hello");
            JsonNode p = body.get("parameters");
            assertThat(p.get("max_new_tokens").asInt()).isEqualTo(16);
            assertThat(p.get("details").asBoolean()).isTrue();
            assertThat(p.get("decoder_input_details").asBoolean()).isFalse();
            assertThat(p.has("seed")).isTrue();
            assertThat(p.has("temperature")).as("TGI rejects temperature 0").isFalse();
            assertThat(p.get("do_sample").asBoolean()).isFalse();
            assertThat(b.info().model()).isEqualTo("bigscience/bloom-560m");
            assertThat(b.info().details()).containsEntry("server_version", "3.3.0");
        }
    }

    @Test
    void errorEventAndTruncation() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            c.chunk(token(1, "a", false));
            if (req.json().get("parameters").get("max_new_tokens").asInt() == 1) {
                c.chunk("data:{\"error\":\"Request failed during generation: CUDA OOM\",\"error_type\":\"generation\"}\n\n");
            }
            c.end();
        }); Backend b = backend(server.url())) {
            RecordingListener err = new RecordingListener();
            b.send(request(true, 1), err);
            assertThat(err.await().error().kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
            assertThat(err.error().message()).contains("CUDA OOM").contains("generation");
            RecordingListener cut = new RecordingListener();
            b.send(request(true, 5), cut);
            assertThat(cut.await().error().kind()).isEqualTo(ErrorKind.STREAM_TRUNCATED);
        }
    }

    @Test
    void anErrorFieldLineFailsTheStreamWithItsMessageAndKeepsTheTokens() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            c.chunk(token(1, "a", false));
            c.chunk("error: {\"code\":500,\"message\":\"Context size has been exceeded.\",\"type\":\"server_error\"}\n\n");
            c.end();
        }); Backend b = backend(server.url())) {
            RecordingListener l = new RecordingListener();
            b.send(request(true, 4), l);
            assertThat(l.await().error().kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
            assertThat(l.error().message()).isEqualTo("server error event in stream: Context size has been exceeded. "
                    + "(type server_error) (code 500)");
            assertThat(l.tokens()).isEqualTo(1);
            assertThat(l.outputKinds().labels()).containsExactly("content");
            assertThat(l.violations()).isEmpty();
        }
    }

    @Test
    void nonStreamingUsesGenerate() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> c.full(200, "application/json",
                "{\"generated_text\":\"abc\",\"details\":{\"finish_reason\":\"length\",\"generated_tokens\":4}}"));
             Backend b = backend(server.url())) {
            RecordingListener l = new RecordingListener();
            b.send(request(false, 4), l);
            l.await();
            assertThat(l.error()).isNull();
            assertThat(l.text()).isEqualTo("abc");
            assertThat(l.usage().completionTokens()).isEqualTo(4);
            assertThat(server.requests().get(0).path()).isEqualTo("/generate");
        }
    }
}
