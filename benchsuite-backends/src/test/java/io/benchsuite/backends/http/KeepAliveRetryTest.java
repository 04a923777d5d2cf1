package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that closes a kept-alive connection after a streamed response without saying
 * {@code Connection: close} (llama.cpp's server does) must not fail requests: a request whose
 * reused connection dies before any response byte is sent once more on a fresh connection, counted,
 * and still timed from its scheduled instant. Requests that fail for any other reason are not retried.
 */
class KeepAliveRetryTest {

    /** One streamed answer of three tokens. */
    private static void answer(ScriptedServer.Conn c) throws IOException {
        c.head(200);
        c.chunk(chatDelta("a"));
        c.chunk(chatDelta("b"));
        c.chunk(chatDelta("c"));
        c.chunk("data: [DONE]\n\n");
        c.end();
    }

    private static RunResult run(ScriptedServer server, int users, int requests, Path dir) {
        Map<String, String> cfg = Map.of(BackendConfig.URL, server.url(), BackendConfig.MODEL, "test-model");
        return Benchmark.named("keep-alive").backend("openai", Fixtures.config(cfg))
                .workload(Workload.closed(users).maxRequests(requests).inputTokens(LengthDistribution.fixed(8))
                        .outputTokens(LengthDistribution.fixed(3)).build())
                .seed(SeedChain.fromLong(1)).preflight(false).outputDir(dir).retainRequests(true).run();
    }

    @Test
    void aServerThatClosesAfterEveryStreamFailsNoRequest(@TempDir Path dir) throws IOException {
        // What llama-server does: answer, then close the connection it did not announce as closing.
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            answer(c);
            c.close();
        })) {
            RunResult r = run(server, 4, 40, dir);
            assertThat(r.requests()).hasSize(40).allMatch(RequestRecord::succeeded);
            long retried = r.requests().stream().filter(x -> x.connectionRetries() > 0).count();
            assertThat(r.summary().counts().connectionRetries()).isEqualTo(retried);
            // each connection served exactly one answer (what a retried request wrote to a dead
            // connection never reached the server)
            assertThat(server.connections()).isEqualTo(40);
            assertThat(server.requests()).hasSize(40);
        }
    }

    @Test
    void aRequestOnADeadKeptAliveConnectionIsRetriedOnceOnAFreshOne(@TempDir Path dir) throws IOException {
        // Deterministic form of the race: the server answers the first request of a connection and
        // drops the connection when a second request arrives on it, before any response byte.
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            if (c.writeTimes.isEmpty()) {
                answer(c);
            } else {
                c.close();
            }
        })) {
            RunResult r = run(server, 1, 6, dir);
            assertThat(r.requests()).hasSize(6).allMatch(RequestRecord::succeeded);
            // Request 0 opens connection A. Request 1 finds A kept alive, loses it, and goes out again
            // on a connection opened for the retry alone (closed after its answer). Request 2 finds
            // no pooled connection and opens C; request 3 loses C; and so on.
            for (RequestRecord x : r.requests()) {
                boolean foundAKeptAliveConnection = x.index() % 2 == 1;
                assertThat(x.connectionRetries()).as("retries of request %d", x.index())
                        .isEqualTo(foundAKeptAliveConnection ? 1 : 0);
                assertThat(x.connectNanos()).as("every request ends up on a connection opened for it").isPositive();
            }
            assertThat(r.summary().counts().connectionRetries()).isEqualTo(3);
            assertThat(server.connections()).isEqualTo(6);
            assertThat(server.requests()).hasSize(9);
            for (RequestRecord x : r.requests()) {
                // latency counts from the scheduled instant: the lost round trip is inside it
                assertThat(x.ttftNanos()).isGreaterThanOrEqualTo(x.ttftFromSendNanos());
                assertThat(x.sentOffsetNanos()).isGreaterThanOrEqualTo(x.scheduledOffsetNanos());
            }
            assertThat(Files.readAllLines(dir.resolve("requests.jsonl")))
                    .filteredOn(l -> l.contains("\"connectionRetries\":1")).hasSize(3);
            assertThat(Files.readString(dir.resolve("report.json"))).contains("\"connectionRetries\" : 3");
        }
    }

    @Test
    void aResetOnAKeptAliveConnectionIsRetriedToo(@TempDir Path dir) throws IOException {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            if (c.writeTimes.isEmpty()) {
                answer(c);
            } else {
                c.reset();
            }
        })) {
            RunResult r = run(server, 1, 3, dir);
            assertThat(r.requests()).hasSize(3).allMatch(RequestRecord::succeeded);
            assertThat(r.requests()).extracting(RequestRecord::connectionRetries).containsExactly(0, 1, 0);
        }
    }

    @Test
    void aFreshConnectionThatDiesIsAFailureNotARetry(@TempDir Path dir) throws IOException {
        try (ScriptedServer server = new ScriptedServer((req, c) -> c.close())) {
            RunResult r = run(server, 1, 2, dir);
            assertThat(r.requests()).hasSize(2).allMatch(x -> !x.succeeded())
                    .allMatch(x -> x.errorKind() == ErrorKind.CONNECTION_CLOSED)
                    .allMatch(x -> x.connectionRetries() == 0);
            assertThat(server.requests()).hasSize(2);
        }
    }

    @Test
    void aConnectionThatDiesMidResponseIsAFailureNotARetry(@TempDir Path dir) throws IOException {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            if (c.writeTimes.isEmpty()) {
                answer(c);
            } else {
                c.head(200);
                c.chunk(chatDelta("a"));
                c.close();
            }
        })) {
            RunResult r = run(server, 1, 2, dir);
            assertThat(r.requests().get(0).succeeded()).isTrue();
            RequestRecord second = r.requests().get(1);
            assertThat(second.succeeded()).isFalse();
            assertThat(second.connectionRetries()).isZero();
            assertThat(server.requests()).hasSize(2);
        }
    }
}
