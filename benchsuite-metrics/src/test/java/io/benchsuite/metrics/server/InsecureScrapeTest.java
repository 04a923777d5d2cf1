package io.benchsuite.metrics.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.benchsuite.junit.tls.SelfSignedTls;
import io.benchsuite.metrics.internal.HttpText;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server with a self-signed certificate is scraped when the user said insecure, and refused otherwise. */
class InsecureScrapeTest {
    private HttpsServer server;
    private URI url;

    @BeforeEach
    void start(@TempDir Path dir) throws IOException {
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(SelfSignedTls.serverContext(dir)));
        server.createContext("/metrics", ex -> {
            byte[] b = Fixtures.text("vllm-2.txt").getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
            ex.sendResponseHeaders(200, b.length);
            ex.getResponseBody().write(b);
            ex.close();
        });
        server.start();
        url = URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void verificationIsOnByDefault() {
        assertThatThrownBy(() -> HttpText.get(url, Duration.ofSeconds(5))).isInstanceOf(IOException.class);
        ServerMetricsScraper strict = ServerMetricsScraper.every(url, Duration.ofSeconds(1));
        strict.scrapeOnce();
        assertThat(strict.kvCacheUsage()).isNaN();
    }

    @Test
    void insecureAcceptsASelfSignedCertificate() throws IOException {
        assertThat(HttpText.get(url, Duration.ofSeconds(5), true)).contains("vllm:");
        ServerMetricsScraper insecure = ServerMetricsScraper.every(url, Duration.ofSeconds(1), true);
        insecure.scrapeOnce();
        assertThat(insecure.kvCacheUsage()).isEqualTo(0.75);
    }
}
