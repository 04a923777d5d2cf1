package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.tracer.common.SpanContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exemplars on /metrics only where Prometheus 2.42 accepts them: histogram buckets and counter totals. */
class OpenMetricsExemplarsTest {
    /** A span context that is always current and sampled, as during a traced request's terminal event. */
    private static final SpanContext ALWAYS = new SpanContext() {
        @Override
        public String getCurrentTraceId() {
            return "0af7651916cd43dd8448eb211c80319c";
        }

        @Override
        public String getCurrentSpanId() {
            return "b7ad6b7169203331";
        }

        @Override
        public boolean isCurrentSpanSampled() {
            return true;
        }

        @Override
        public void markCurrentSpanAsExemplar() {}
    };

    /** The metric name of every sample line that carries an exemplar. */
    private static List<String> namesWithExemplars(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || !line.contains("trace_id=")) continue;
            int end = 0;
            while (line.charAt(end) != '{' && line.charAt(end) != ' ') end++;
            out.add(line.substring(0, end));
        }
        return out;
    }

    @Test
    void aTracedRegistrysScrapeKeepsExemplarsOnlyOnBucketsAndCounterTotals() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), Clock.SYSTEM, ALWAYS);
        Timer.builder("e2e.latency").publishPercentileHistogram().register(registry).record(Duration.ofMillis(20));
        Timer.builder("queue.wait").register(registry).record(Duration.ofMillis(3));
        DistributionSummary.builder("output.tokens").register(registry).record(12);
        Counter.builder("requests").register(registry).increment();

        String raw = registry.scrape(Observability.OPENMETRICS);
        // what the client writes: exemplars on _count lines too, which Prometheus 2.42 refuses
        assertThat(namesWithExemplars(raw)).contains("queue_wait_seconds_count");

        String served = OpenMetricsExemplars.keepWhereEveryPrometheusAccepts(raw);
        assertThat(namesWithExemplars(served)).isNotEmpty()
                .allMatch(n -> n.equals("e2e_latency_seconds_bucket") || n.equals("requests_total"))
                .contains("e2e_latency_seconds_bucket");
        assertThat(served).contains("queue_wait_seconds_count 1\n").contains("queue_wait_seconds_sum 0.003\n").endsWith("# EOF\n");
        // only exemplars go: the same lines, the same values
        assertThat(served.split("\n")).hasSameSizeAs(raw.split("\n"));
        registry.close();
    }

    @Test
    void exemplarsOffCountsAndGaugesGoAndALabelValueWithAHashStays() {
        String text = """
                # TYPE x summary
                x_count{path="a # {b} c"} 3.0 # {trace_id="t"} 1.0 1.7e9
                x_sum{path="a # {b} c"} 4.0
                # TYPE y counter
                y_total{q="\\"#\\""} 2.0 # {trace_id="t"} 1.0
                y_created 1.7e9
                # TYPE z histogram
                z_bucket{le="+Inf"} 1 # {trace_id="t"} 0.5
                z_count 1 # {trace_id="t"} 0.5
                z_sum 0.5
                # TYPE g gauge
                g 1.0 # {trace_id="t"} 1.0
                # EOF
                """;
        assertThat(OpenMetricsExemplars.keepWhereEveryPrometheusAccepts(text)).isEqualTo("""
                # TYPE x summary
                x_count{path="a # {b} c"} 3.0
                x_sum{path="a # {b} c"} 4.0
                # TYPE y counter
                y_total{q="\\"#\\""} 2.0 # {trace_id="t"} 1.0
                y_created 1.7e9
                # TYPE z histogram
                z_bucket{le="+Inf"} 1 # {trace_id="t"} 0.5
                z_count 1
                z_sum 0.5
                # TYPE g gauge
                g 1.0
                # EOF
                """);
    }
}
