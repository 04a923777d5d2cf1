package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.RequestCounts;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.metrics.server.PrometheusText;
import io.benchsuite.metrics.server.ServerDialect;
import io.benchsuite.metrics.server.ServerSnapshot;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's side of {@code --cancel-rate}: serve-sim stops decoding an aborted stream and frees its KV blocks,
 * and its /metrics shows it (running requests and KV usage back to zero, vLLM's aborted-request count), as the
 * run's scraper reads it.
 */
class CancelledStreamsServerTest {
    private static final int OUTPUT = 300;

    @Test
    void theScraperSeesTheAbortsAndTheServerFreesTheirWork(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        ServerSnapshot before;
        ServerSnapshot after;
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k())
                .settings(SimSettings.builder().model("llama-3.1-8b").timeScale(0.1).build()).start()) {
            URI metrics = server.baseUri().resolve("/metrics");
            before = scrape(metrics);
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "vllm", "--url", server.baseUri().toString(), "--model", "llama-3.1-8b",
                    "--max-concurrent", "4", "--num-requests", "16", "--input-length", "100", "--output-length",
                    Integer.toString(OUTPUT), "--seed", "5", "--cancel-rate", "0.5", "--cancel-after", "tokens:5",
                    "--server-metrics-url", metrics.toString(), "--server-metrics-interval", "100ms", "--no-progress",
                    "--output-dir", out.toString());
            assertThat(code).as(cli.err()).isZero();
            // the last abort reaches the engine once the server notices the closed connection: wait for it, then read
            after = scrape(metrics);
            for (int i = 0; i < 100 && after.running() > 0; i++) {
                Thread.sleep(50);
                after = scrape(metrics);
            }
        }
        Report report = ReportJson.read(out);
        RequestCounts c = report.requests();
        assertThat(c.cancelledByDesign()).isBetween(2L, 14L);
        assertThat(c.succeeded() + c.cancelledByDesign()).isEqualTo(16);

        // the server counted each aborted stream, and the run's scraper read the same count over its window
        assertThat(after.abortedRequests() - before.abortedRequests()).isEqualTo(c.cancelledByDesign());
        ServerSection server = report.section(ServerSection.class).orElseThrow();
        assertThat(server.abortedRequests()).isLessThanOrEqualTo(c.cancelledByDesign()).isPositive();

        // nothing left running, every KV block back in the pool
        assertThat(after.running()).isZero();
        assertThat(after.kvCacheUsage()).isZero();
        assertThat(server.running().max()).as("the scrapes saw the requests running").isPositive();

        // the engine stopped decoding the aborted requests: far fewer tokens than their max_tokens
        double generated = after.generationTokens() - before.generationTokens();
        assertThat(generated).isLessThan(c.succeeded() * OUTPUT + c.cancelledByDesign() * (OUTPUT / 5.0));
        assertThat(generated).isGreaterThanOrEqualTo(c.succeeded() * OUTPUT + c.cancelledByDesign() * 5.0);
    }

    private static ServerSnapshot scrape(URI metrics) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(metrics).build(),
                HttpResponse.BodyHandlers.ofString());
        return ServerDialect.VLLM.read(PrometheusText.parse(r.body()));
    }
}
