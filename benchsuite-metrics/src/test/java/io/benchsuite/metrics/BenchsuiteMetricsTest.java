package io.benchsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.result.Slo;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ScriptedBackend;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BenchsuiteMetricsTest {

    @Test
    void publishesExactly27TaggedMetricsWithCountsMatchingTheRun() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        BenchsuiteMetrics metrics = BenchsuiteMetrics.builder(registry).build();
        ScriptedBackend backend = TestBackendAccess.scripted(5);
        var b = TestBackendAccess.run("facade", backend, 20).slo(Slo.parse("e2e=10s"));
        metrics.install(b);
        RunResult r;
        try {
            r = b.run();
        } finally {
            backend.close();
        }
        assertThat(metrics.registeredNames()).containsExactlyInAnyOrderElementsOf(MetricNames.ALL).hasSize(28);
        for (Meter m : registry.getMeters()) {
            assertThat(m.getId().getTag("run")).as(m.getId().getName()).isEqualTo("facade");
            assertThat(m.getId().getTag("backend")).as(m.getId().getName()).isEqualTo("test");
        }
        // indices 4, 9, 14, 19 fail: 16 successes, 4 HTTP 5xx
        assertThat(registry.get("requests").tag("outcome", "success").counter().count()).isEqualTo(16);
        assertThat(registry.get("requests").tag("outcome", "failed").counter().count()).isEqualTo(4);
        assertThat(registry.get("errors").tag("type", "http_5xx").counter().count()).isEqualTo(4);
        assertThat(registry.get("errors").tag("type", "read_timeout").counter().count()).isZero();
        assertThat(registry.get("output_tokens").counter().count()).isEqualTo(16 * 4);
        assertThat(registry.get("input_tokens").counter().count()).isEqualTo(20 * 8);
        assertThat(registry.get("ttft").timer().count()).isEqualTo(16);
        assertThat(registry.get("itl").timer().count()).isEqualTo(16 * 3);
        assertThat(registry.get("e2e_latency").timer().count()).isEqualTo(16);
        assertThat(registry.get("schedule_lag").timer().count()).isEqualTo(20);
        assertThat(r.summary().counts().succeeded()).isEqualTo(16);

        // 4 tokens 5 ms apart: E2E at least 20 ms (the truth), at most 2 s (a loaded CI machine)
        double p50 = registry.get("latency_p50").gauge().value();
        double p99 = registry.get("latency_p99").gauge().value();
        assertThat(p50).isBetween(0.020, 2.0);
        assertThat(p99).isGreaterThanOrEqualTo(p50);
        assertThat(registry.get("requests_per_second").gauge().value()).isGreaterThan(0);
        assertThat(registry.get("goodput").gauge().value()).isGreaterThan(0);
        assertThat(registry.get("active_requests").gauge().value()).isZero();

        // sources not given: registered, NaN
        for (String absent : new String[] {"queued_requests", "kv_cache_usage_ratio", "prefix_cache_hit_rate",
                "server_waiting_requests", "gpu_util_pct", "gpu_memory_used_bytes", "gpu_power_watts",
                "process_cpu_pct", "host_cpu_pct", "memory_peak_bytes", "memory_fragmentation_ratio"}) {
            assertThat(registry.get(absent).gauge().value()).as(absent).isNaN();
        }
        metrics.close();
        assertThat(registry.getMeters()).isEmpty();
    }

    @Test
    void slidingWindowGaugesUseOnlyRecentRequests() {
        long[] now = {0};
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        BenchsuiteMetrics metrics = BenchsuiteMetrics.builder(registry).window(Duration.ofSeconds(10))
                .clock(() -> now[0]).build();
        ScriptedBackend backend = TestBackendAccess.scripted(0);
        var b = TestBackendAccess.run("window", backend, 4);
        metrics.install(b);
        try {
            b.run();
        } finally {
            backend.close();
        }
        now[0] = 2_000_000_000L; // 2 s after the (frozen) run start: 4 successes over 2 s
        assertThat(registry.get("requests_per_second").gauge().value()).isEqualTo(2.0);
        assertThat(registry.get("output_tokens_per_second").gauge().value()).isEqualTo(8.0);
        assertThat(registry.get("goodput").gauge().value()).isNaN(); // no SLO
        now[0] = 11_000_000_000L; // the requests (finished at t=0) left the 10 s window
        assertThat(registry.get("requests_per_second").gauge().value()).isZero();
        assertThat(registry.get("latency_p99").gauge().value()).isNaN();
    }

    @Test
    void docsListExactlyTheRegisteredMetrics() throws Exception {
        Path doc = Path.of("..", "docs", "metrics.md");
        assertThat(doc).exists();
        Set<String> documented = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\| `([a-z0-9_]+)` \\|").matcher(Files.readString(doc));
        while (m.find()) documented.add(m.group(1));

        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        BenchsuiteMetrics metrics = BenchsuiteMetrics.builder(registry).build();
        ScriptedBackend backend = TestBackendAccess.scripted(0);
        var b = TestBackendAccess.run("docs", backend, 2);
        metrics.install(b);
        try {
            b.run();
        } finally {
            backend.close();
        }
        Set<String> registered = new TreeSet<>();
        registry.getMeters().forEach(x -> registered.add(x.getId().getName()));
        assertThat(documented).hasSize(28).isEqualTo(registered);
    }
}
