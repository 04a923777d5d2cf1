package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Answers that are not readable streams, over the wire (the build runs this once per transport):
 * llama.cpp's {@code error:} field, compressed bodies, redirects, and what a request's output was.
 */
class ResponseHeadKindsTest {
    private static final String LLAMA_CPP_ERROR = "error: {\"code\":400,\"message\":\"the request exceeds the available "
            + "context size. try increasing the context size or enable context shift\",\"type\":\"invalid_request_error\"}\n\n";

    private static RecordingListener run(ScriptedServer.Script script) throws Exception {
        try (ScriptedServer server = new ScriptedServer(script);
             OpenAiBackend backend = openai(Preset.LLAMACPP, server.url())) {
            RecordingListener l = new RecordingListener();
            backend.send(request(true, 16), l);
            l.await();
            assertThat(l.violations()).isEmpty();
            assertThat(l.terminalCount()).isEqualTo(1);
            return l;
        }
    }

    @Test
    void llamaCppErrorFieldBeforeAnyTokenIsAFailureNotAnEmptySuccess() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(LLAMA_CPP_ERROR);
            c.chunk("data: [DONE]\n\n");
            c.end();
        });
        assertThat(l.error().kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
        assertThat(l.error().message()).startsWith("server error event in stream: the request exceeds the available context size");
        assertThat(l.tokens()).isZero();
    }

    @Test
    void llamaCppErrorFieldMidStreamFailsTheRequestAndKeepsItsTokens() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("Once"));
            c.chunk(chatDelta(" upon"));
            c.chunk("error: {\"code\":500,\"message\":\"Context size has been exceeded.\",\"type\":\"server_error\"}\n\n");
            c.chunk("data: [DONE]\n\n");
            c.end();
        });
        assertThat(l.error().kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
        assertThat(l.error().message()).contains("Context size has been exceeded.");
        assertThat(l.tokens()).isEqualTo(2);
        assertThat(l.outputKinds()).isEqualTo(OutputKinds.of(OutputKinds.Kind.CONTENT));
    }

    @Test
    void aGzipStreamSaysItIsCompressed() throws Exception {
        byte[] gz = gzip(chatDelta("a") + "data: [DONE]\n\n");
        RecordingListener l = run((req, c) -> {
            c.head(200, "Content-Encoding: gzip");
            c.chunk(gz);
            c.end();
        });
        assertThat(l.error().kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
        assertThat(l.error().message()).contains("compressed (Content-Encoding: gzip)").doesNotContain("after 0 events");
    }

    @Test
    void gzipBytesWithoutAContentEncodingAreNamedToo() throws Exception {
        byte[] gz = gzip(chatDelta("a") + "data: [DONE]\n\n");
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(gz);
            c.end();
        });
        assertThat(l.error().kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
        assertThat(l.error().message()).contains("gzip-compressed (it starts with 1f 8b)");
    }

    @Test
    void aRedirectIsItsOwnKindWithTheLocationAndNoUserInfo() throws Exception {
        RecordingListener l = run((req, c) -> c.full(307, "text/plain", "moved",
                "Location: https://bench:s3cr3t-pw@gateway.example:8443/v1/chat/completions?x=1"));
        assertThat(l.error().kind()).isEqualTo(ErrorKind.HTTP_REDIRECT);
        assertThat(l.error().kind().label()).isEqualTo("http_redirect");
        assertThat(l.error().httpStatus()).isEqualTo(307);
        assertThat(l.error().message()).contains("HTTP 307 from ")
                .contains("redirects to https://***@gateway.example:8443/v1/chat/completions?x=1")
                .contains("redirects are not followed").doesNotContain("s3cr3t").doesNotContain("bench:");
    }

    @Test
    void permanentRedirectWithoutLocationSaysSo() throws Exception {
        RecordingListener l = run((req, c) -> c.full(308, "text/plain", ""));
        assertThat(l.error().kind()).isEqualTo(ErrorKind.HTTP_REDIRECT);
        assertThat(l.error().message()).contains("HTTP 308").contains("redirects to no Location");
    }

    @Test
    void toolCallsAreOutputAndReportedAsSuch() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}]}\n\n");
            c.chunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"type\":\"function\","
                    + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}}]}\n\n");
            c.chunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{}\"}}]}}]}\n\n");
            c.chunk("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n");
            c.chunk("data: [DONE]\n\n");
            c.end();
        });
        assertThat(l.error()).isNull();
        assertThat(l.tokens()).isEqualTo(2);
        assertThat(l.text()).isEqualTo("get_weather{}");
        assertThat(l.outputKinds().labels()).containsExactly("tool_calls");
    }

    private static byte[] gzip(String s) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(b)) {
            z.write(s.getBytes(StandardCharsets.UTF_8));
        }
        return b.toByteArray();
    }
}
