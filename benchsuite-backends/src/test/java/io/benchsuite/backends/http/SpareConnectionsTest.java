package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code spare-connections}: the pool keeps idle connections open ahead of need, so against a server that
 * closes every connection after its answer (as many proxies do) a request's send pays for no connect.
 */
class SpareConnectionsTest {
    private static final int REQUESTS = 12;

    /** Answers three tokens over 30 ms, announces the close and closes. */
    private static ScriptedServer closingServer() throws IOException {
        return new ScriptedServer((req, c) -> {
            c.head(200, "Connection: close");
            c.chunk(chatDelta("a"));
            ScriptedServer.Conn.sleep(15);
            c.chunk(chatDelta("b"));
            ScriptedServer.Conn.sleep(15);
            c.chunk(chatDelta("c"));
            c.chunk("data: [DONE]\n\n");
            c.end();
            c.close();
        });
    }

    private static RunResult run(ScriptedServer server, String spare) {
        // the spares are the Netty transport's (this class runs in the build's HttpClient pass too)
        Map<String, String> cfg = new HashMap<>(Map.of(BackendConfig.URL, server.url(), BackendConfig.MODEL, "test-model",
                HttpSettings.TRANSPORT, "netty"));
        if (spare != null) cfg.put(HttpSettings.SPARE_CONNECTIONS, spare);
        return Benchmark.named("spare").backend("openai", Fixtures.config(cfg))
                .workload(Workload.closed(1).maxRequests(REQUESTS).inputTokens(LengthDistribution.fixed(8))
                        .outputTokens(LengthDistribution.fixed(3)).build())
                .seed(SeedChain.fromLong(1)).preflight(false).retainRequests(true).run();
    }

    @Test
    void withSparesARequestFindsAConnectionOpenedAheadEvenWhenTheServerClosesEachOne() throws IOException {
        long connected;
        try (ScriptedServer server = closingServer()) {
            RunResult r = run(server, "1");
            assertThat(r.requests()).hasSize(REQUESTS).allMatch(RequestRecord::succeeded);
            connected = r.requests().stream().filter(x -> x.connectNanos() > 0).count();
            // the first request opens its own (no pre-flight here, so no spare yet); each one after finds a spare
            // opened while the one before streamed (30 ms): one slow spare on a busy machine is allowed
            assertThat(connected).as("requests that waited for a connect of their own").isBetween(1L, 2L);
            assertThat(server.requests()).hasSize(REQUESTS);
            // one connection per request plus the spare still waiting at the end (one user: at most one spare),
            // and one more for a request that had to open its own
            assertThat(server.connections()).isBetween(REQUESTS + 1, REQUESTS + 2);
        }
        try (ScriptedServer server = closingServer()) {
            RunResult r = run(server, null);
            assertThat(r.requests()).as("by default every request opens its own connection").allMatch(x -> x.connectNanos() > 0);
            assertThat(server.connections()).isEqualTo(REQUESTS);
        }
    }

    @Test
    void theSettingIsCheckedAndCappedByThePool() {
        String url = "http://127.0.0.1:1";
        HttpSettings s = HttpSettings.from(BackendConfig.of(Map.of(BackendConfig.URL, url, HttpSettings.SPARE_CONNECTIONS, "50",
                BackendConfig.MAX_CONCURRENCY, "4")), url);
        assertThat(s.spareConnections()).as("no more spares than connections in use").isEqualTo(4);
        assertThat(HttpSettings.from(BackendConfig.of(Map.of(BackendConfig.URL, url)), url).spareConnections()).isZero();
        assertThatThrownBy(() -> HttpSettings.from(BackendConfig.of(Map.of(BackendConfig.URL, url,
                HttpSettings.SPARE_CONNECTIONS, "-1")), url))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("backend config key 'spare-connections' must be >= 0, got -1");
    }
}
