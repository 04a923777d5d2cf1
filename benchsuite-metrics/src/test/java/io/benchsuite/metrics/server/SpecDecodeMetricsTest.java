package io.benchsuite.metrics.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.metrics.testing.SectionJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Speculative-decoding acceptance read from each stack's exposition (the fixtures name their sources). */
class SpecDecodeMetricsTest {
    private static final long S = 1_000_000_000L;

    private static ServerSection.SpecDecode window(ServerDialect d, String first, String last) {
        ServerSnapshot a = d.read(Fixtures.parsed(first));
        ServerSnapshot b = d.read(Fixtures.parsed(last));
        return new ServerWindow(List.of(new ServerWindow.Scrape(0, a), new ServerWindow.Scrape(5 * S, b)), 0, Long.MAX_VALUE)
                .section(d, "http://127.0.0.1:8000/metrics", 2, 0).specDecode();
    }

    @Test
    void vllmV1CountersAreReadByNameAndPosition() {
        PrometheusText t = Fixtures.parsed("vllm-v1-spec-1.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.VLLM);
        SpecDecodeSnapshot s = ServerDialect.VLLM.read(t).specDecode();
        assertThat(s.drafts()).isEqualTo(1000);
        assertThat(s.draftTokens()).isEqualTo(3000);
        assertThat(s.acceptedTokens()).isEqualTo(1660);
        assertThat(s.acceptedPerPosition()).containsExactly(710.0, 530.0, 420.0);
        assertThat(s.acceptanceLengthGauge()).isNaN();
    }

    @Test
    void vllmV1AcceptanceOverTheWindowIsFromCounterDeltasNotLifetimeTotals() {
        ServerSection.SpecDecode w = window(ServerDialect.VLLM, "vllm-v1-spec-1.txt", "vllm-v1-spec-2.txt");
        // Δ: 4000 drafts, 12000 draft tokens, 6800 accepted; per position 2900, 2200, 1700
        assertThat(w.basis()).isEqualTo("counters");
        assertThat(w.drafts()).isEqualTo(4000);
        assertThat(w.draftTokens()).isEqualTo(12000);
        assertThat(w.acceptedTokens()).isEqualTo(6800);
        assertThat(w.acceptanceRate()).isCloseTo(6800.0 / 12000, within(1e-12));
        assertThat(w.meanAcceptedLength()).isCloseTo(2.7, within(1e-12));
        assertThat(w.perPosition()).containsExactly(0.725, 0.55, 0.425);
        assertThat(w.missing()).isNull();
        // lifetime figures would say 8460 / 15000 = 0.564 and 2.692: the window's are different on purpose
        assertThat(w.acceptanceRate()).isNotCloseTo(8460.0 / 15000, within(1e-3));
    }

    @Test
    void theReportSectionCarriesTheFigures() {
        ServerSnapshot a = ServerDialect.VLLM.read(Fixtures.parsed("vllm-v1-spec-1.txt"));
        ServerSnapshot b = ServerDialect.VLLM.read(Fixtures.parsed("vllm-v1-spec-2.txt"));
        JsonNode j = SectionJson.of(new ServerWindow(List.of(new ServerWindow.Scrape(0, a), new ServerWindow.Scrape(5 * S, b)),
                0, Long.MAX_VALUE).section(ServerDialect.VLLM, "http://127.0.0.1:8000/metrics", 2, 0));
        assertThat(j.at("/specDecode/acceptanceRate").asDouble()).isCloseTo(0.566667, within(1e-6));
        assertThat(j.at("/specDecode/meanAcceptedLength").asDouble()).isEqualTo(2.7);
        assertThat(j.at("/specDecode/perPosition/0").asDouble()).isEqualTo(0.725);
        assertThat(j.at("/specDecode/basis").asText()).isEqualTo("counters");
        // request_success_total{finished_reason="abort"}: 2 then 7
        assertThat(j.get("abortedRequests").asDouble()).isEqualTo(5);
    }

    @Test
    void onlyVllmCountsAbortedRequests() {
        assertThat(ServerDialect.VLLM.read(Fixtures.parsed("vllm-v1-spec-1.txt")).abortedRequests()).isEqualTo(2);
        assertThat(ServerDialect.SGLANG.read(Fixtures.parsed("sglang-docs.txt")).abortedRequests()).isNaN();
        assertThat(ServerDialect.VLLM.read(Fixtures.parsed("vllm-old.txt")).abortedRequests()).as("no request_success_total").isNaN();
    }

    @Test
    void aServerWithoutSpeculationHasNoSpecDecodeBlock() {
        ServerSnapshot a = ServerDialect.VLLM.read(Fixtures.parsed("vllm-1.txt"));
        ServerSnapshot b = ServerDialect.VLLM.read(Fixtures.parsed("vllm-2.txt"));
        assertThat(a.specDecode().exposed()).isFalse();
        ServerSection s = new ServerWindow(List.of(new ServerWindow.Scrape(0, a), new ServerWindow.Scrape(5 * S, b)), 0,
                Long.MAX_VALUE).section(ServerDialect.VLLM, "u", 2, 0);
        assertThat(s.specDecode()).isNull();
    }

    @Test
    void llamaCppCurrentNames() {
        PrometheusText t = Fixtures.parsed("llamacpp-spec.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.LLAMACPP);
        ServerSnapshot s = ServerDialect.LLAMACPP.read(t);
        assertThat(s.running()).isEqualTo(2);
        assertThat(s.waiting()).isEqualTo(1);
        assertThat(s.kvCacheUsage()).as("current builds publish no KV-cache usage").isNaN();
        assertThat(s.generationTokens()).isEqualTo(3469);
        assertThat(s.specDecode().drafts()).isEqualTo(1000);
        assertThat(s.specDecode().draftTokens()).isEqualTo(8000);
        assertThat(s.specDecode().acceptedTokens()).isEqualTo(2400);
        assertThat(s.specDecode().acceptedPerPosition()).hasSize(8).startsWith(800.0, 600.0).endsWith(10.0);
        // one scrape at the window start (a server just started): the counters are its window
        ServerSection.SpecDecode w = new ServerWindow(List.of(new ServerWindow.Scrape(1, s)), 0, Long.MAX_VALUE)
                .section(ServerDialect.LLAMACPP, "u", 1, 0).specDecode();
        assertThat(w.missing()).isEqualTo("one scrape only: no window to difference over");
    }

    @Test
    void tensorRtLlmNamesIncludingItsAcceptanceLengthGauge() {
        PrometheusText t = Fixtures.parsed("trtllm.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.TRTLLM);
        assertThat(ServerDialect.TRTLLM.label()).isEqualTo("trtllm");
        ServerSnapshot s = ServerDialect.TRTLLM.read(t);
        assertThat(s.running()).isEqualTo(6);
        assertThat(s.waiting()).isEqualTo(2);
        assertThat(s.kvCacheUsage()).isEqualTo(0.35);
        assertThat(s.prefixCacheHitRateGauge()).isEqualTo(0.4);
        assertThat(s.promptTokens()).isEqualTo(120_000);
        assertThat(s.ttft().count()).isEqualTo(100);
        assertThat(s.itl().sum()).isEqualTo(0.9);
        assertThat(s.queueTime().count()).isEqualTo(100);
        assertThat(s.specDecode().drafts()).as("trtllm-serve counts no drafts").isNaN();
        assertThat(s.specDecode().draftTokens()).isEqualTo(30_000);
        assertThat(s.specDecode().acceptanceLengthGauge()).isEqualTo(2.8);
        // from zero (first scrape with all counters 0) to the fixture: rate from counters, length from the gauge
        ServerSnapshot zero = new ServerSnapshot(0, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, 0, null, null,
                null, null, null, null, new SpecDecodeSnapshot(Double.NaN, 0, 0, List.of(), Double.NaN, Double.NaN), Double.NaN);
        ServerSection.SpecDecode w = new ServerWindow(List.of(new ServerWindow.Scrape(0, zero), new ServerWindow.Scrape(S, s)),
                0, Long.MAX_VALUE).section(ServerDialect.TRTLLM, "u", 2, 0).specDecode();
        assertThat(w.acceptanceRate()).isEqualTo(0.6);
        assertThat(w.meanAcceptedLength()).isEqualTo(2.8);
        assertThat(w.missing()).isEqualTo("the server publishes no draft count: no mean accepted length from counters");
    }

    @Test
    void sglangGaugesAreAveragedOverTheWindow() {
        PrometheusText t = Fixtures.parsed("sglang-spec.txt");
        ServerSnapshot s = ServerDialect.SGLANG.read(t);
        assertThat(s.specDecode().acceptanceLengthGauge()).isEqualTo(3.25);
        assertThat(s.specDecode().acceptanceRateGauge()).isEqualTo(0.5625);
        assertThat(s.preemptions()).as("num_retracted_requests_total, the current counter").isEqualTo(3);
        ServerSnapshot later = new ServerSnapshot(0, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, 0, null, null,
                null, null, null, null, new SpecDecodeSnapshot(Double.NaN, Double.NaN, Double.NaN, List.of(), 2.75, 0.4375), Double.NaN);
        ServerSection.SpecDecode w = new ServerWindow(List.of(new ServerWindow.Scrape(0, s), new ServerWindow.Scrape(S, later)),
                0, Long.MAX_VALUE).section(ServerDialect.SGLANG, "u", 2, 0).specDecode();
        assertThat(w.basis()).isEqualTo("gauge");
        assertThat(w.meanAcceptedLength()).isEqualTo(3.0);
        assertThat(w.acceptanceRate()).isEqualTo(0.5);
        assertThat(w.drafts()).isNaN();
    }

    @Test
    void sglangDocsExampleParses() {
        PrometheusText t = Fixtures.parsed("sglang-docs.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.SGLANG);
        ServerSnapshot s = ServerDialect.SGLANG.read(t);
        assertThat(s.running()).isEqualTo(162);
        assertThat(s.waiting()).isEqualTo(2826);
        assertThat(s.kvCacheUsage()).isEqualTo(0.28);
        assertThat(s.prefixCacheHitRateGauge()).isEqualTo(0.007507552643049313);
        assertThat(s.generationTokens()).isEqualTo(7.557572e6);
        assertThat(s.ttft().count()).isEqualTo(11008);
        assertThat(s.itl().count()).as("time_per_output_token_seconds, the older name").isEqualTo(7.400757e6);
        assertThat(s.specDecode().exposed()).isFalse();
    }

    @Test
    void tgiSkippedTokensAreAcceptedDraftsPerStep() {
        PrometheusText t = Fixtures.parsed("tgi-spec.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.TGI);
        SpecDecodeSnapshot s = ServerDialect.TGI.read(t).specDecode();
        assertThat(s.drafts()).isEqualTo(1000);
        assertThat(s.acceptedTokens()).isEqualTo(900);
        ServerSnapshot zero = new ServerSnapshot(0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, null, null, null, null, null, null, new SpecDecodeSnapshot(0, Double.NaN, 0, List.of(), Double.NaN,
                        Double.NaN), Double.NaN);
        ServerSection.SpecDecode w = new ServerWindow(List.of(new ServerWindow.Scrape(0, zero),
                new ServerWindow.Scrape(S, ServerDialect.TGI.read(t))), 0, Long.MAX_VALUE).section(ServerDialect.TGI, "u", 2, 0)
                .specDecode();
        assertThat(w.meanAcceptedLength()).isEqualTo(1.9);
        assertThat(w.acceptanceRate()).as("TGI publishes no draft-token count").isNaN();
        assertThat(w.missing()).isEqualTo("the server publishes no draft-token count: no acceptance rate");
    }
}
