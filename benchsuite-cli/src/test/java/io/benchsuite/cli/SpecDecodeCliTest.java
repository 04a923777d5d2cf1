package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.metrics.server.PrometheusText;
import io.benchsuite.metrics.server.ServerDialect;
import io.benchsuite.metrics.server.SpecDecodeSnapshot;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.SimSpeculative;
import io.benchsuite.sim.server.SimHttpServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Speculative decoding end to end over HTTP: serve-sim speculates with acceptance α, the run scrapes its
 * vLLM V1 counters, and the report's figures equal the counters' differences (counts exactly, ratios to
 * report.json's 6 decimals) and the model's expectation within four standard errors.
 */
class SpecDecodeCliTest {
    private static final int K = 4;
    private static final double ALPHA = 0.7;

    @Test
    void theReportedAcceptanceIsTheServersCountersAndMatchesAlpha(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        SpecDecodeSnapshot before;
        SpecDecodeSnapshot after;
        CliHarness cli = new CliHarness();
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k())
                .settings(SimSettings.builder().model("llama-3.1-8b").timeScale(0.01).seed(11)
                        .speculative(new SimSpeculative(K, ALPHA, 0.05)).build()).start()) {
            URI metrics = server.baseUri().resolve("/metrics");
            before = scrape(metrics);
            int code = cli.run("run", "--backend", "vllm", "--url", server.baseUri().toString(), "--model", "llama-3.1-8b",
                    "--max-concurrent", "16", "--num-requests", "48", "--input-length", "100", "--output-length", "200",
                    "--seed", "5", "--server-metrics-url", metrics.toString(), "--no-progress", "--output-dir", out.toString());
            assertThat(code).as(cli.err()).isZero();
            after = scrape(metrics);
        }
        ServerSection.SpecDecode s = ReportJson.read(out).section(ServerSection.class).orElseThrow().specDecode();
        assertThat(s).as("the report's server section carries speculative decoding").isNotNull();

        // exactly the server's counters over the run (nothing else was sent to it between the two scrapes)
        double drafts = after.drafts() - before.drafts();
        double draftTokens = after.draftTokens() - before.draftTokens();
        double accepted = after.acceptedTokens() - before.acceptedTokens();
        assertThat(s.basis()).isEqualTo("counters");
        assertThat(s.drafts()).isEqualTo(drafts);
        assertThat(s.draftTokens()).isEqualTo(draftTokens).isEqualTo(K * drafts);
        assertThat(s.acceptedTokens()).isEqualTo(accepted);
        // the ratios of those counts, as report.json writes numbers: 6 decimals
        assertThat(s.acceptanceRate()).isCloseTo(accepted / draftTokens, within(5e-7));
        assertThat(s.meanAcceptedLength()).isCloseTo(1 + accepted / drafts, within(5e-7));
        assertThat(s.perPosition()).hasSize(K);
        for (int i = 0; i < K; i++) {
            double d = after.acceptedPerPosition().get(i) - before.acceptedPerPosition().get(i);
            assertThat(s.perPosition().get(i)).isCloseTo(d / drafts, within(5e-7));
        }

        // and the model's: P(a >= i) = alpha^i, i.i.d. per draft; 48 x 199 decode tokens make some 3000 drafts
        assertThat(drafts).isGreaterThan(1500);
        double mean = 0;
        double second = 0;
        for (int i = 1; i <= K; i++) {
            mean += Math.pow(ALPHA, i);
            second += (2 * i - 1) * Math.pow(ALPHA, i);
        }
        double se = Math.sqrt((second - mean * mean) / drafts);
        SimSpeculative model = new SimSpeculative(K, ALPHA, 0.05);
        assertThat(s.acceptanceRate()).as("expected %s", model.expectedAcceptanceRate())
                .isCloseTo(model.expectedAcceptanceRate(), within(4 * se / K));
        assertThat(s.meanAcceptedLength()).isCloseTo(model.expectedTokensPerStep(), within(4 * se));
        assertThat(s.perPosition().get(0)).isCloseTo(ALPHA, within(4 * Math.sqrt(ALPHA * (1 - ALPHA) / drafts)));

        assertThat(cli.out()).contains("spec decoding        acceptance " + Summary.num(s.acceptanceRate(), 3)
                + " (" + (long) accepted + " of " + (long) draftTokens + " draft tokens), mean accepted length "
                + Summary.num(s.meanAcceptedLength(), 2));
        assertThat(Files.readString(out.resolve("report.html"))).contains("id=\"spec-decode\"")
                .contains("Speculative decoding</b> (server counters over the window)");
        assertThat(ReportJson.read(out).requests().succeeded()).isEqualTo(48);
    }

    private static SpecDecodeSnapshot scrape(URI metrics) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(metrics).build(),
                HttpResponse.BodyHandlers.ofString());
        return ServerDialect.VLLM.read(PrometheusText.parse(r.body())).specDecode();
    }
}
