package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.metrics.gpu.DcgmExporter;
import io.benchsuite.metrics.gpu.GpuReading;
import io.benchsuite.metrics.server.PrometheusText;
import io.benchsuite.metrics.server.ServerDialect;
import io.benchsuite.metrics.server.ServerSnapshot;
import io.benchsuite.sim.DeviceProfile;
import io.benchsuite.sim.SimSettings;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The HTTP path reports the device figures too: serve-sim's {@code /metrics} read by the scrapers a
 * run points at a server (vLLM names for the KV and prefix caches, DCGM names for memory and power).
 */
class ServerDeviceMetricsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** {@code n} one-token words (one token each under the tests' whitespace tokenizer, as under a real BPE one). */
    static String words(int n, long seed) {
        String[] pool = {"the", "of", "and", "to", "in", "is", "was", "for", "that", "with", "as", "on", "by", "at"};
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(' ');
            b.append(pool[r.nextInt(pool.length)]);
        }
        return b.toString();
    }

    @Test
    void sharedPrefixHitsAndDeviceFiguresShowOnMetrics() throws Exception {
        SimSettings settings = SimSettings.builder().device(DeviceProfile.H100).tensorParallel(2).timeScale(0.02).build();
        try (SimHttpServer s = SimHttpServer.builder().settings(settings).tokenizer(SimHttpServerTest.WORDS).servedModelName("m")
                .start()) {
            String shared = words(1024, 1);
            for (int i = 0; i < 2; i++) {
                String body = "{\"model\":\"m\",\"prompt\":\"" + shared + " " + words(100, 10 + i) + "\",\"max_tokens\":8,\"stream\":true}";
                HttpResponse<String> done = HTTP.send(HttpRequest.newBuilder(s.baseUri().resolve("/v1/completions"))
                        .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(done.statusCode()).isEqualTo(200);
                assertThat(done.body()).contains("data: [DONE]");
            }
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(s.baseUri().resolve("/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            PrometheusText text = PrometheusText.parse(r.body());
            ServerDialect dialect = ServerDialect.detect(text);
            assertThat(dialect).isEqualTo(ServerDialect.VLLM);
            ServerSnapshot snap = dialect.read(text);
            assertThat(snap.prefixCacheQueries()).isEqualTo(2 * 1124.0);
            assertThat(snap.prefixCacheHits()).as("the second prompt's first 1024 tokens").isEqualTo(1024.0);
            assertThat(snap.generationTokens()).isEqualTo(16.0);

            // the GPU sampler (--dcgm-url) reads two simulated H100s
            GpuReading gpu = new DcgmExporter(s.baseUri().resolve("/metrics"), Duration.ofSeconds(5)).read();
            assertThat(gpu.gpus()).isEqualTo(2);
            EngineSnapshot u = s.backend().engineSnapshot().orElseThrow();
            // what a real vLLM shows in nvidia-smi: the weights and the whole preallocated KV pool
            assertThat(gpu.memoryUsedBytes()).isBetween(0.85 * 2 * 80e9, 0.91 * 2 * 80e9);
            assertThat(gpu.powerW()).as("idle between requests: 2 x 110 W").isEqualTo(220.0);
            // energy only grows (idle power keeps adding while the test runs): the scrape saw less than now
            assertThat(text.sum("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION")).isPositive().isLessThanOrEqualTo(u.energyJoules() * 1000);
            // the simulator's own figures: memory in use and its peak, fragmentation, energy
            double peak = text.sum("benchsuite_sim:device_memory_peak_bytes");
            assertThat(peak).isGreaterThan(settings.physics().weightBytes()).isLessThan(2 * 80e9);
            assertThat(text.sum("benchsuite_sim:device_memory_used_bytes")).isEqualTo(settings.physics().weightBytes());
            assertThat(text.has("benchsuite_sim:kv_cache_fragmentation_ratio")).isTrue();
            assertThat(text.sum("benchsuite_sim:energy_joules_total")).isPositive();
            assertThat(text.type("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION")).isEqualTo("counter");
            // compiled code: one request at a time decodes on the batch-1 graph, every decode-only step a hit
            assertThat(text.sum("benchsuite_sim:graph_requests_total")).as("7 decode-only steps per request").isEqualTo(14.0);
            assertThat(text.sum("benchsuite_sim:graph_hits_total")).isEqualTo(14.0);
            assertThat(text.sum("benchsuite_sim:compilations")).as("1, 2, 4, 8, ..., 256").isEqualTo(35.0);
            assertThat(text.sum("benchsuite_sim:recompilations_total")).isZero();
            assertThat(text.type("benchsuite_sim:graph_hits_total")).isEqualTo("counter");
        }
    }
}
