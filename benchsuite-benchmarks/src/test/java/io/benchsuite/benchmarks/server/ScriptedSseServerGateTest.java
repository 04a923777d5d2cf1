package io.benchsuite.benchmarks.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Firehose streams held at a gate start together: no token is written until the asked number of
 * streams is open, then every stream is written to (the capacity harness relies on it to measure
 * that many streams at once).
 */
class ScriptedSseServerGateTest {

    @Test
    void firehoseStreamsWaitForTheGateThenAllFlow() throws Exception {
        try (ScriptedSseServer server = new ScriptedSseServer(new ScriptedSseServer.Script(Duration.ZERO, Duration.ZERO,
                1_000_000, ScriptedSseServer.Closing.KEEP_ALIVE, false), 0, 1)) {
            server.holdFirehoseUntilOpen(3);
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) sockets.add(post(server));
                awaitOpen(server, 2);
                Thread.sleep(200); // time enough for a stream that was not held to write thousands of tokens
                assertThat(server.tokensWritten()).as("held streams write nothing").isZero();
                sockets.add(post(server));
                awaitOpen(server, 3);
                for (Socket s : sockets) {
                    assertThat(readUntil(s.getInputStream(), "tok")).as("every stream flows once the gate opens").isTrue();
                }
                assertThat(server.tokensWritten()).isPositive();
            } finally {
                for (Socket s : sockets) s.close();
            }
        }
    }

    @Test
    void aNegativeGateIsRefused() throws Exception {
        try (ScriptedSseServer server = new ScriptedSseServer(new ScriptedSseServer.Script(Duration.ZERO, Duration.ZERO,
                1, ScriptedSseServer.Closing.KEEP_ALIVE, false), 0, 1)) {
            assertThatThrownBy(() -> server.holdFirehoseUntilOpen(-1)).hasMessage("streams must be >= 0, got -1");
        }
    }

    private static Socket post(ScriptedSseServer server) throws Exception {
        Socket s = new Socket("127.0.0.1", server.port());
        s.setSoTimeout(30_000);
        byte[] body = "{\"model\":\"scripted\",\"prompt\":\"hi\",\"max_tokens\":1000000,\"stream\":true}"
                .getBytes(StandardCharsets.UTF_8);
        OutputStream out = s.getOutputStream();
        out.write(("POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
        return s;
    }

    private static void awaitOpen(ScriptedSseServer server, int streams) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (server.openStreams() < streams && System.nanoTime() < deadline) Thread.sleep(5);
        assertThat(server.openStreams()).isEqualTo(streams);
    }

    /** Reads until the text appears (true) or the stream ends (false). */
    private static boolean readUntil(InputStream in, String text) throws Exception {
        StringBuilder seen = new StringBuilder();
        byte[] buf = new byte[4096];
        while (seen.length() < 1 << 20) {
            int n = in.read(buf);
            if (n < 0) return false;
            seen.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
            if (seen.indexOf(text) >= 0) return true;
        }
        return false;
    }
}
