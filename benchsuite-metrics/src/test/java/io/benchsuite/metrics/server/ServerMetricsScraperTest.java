package io.benchsuite.metrics.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.metrics.TestBackendAccess;
import io.benchsuite.metrics.testing.SectionJson;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ServerMetricsScraperTest {
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) server.stop(0);
    }

    private URI serve(IntFunction<String> body, int status) throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicInteger n = new AtomicInteger();
        server.createContext("/metrics", ex -> {
            byte[] b = body.apply(n.getAndIncrement()).getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
            ex.sendResponseHeaders(status, b.length);
            ex.getResponseBody().write(b);
            ex.close();
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
    }

    @Test
    void scrapesDuringTheRunAndReportsTheWindow() throws Exception {
        // first scrape: the "before" capture; every later one: "after"
        URI url = serve(i -> Fixtures.text(i == 0 ? "vllm-1.txt" : "vllm-2.txt"), 200);
        ServerMetricsScraper scraper = new ServerMetricsScraper(url, Duration.ofMillis(100), Duration.ofSeconds(2));
        TestBackendAccess.Run run = TestBackendAccess.closedLoop("scrape", 6, scraper);
        RunResult r = run.result();
        JsonNode s = SectionJson.of(r.sections().get("server"));
        assertThat(s).isNotNull();
        assertThat(s.get("source").asText()).isEqualTo("vllm");
        assertThat(s.get("url").asText()).isEqualTo(url.toString());
        assertThat(s.get("scrapes").asLong()).isGreaterThanOrEqualTo(2);
        assertThat(s.get("scrapeErrors").asLong()).isZero();
        assertThat(s.get("prefixCacheHitRate").asDouble()).isEqualTo(0.25);
        assertThat(s.get("preemptions").asDouble()).isEqualTo(2);
        assertThat(s.at("/ttft/p50").asDouble()).isEqualTo(70.0);
        assertThat(scraper.kvCacheUsage()).isEqualTo(0.75);
        assertThat(scraper.prefixCacheHitRate()).isEqualTo(0.25);
        assertThat(scraper.waiting()).isEqualTo(3);
        assertThat(run.benchsuiteThreads()).isEmpty();
    }

    @Test
    void theBaselineIsScrapedBeforeTheRunGoesOnAndOnlyOnce() throws Exception {
        // the baseline is taken on the thread starting the run, inside onRunStarted: a listener heard after
        // the scraper already finds it done, and the periodic scrapes start an interval later
        AtomicInteger scraped = new AtomicInteger();
        URI url = serve(i -> {
            scraped.incrementAndGet();
            return Fixtures.text(i == 0 ? "vllm-1.txt" : "vllm-2.txt");
        }, 200);
        ServerMetricsScraper scraper = new ServerMetricsScraper(url, Duration.ofSeconds(30), Duration.ofSeconds(2));
        AtomicInteger atStart = new AtomicInteger(-1);
        RunListener after = new RunListener() {
            @Override
            public void onRunStarted(RunInfo info) {
                atStart.set(scraped.get());
            }
        };
        RunResult r = TestBackendAccess.closedLoop("baseline", 4, scraper, after).result();

        assertThat(atStart).as("scrapes done when the next listener heard the start").hasValue(1);
        JsonNode s = SectionJson.of(r.sections().get("server"));
        assertThat(s.get("scrapes").asLong()).as("the baseline and the final scrape, none between (interval 30 s)")
                .isEqualTo(2);
        assertThat(s.get("prefixCacheHitRate").asDouble()).isEqualTo(0.25);
    }

    @Test
    void anUnreachableEndpointIsCountedAndTheRunGoesOn() throws Exception {
        ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        int port = s.getLocalPort();
        s.close(); // nothing listens there now
        ServerMetricsScraper scraper = new ServerMetricsScraper(URI.create("http://127.0.0.1:" + port + "/metrics"),
                Duration.ofMillis(100), Duration.ofSeconds(1));
        var run = TestBackendAccess.closedLoop("unreachable", 4, scraper);
        assertThat(run.result().summary().counts().succeeded()).isEqualTo(4);
        JsonNode sec = SectionJson.of(run.result().sections().get("server"));
        assertThat(sec.get("scrapeErrors").asLong()).isGreaterThanOrEqualTo(1).isEqualTo(sec.get("scrapes").asLong());
        assertThat(sec.get("source").isNull()).isTrue();
        assertThat(sec.get("prefixCacheHitRate").isNull()).isTrue();
        assertThat(sec.at("/kvCacheUsage/mean").isNull()).isTrue();
        assertThat(scraper.kvCacheUsage()).isNaN();
    }

    @Test
    void aMalformedResponseIsAScrapeError() throws Exception {
        URI url = serve(i -> "<html>oops</html>", 200);
        ServerMetricsScraper scraper = new ServerMetricsScraper(url, Duration.ofMillis(100), Duration.ofSeconds(2));
        var run = TestBackendAccess.closedLoop("malformed", 4, scraper);
        JsonNode sec = SectionJson.of(run.result().sections().get("server"));
        assertThat(sec.get("scrapeErrors").asLong()).isGreaterThanOrEqualTo(2).isEqualTo(sec.get("scrapes").asLong());
        assertThat(run.result().summary().counts().succeeded()).isEqualTo(4);
    }

    @Test
    void aServerErrorStatusIsAScrapeError() throws Exception {
        URI url = serve(i -> "busy", 503);
        ServerMetricsScraper scraper = new ServerMetricsScraper(url, Duration.ofMillis(100), Duration.ofSeconds(2));
        var run = TestBackendAccess.closedLoop("status", 4, scraper);
        assertThat(SectionJson.of(run.result().sections().get("server")).get("scrapeErrors").asLong()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void rejectsNonHttpUrlsAndHidesCredentials() {
        Assertions.assertThatThrownBy(() -> new ServerMetricsScraper(URI.create("file:///etc/passwd"),
                Duration.ofSeconds(1), Duration.ofSeconds(1))).hasMessageContaining("http:// or https://");
        assertThat(ServerMetricsScraper.safeUrl(URI.create("https://user:pw@h:9/metrics?token=abc")))
                .isEqualTo("https://h:9/metrics");
    }
}
