package io.benchsuite.backends.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.backends.http.spi.HttpTransport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** {@code prewarm-connections}: the pool's connections are open before the run's clock starts. */
class PrewarmTest {

    /** A loopback server that only accepts and counts connections (and keeps them open). */
    private static final class Acceptor implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        final AtomicInteger accepted = new AtomicInteger();
        final List<Socket> open = new CopyOnWriteArrayList<>();
        final Thread thread = new Thread(this::accept, "acceptor");

        Acceptor() throws IOException {
            thread.start();
        }

        private void accept() {
            try {
                while (true) {
                    open.add(socket.accept());
                    accepted.incrementAndGet();
                }
            } catch (IOException closed) {
                // the test is over
            }
        }

        String url() {
            return "http://127.0.0.1:" + socket.getLocalPort();
        }

        @Override
        public void close() throws Exception {
            socket.close();
            for (Socket s : open) s.close();
            thread.join(5_000);
        }
    }

    private static HttpTransport transport(String url, String prewarm, String maxConcurrency) {
        HttpSettings s = HttpSettings.from(BackendConfig.of(Map.of("url", url, HttpSettings.PREWARM_CONNECTIONS, prewarm,
                BackendConfig.MAX_CONCURRENCY, maxConcurrency)), url);
        return HttpTransport.open("test", s, EnvironmentVariables.of(Map.of()));
    }

    @Test
    void theConfiguredConnectionsAreOpenBeforeAnyRequest() throws Exception {
        try (Acceptor server = new Acceptor(); HttpTransport t = transport(server.url(), "5", "8")) {
            assertThat(t.prewarm()).isEqualTo(5);
            for (int i = 0; i < 200 && server.accepted.get() < 5; i++) Thread.sleep(10);
            assertThat(server.accepted.get()).as("connections the server accepted, no request sent").isEqualTo(5);
        }
    }

    @Test
    void neverMoreThanThePoolHoldsAndNoneByDefault() throws Exception {
        try (Acceptor server = new Acceptor(); HttpTransport capped = transport(server.url(), "50", "3");
             HttpTransport none = transport(server.url(), "0", "3")) {
            assertThat(capped.prewarm()).as("capped at max-concurrency").isEqualTo(3);
            assertThat(none.prewarm()).isZero();
            for (int i = 0; i < 200 && server.accepted.get() < 3; i++) Thread.sleep(10);
            Thread.sleep(100);
            assertThat(server.accepted.get()).isEqualTo(3);
        }
    }

    private static HttpTransport unset(String url) {
        HttpSettings s = HttpSettings.from(BackendConfig.of(Map.of("url", url, BackendConfig.MAX_CONCURRENCY, "8")), url);
        return HttpTransport.open("test", s, EnvironmentVariables.of(Map.of()));
    }

    @Test
    void unsetTheRunAsksForItsFirstSecondsConnectionsCappedByThePool() throws Exception {
        try (Acceptor server = new Acceptor(); HttpTransport t = unset(server.url())) {
            assertThat(t.settings().prewarmConnections()).isEqualTo(HttpSettings.PREWARM_AUTO);
            assertThat(t.prewarm()).as("nothing opened in pre-flight when the run decides").isZero();
            assertThat(t.openAhead(6)).isEqualTo(6);
            for (int i = 0; i < 200 && server.accepted.get() < 6; i++) Thread.sleep(10);
            assertThat(server.accepted.get()).as("connections the server accepted, no request sent").isEqualTo(6);
        }
        try (Acceptor server = new Acceptor(); HttpTransport t = unset(server.url())) {
            assertThat(t.openAhead(50)).as("capped at max-concurrency").isEqualTo(8);
        }
    }

    @Test
    void aCountTheUserSetStandsAndZeroOpensNoneAhead() throws Exception {
        try (Acceptor server = new Acceptor(); HttpTransport none = transport(server.url(), "0", "8");
             HttpTransport two = transport(server.url(), "2", "8")) {
            assertThat(none.openAhead(6)).isZero();
            assertThat(two.prewarm()).isEqualTo(2);
            assertThat(two.openAhead(6)).as("the user's 2, opened in pre-flight, stand").isZero();
            for (int i = 0; i < 200 && server.accepted.get() < 2; i++) Thread.sleep(10);
            Thread.sleep(100);
            assertThat(server.accepted.get()).isEqualTo(2);
        }
    }

    @Test
    void aServerThatRefusesGetsNoneOpenedAndNoException() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        try (HttpTransport t = transport("http://127.0.0.1:" + port, "4", "8")) {
            assertThat(t.prewarm()).isZero();
        }
    }

    @Test
    void aNegativeCountNamesTheKey() {
        Assertions.assertThatThrownBy(() -> transport("http://127.0.0.1:1", "-1", "8"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("backend config key 'prewarm-connections' must be >= 0, got -1");
    }
}
