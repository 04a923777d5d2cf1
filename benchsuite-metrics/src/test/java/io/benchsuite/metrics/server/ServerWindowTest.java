package io.benchsuite.metrics.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.metrics.testing.SectionJson;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ServerWindowTest {
    private static final long S = 1_000_000_000L;
    private final ServerSnapshot before = ServerDialect.VLLM.read(Fixtures.parsed("vllm-1.txt"));
    private final ServerSnapshot after = ServerDialect.VLLM.read(Fixtures.parsed("vllm-2.txt"));

    @Test
    void hitRatePreemptionsAndLatenciesComeFromDeltasNotLifetimeTotals() {
        // lifetime: 900 250 hits of 1 001 000 queries (~0.90); in the window: 250 of 1 000
        ServerWindow w = new ServerWindow(List.of(new ServerWindow.Scrape(0, before), new ServerWindow.Scrape(5 * S, after)),
                0, Long.MAX_VALUE);
        assertThat(w.prefixCacheHitRate()).isEqualTo(0.25);
        JsonNode j = SectionJson.of(w.section(ServerDialect.VLLM, "http://127.0.0.1:8000/metrics", 2, 0));
        assertThat(j.get("source").asText()).isEqualTo("vllm");
        assertThat(j.get("prefixCacheHitRate").asDouble()).isEqualTo(0.25);
        assertThat(j.get("preemptions").asDouble()).isEqualTo(2);
        // TTFT: 100 new observations, all in (40 ms, 100 ms], sum 7 s
        assertThat(j.at("/ttft/mean").asDouble()).isCloseTo(70, within(1e-6));
        assertThat(j.at("/ttft/p50").asDouble()).isCloseTo(70, within(1e-6));
        assertThat(j.at("/ttft/p90").asDouble()).isCloseTo(94, within(1e-6));
        assertThat(j.at("/ttft/p99").asDouble()).isCloseTo(99.4, within(1e-6));
        // ITL: 100 new gaps in (10 ms, 25 ms], sum 1.5 s
        assertThat(j.at("/itl/mean").asDouble()).isCloseTo(15, within(1e-6));
        assertThat(j.at("/itl/p50").asDouble()).isCloseTo(17.5, within(1e-6));
        assertThat(j.at("/kvCacheUsage/mean").asDouble()).isEqualTo(0.5);
        assertThat(j.at("/kvCacheUsage/max").asDouble()).isEqualTo(0.75);
        assertThat(j.at("/running/max").asDouble()).isEqualTo(5);
        assertThat(j.at("/waiting/mean").asDouble()).isEqualTo(2);
        assertThat(j.get("timeSeries")).hasSize(2);
        assertThat(j.at("/timeSeries/1/second").asLong()).isEqualTo(5);
        assertThat(j.at("/timeSeries/1/kvCacheUsage").asDouble()).isEqualTo(0.75);
    }

    @Test
    void warmUpScrapesAreTheBaselineAndCoolDownScrapesAreLeftOut() {
        // scrape at 0 (warm-up), 2 s (window start), 5 s, 8 s (cool-down). Baseline = the 2 s scrape.
        ServerWindow w = new ServerWindow(List.of(new ServerWindow.Scrape(0, before), new ServerWindow.Scrape(2 * S, before),
                new ServerWindow.Scrape(5 * S, after), new ServerWindow.Scrape(8 * S, before)), 2 * S, 6 * S);
        assertThat(w.prefixCacheHitRate()).isEqualTo(0.25);
        JsonNode j = SectionJson.of(w.section(ServerDialect.VLLM, "u", 4, 0));
        assertThat(j.at("/kvCacheUsage/mean").asDouble()).isEqualTo(0.5); // scrapes at 2 s and 5 s
        assertThat(j.get("timeSeries")).hasSize(4); // the time series shows every scrape
    }

    @Test
    void unknownFiguresAreNullNotZero() {
        ServerSnapshot tgi = ServerDialect.TGI.read(Fixtures.parsed("tgi.txt"));
        ServerWindow w = new ServerWindow(List.of(new ServerWindow.Scrape(0, tgi), new ServerWindow.Scrape(S, tgi)), 0, Long.MAX_VALUE);
        JsonNode j = SectionJson.of(w.section(ServerDialect.TGI, "u", 2, 0));
        assertThat(j.get("prefixCacheHitRate").isNull()).isTrue();
        assertThat(j.at("/kvCacheUsage/mean").isNull()).isTrue();
        assertThat(j.get("preemptions").isNull()).isTrue();
        assertThat(j.at("/ttft/p50").isNull()).isTrue();
        assertThat(j.at("/itl/mean").isNull()).isTrue(); // no observations between the two scrapes
        assertThat(j.at("/running/mean").asDouble()).isEqualTo(16);

        JsonNode none = SectionJson.of(new ServerWindow(List.of(), 0, Long.MAX_VALUE).section(null, "u", 3, 3));
        assertThat(none.get("source").isNull()).isTrue();
        assertThat(none.get("scrapeErrors").asLong()).isEqualTo(3);
        assertThat(none.get("prefixCacheHitRate").isNull()).isTrue();
    }

    @Test
    void quantileInterpolatesInsideTheBucketAndStopsAtTheLastFiniteBound() {
        TreeMap<Double, Double> b = new TreeMap<>();
        b.put(1.0, 10.0);
        b.put(2.0, 20.0);
        b.put(Double.POSITIVE_INFINITY, 30.0);
        PrometheusText.Histogram h = new PrometheusText.Histogram(b, 0, 30);
        assertThat(ServerWindow.quantile(h, 0.5)).isCloseTo(1.5, within(1e-12));
        assertThat(ServerWindow.quantile(h, 0.1)).isCloseTo(0.3, within(1e-12));
        assertThat(ServerWindow.quantile(h, 0.99)).isEqualTo(2.0);
    }
}
