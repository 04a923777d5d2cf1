package io.benchsuite.metrics.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerDialectTest {

    @Test
    void vllm() {
        PrometheusText t = Fixtures.parsed("vllm-1.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.VLLM);
        ServerSnapshot s = ServerDialect.VLLM.read(t);
        assertThat(s.running()).isEqualTo(3);
        assertThat(s.waiting()).isEqualTo(1);
        assertThat(s.kvCacheUsage()).isEqualTo(0.25);
        assertThat(s.prefixCacheQueries()).isEqualTo(1_000_000);
        assertThat(s.prefixCacheHits()).isEqualTo(900_000);
        assertThat(s.preemptions()).isEqualTo(7);
        assertThat(s.promptTokens()).isEqualTo(5_000_000);
        assertThat(s.generationTokens()).isEqualTo(2_000_000);
        assertThat(s.ttft().count()).isEqualTo(400);
        assertThat(s.itl().buckets()).containsEntry(0.025, 9000.0);
    }

    @Test
    void olderVllmNames() {
        PrometheusText t = Fixtures.parsed("vllm-old.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.VLLM);
        ServerSnapshot s = ServerDialect.VLLM.read(t);
        assertThat(s.kvCacheUsage()).isEqualTo(0.125);
        assertThat(s.itl().count()).isEqualTo(20); // time_per_output_token_seconds
        assertThat(s.ttft()).isNull();
        assertThat(s.prefixCacheQueries()).isNaN();
    }

    @Test
    void sglang() {
        PrometheusText t = Fixtures.parsed("sglang.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.SGLANG);
        ServerSnapshot s = ServerDialect.SGLANG.read(t);
        assertThat(s.running()).isEqualTo(12);
        assertThat(s.waiting()).isEqualTo(4);
        assertThat(s.kvCacheUsage()).isEqualTo(0.42);
        assertThat(s.prefixCacheHitRateGauge()).isEqualTo(0.6);
        assertThat(s.generationTokens()).isEqualTo(40960);
        assertThat(s.ttft().count()).isEqualTo(100);
    }

    @Test
    void tgi() {
        PrometheusText t = Fixtures.parsed("tgi.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.TGI);
        ServerSnapshot s = ServerDialect.TGI.read(t);
        assertThat(s.running()).isEqualTo(16);
        assertThat(s.waiting()).isEqualTo(6);
        assertThat(s.kvCacheUsage()).isNaN();
        assertThat(s.ttft()).isNull();
        assertThat(s.itl().count()).isEqualTo(2040);
    }

    @Test
    void llamaCpp() {
        PrometheusText t = Fixtures.parsed("llamacpp.txt");
        assertThat(ServerDialect.detect(t)).isEqualTo(ServerDialect.LLAMACPP);
        ServerSnapshot s = ServerDialect.LLAMACPP.read(t);
        assertThat(s.running()).isEqualTo(2);
        assertThat(s.waiting()).isEqualTo(1);
        assertThat(s.kvCacheUsage()).isEqualTo(0.3125);
        assertThat(s.promptTokens()).isEqualTo(4096);
        assertThat(s.generationTokens()).isEqualTo(2048);
    }

    @Test
    void unknownServer() {
        assertThat(ServerDialect.detect(PrometheusText.parse("process_cpu_seconds_total 3\n"))).isNull();
    }
}
