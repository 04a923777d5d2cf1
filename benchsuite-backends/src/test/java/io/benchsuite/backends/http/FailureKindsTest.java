package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.backends.testing.ScriptedServer.Conn;
import io.benchsuite.tck.RecordingListener;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per failure kind: each becomes onError with its ErrorKind, never an exception. */
class FailureKindsTest {

    private static RecordingListener run(ScriptedServer.Script script, String... config) throws Exception {
        try (ScriptedServer server = new ScriptedServer(script);
             OpenAiBackend backend = openai(Preset.VLLM, server.url(), config)) {
            RecordingListener l = new RecordingListener();
            backend.send(request(true, 16), l);
            l.await();
            assertThat(l.violations()).isEmpty();
            assertThat(l.terminalCount()).isEqualTo(1);
            return l;
        }
    }

    @Test
    void connectionRefused() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        try (OpenAiBackend backend = openai(Preset.VLLM, "http://127.0.0.1:" + port)) {
            RecordingListener l = new RecordingListener();
            backend.send(request(true, 4), l);
            l.await();
            assertThat(l.error().kind()).isEqualTo(ErrorKind.CONNECTION_REFUSED);
            assertThat(l.error().message()).contains("127.0.0.1:" + port);
        }
    }

    @Test
    void connectTimeout() throws Exception {
        // A listening socket that never accepts: once its accept queue is full the kernel drops
        // further SYNs, so a new connection can neither succeed nor be refused.
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> fillers = new ArrayList<>();
            try {
                for (int i = 0; i < 16; i++) {
                    Socket f = new Socket();
                    fillers.add(f);
                    try {
                        f.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), s.getLocalPort()), 200);
                    } catch (SocketTimeoutException full) {
                        break;
                    }
                }
                try (OpenAiBackend backend = openai(Preset.VLLM, "http://127.0.0.1:" + s.getLocalPort(),
                        "connect-timeout", "300ms", "read-timeout", "5s")) {
                    RecordingListener l = new RecordingListener();
                    long t0 = System.nanoTime();
                    backend.send(request(true, 4), l);
                    l.await();
                    assertThat(l.error().kind()).isEqualTo(ErrorKind.CONNECT_TIMEOUT);
                    assertThat(Duration.ofNanos(l.endNanos() - t0)).isBetween(Duration.ofMillis(250), Duration.ofSeconds(3));
                }
            } finally {
                for (Socket f : fillers) f.close();
            }
        }
    }

    @Test
    void readTimeoutWhenTheServerGoesSilentMidStream() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("a"));
            Conn.sleep(3000);
        }, "read-timeout", "300ms");
        assertThat(l.error().kind()).isEqualTo(ErrorKind.READ_TIMEOUT);
        assertThat(l.tokens()).isEqualTo(1);
    }

    @Test
    void readTimeoutWhenNoResponseStarts() throws Exception {
        RecordingListener l = run((req, c) -> Conn.sleep(3000), "read-timeout", "300ms");
        assertThat(l.error().kind()).isEqualTo(ErrorKind.READ_TIMEOUT);
    }

    @Test
    void requestTimeoutWhileTokensKeepComing() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            for (int i = 0; i < 60; i++) {
                c.chunk(chatDelta("t"));
                Conn.sleep(50);
            }
        }, "request-timeout", "400ms", "read-timeout", "5s");
        assertThat(l.error().kind()).isEqualTo(ErrorKind.REQUEST_TIMEOUT);
        assertThat(l.error().message()).contains("request-timeout");
        assertThat(l.tokens()).isBetween(3, 12);
    }

    @Test
    void http429NotesRetryAfter() throws Exception {
        RecordingListener l = run((req, c) -> c.full(429, "application/json", "{\"error\":\"slow down\"}", "Retry-After: 7"));
        assertThat(l.error().kind()).isEqualTo(ErrorKind.HTTP_429);
        assertThat(l.error().httpStatus()).isEqualTo(429);
        assertThat(l.error().retryAfter()).isEqualTo(Duration.ofSeconds(7));
        assertThat(l.error().message()).contains("Retry-After 7s").contains("slow down");
    }

    @Test
    void otherHttp4xx() throws Exception {
        RecordingListener l = run((req, c) -> c.full(400, "application/json",
                "{\"object\":\"error\",\"message\":\"max_tokens is too large\"}"));
        assertThat(l.error().kind()).isEqualTo(ErrorKind.HTTP_4XX);
        assertThat(l.error().httpStatus()).isEqualTo(400);
        assertThat(l.error().message()).contains("max_tokens is too large");
    }

    @Test
    void http5xxIncludesACappedSnippetOfTheBody() throws Exception {
        String body = "Traceback: CUDA out of memory " + "x".repeat(20_000);
        RecordingListener l = run((req, c) -> c.full(500, "text/plain", body));
        assertThat(l.error().kind()).isEqualTo(ErrorKind.HTTP_5XX);
        assertThat(l.error().httpStatus()).isEqualTo(500);
        assertThat(l.error().message()).contains("CUDA out of memory").hasSizeLessThan(800);
    }

    @Test
    void resetMidStream() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("a"));
            c.chunk(chatDelta("b"));
            Conn.sleep(50);
            c.reset();
        });
        assertThat(l.error().kind()).isEqualTo(ErrorKind.STREAM_RESET);
        assertThat(l.tokens()).isEqualTo(2);
    }

    @Test
    void streamEndingCleanlyWithoutDoneIsTruncated() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("a"));
            c.end();
        });
        assertThat(l.error().kind()).isEqualTo(ErrorKind.STREAM_TRUNCATED);
        assertThat(l.error().message()).contains("[DONE]");
    }

    @Test
    void malformedJsonInAnEvent() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk("data: {\"choices\":[{\"delta\":{\"content\":\"a\"\n\n");
            Conn.sleep(200);
            c.chunk("data: [DONE]\n\n");
            c.end();
        });
        assertThat(l.error().kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
    }

    @Test
    void cancelGivesCancelledExactlyOnceAndNothingAfter() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            for (int i = 0; i < 100; i++) {
                c.chunk(chatDelta("t"));
                Conn.sleep(20);
            }
            c.chunk("data: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url())) {
            RecordingListener l = new RecordingListener();
            RequestHandle h = backend.send(request(true, 100), l);
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (l.tokens() < 3 && System.nanoTime() < deadline) Thread.sleep(5);
            h.cancel();
            h.cancel();
            l.await();
            Thread.sleep(300); // let any stray event arrive
            assertThat(l.error().kind()).isEqualTo(ErrorKind.CANCELLED);
            assertThat(l.terminalCount()).isEqualTo(1);
            assertThat(l.violations()).isEmpty();
            assertThat(l.tokens()).isLessThan(20);
        }
    }

    @Test
    void cancelBeforeAnyResponseByte() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> Conn.sleep(2000));
             OpenAiBackend backend = openai(Preset.VLLM, server.url())) {
            RecordingListener l = new RecordingListener();
            RequestHandle h = backend.send(request(true, 4), l);
            Thread.sleep(100);
            h.cancel();
            l.await(Duration.ofSeconds(2));
            Thread.sleep(100);
            assertThat(l.error().kind()).isEqualTo(ErrorKind.CANCELLED);
            assertThat(l.terminalCount()).isEqualTo(1);
            assertThat(l.violations()).isEmpty();
        }
    }
}
