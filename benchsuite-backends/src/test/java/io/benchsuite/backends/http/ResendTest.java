package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A request is sent a second time only when its kept-alive connection died in a way that shows the
 * server cannot have read it; a connection closed after the server read the request and worked on it
 * fails the request as {@code connection_closed}, sent once. Every re-send is flagged in
 * {@code requests.jsonl} with its reason, and {@code connection-retries=0} turns re-sends off. Through
 * both transports.
 */
class ResendTest {

    /** One streamed answer of three tokens. */
    private static void answer(ScriptedServer.Conn c) throws IOException {
        c.head(200);
        c.chunk(chatDelta("a"));
        c.chunk(chatDelta("b"));
        c.chunk(chatDelta("c"));
        c.chunk("data: [DONE]\n\n");
        c.end();
    }

    private static RunResult run(ScriptedServer server, String transport, int requests, Path dir, String... options) {
        Map<String, String> cfg = new HashMap<>(Map.of(BackendConfig.URL, server.url(), BackendConfig.MODEL, "test-model",
                HttpSettings.TRANSPORT, transport));
        for (int i = 0; i < options.length; i += 2) cfg.put(options[i], options[i + 1]);
        return Benchmark.named("resend").backend("openai", Fixtures.config(cfg))
                .workload(Workload.closed(1).maxRequests(requests).inputTokens(LengthDistribution.fixed(8))
                        .outputTokens(LengthDistribution.fixed(3)).build())
                .seed(SeedChain.fromLong(1)).preflight(false).outputDir(dir).retainRequests(true).run();
    }

    /** A server that answers the first request of a connection and closes it, unread, when the next arrives. */
    private static ScriptedServer idleClosingServer() throws IOException {
        return new ScriptedServer((req, c) -> {
            answer(c);
            c.closeUnreadWhenTheNextRequestArrives(10_000);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"netty", "httpclient"})
    void aServerThatReadTheRequestAndWorkedOnItBeforeClosingFailsItAsConnectionClosed(String transport, @TempDir Path dir)
            throws IOException {
        // The second request of a connection is read, worked on for 1 s, and never answered.
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            if (c.writeTimes.isEmpty()) {
                answer(c);
            } else {
                ScriptedServer.Conn.sleep(1000);
                c.close();
            }
        })) {
            RunResult r = run(server, transport, 2, dir);
            assertThat(r.requests()).hasSize(2);
            assertThat(r.requests().get(0).succeeded()).isTrue();
            RequestRecord second = r.requests().get(1);
            assertThat(second.succeeded()).isFalse();
            assertThat(second.errorKind()).isEqualTo(ErrorKind.CONNECTION_CLOSED);
            assertThat(second.errorMessage())
                    .startsWith("connection closed by the server ")
                    .contains("after the request was written, before any response byte; "
                            + "not re-sent (the server may have read it)");
            assertThat(second.resent()).isFalse();
            assertThat(second.resendReason()).isNull();
            // sent once: the server saw one POST for it
            assertThat(server.requests()).hasSize(2);
            List<String> lines = Files.readAllLines(dir.resolve("requests.jsonl"));
            assertThat(lines).noneMatch(l -> l.contains("\"resent\""));
            assertThat(lines).filteredOn(l -> l.contains("\"errorKind\":\"connection_closed\"")).hasSize(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"netty", "httpclient"})
    void aKeptAliveConnectionClosedUnreadIsResentOnceAndFlagged(String transport, @TempDir Path dir) throws IOException {
        try (ScriptedServer server = idleClosingServer()) {
            RunResult r = run(server, transport, 6, dir);
            assertThat(r.requests()).hasSize(6).allMatch(RequestRecord::succeeded);
            // request 0 opens connection A; request 1 finds A kept alive, the server closes it unread, and
            // it goes out again on a connection of its own; request 2 opens C; request 3 loses C; ...
            for (RequestRecord x : r.requests()) {
                boolean onAKeptAliveConnection = x.index() % 2 == 1;
                assertThat(x.resent()).as("request %d re-sent", x.index()).isEqualTo(onAKeptAliveConnection);
                if (onAKeptAliveConnection) {
                    assertThat(x.resendReason()).as("reason of request %d", x.index())
                            .startsWith("kept-alive connection closed by the server ")
                            .contains("after the request was written, before any response byte: closed idle, "
                                    + "as the request arrived (connection closed before a response");
                } else {
                    assertThat(x.resendReason()).isNull();
                }
            }
            assertThat(r.summary().counts().connectionRetries()).isEqualTo(3);
            // each request was read by the server exactly once
            assertThat(server.requests()).hasSize(6);
            List<String> lines = Files.readAllLines(dir.resolve("requests.jsonl"));
            assertThat(lines).filteredOn(l -> l.contains("\"connectionRetries\":1,\"resent\":\"kept-alive connection "
                    + "closed by the server ")).hasSize(3);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"netty", "httpclient"})
    void connectionRetriesZeroTurnsResendsOff(String transport, @TempDir Path dir) throws IOException {
        try (ScriptedServer server = idleClosingServer()) {
            RunResult r = run(server, transport, 4, dir, HttpSettings.CONNECTION_RETRIES, "0");
            assertThat(r.requests()).extracting(RequestRecord::succeeded).containsExactly(true, false, true, false);
            for (RequestRecord x : r.requests()) {
                assertThat(x.resent()).isFalse();
                if (!x.succeeded()) {
                    assertThat(x.errorKind()).isEqualTo(ErrorKind.CONNECTION_CLOSED);
                    assertThat(x.errorMessage()).contains("not re-sent (connection-retries=0)");
                }
            }
            assertThat(r.summary().counts().connectionRetries()).isZero();
            assertThat(server.requests()).hasSize(2);
            assertThat(Files.readString(dir.resolve("requests.jsonl"))).doesNotContain("\"resent\"");
        }
    }

    @Test
    void connectionRetriesAcceptsOnlyZeroOrOne() {
        for (String bad : List.of("2", "-1")) {
            assertThatThrownBy(() -> HttpSettings.from(BackendConfig.of(Map.of(HttpSettings.CONNECTION_RETRIES, bad)),
                    "http://127.0.0.1:1"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("backend config key 'connection-retries' must be 0 (never re-send) or 1 (re-send once on a "
                            + "fresh connection), got " + bad);
        }
        assertThat(HttpSettings.from(BackendConfig.of(Map.of()), "http://127.0.0.1:1").connectionRetries()).isEqualTo(1);
        assertThat(HttpSettings.from(BackendConfig.of(Map.of(HttpSettings.CONNECTION_RETRIES, "0")), "http://127.0.0.1:1")
                .connectionRetries()).isZero();
    }
}
