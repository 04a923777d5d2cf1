package io.benchsuite.metrics.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.IdGenerator;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TraceSamplingTest {

    @Test
    void theHeadDecisionIsOpenTelemetrysTraceIdRatioRule() {
        IdGenerator ids = IdGenerator.random();
        for (double ratio : new double[] {0, 0.01, 0.2, 0.5, 0.999, 1}) {
            Sampler sdk = Sampler.traceIdRatioBased(ratio);
            TraceSampling ours = TraceSampling.ratio(ratio);
            int agreed = 0;
            for (int i = 0; i < 5000; i++) {
                String traceId = ids.generateTraceId();
                boolean theirs = sdk.shouldSample(Context.root(), traceId, "x", SpanKind.CLIENT, Attributes.empty(), List.of())
                        .getDecision() == SamplingDecision.RECORD_AND_SAMPLE;
                assertThat(ours.headSampled(traceId)).as("ratio %s, trace %s", ratio, traceId).isEqualTo(theirs);
                agreed++;
            }
            assertThat(agreed).isEqualTo(5000);
        }
    }

    @Test
    void failuresThenSlowThenRatio() {
        TraceSampling s = TraceSampling.ratio(0.1).keepSlowerThan(Duration.ofSeconds(2));
        assertThat(s.decide(true, 0, false)).isEqualTo(TraceSampling.Decision.ERROR);
        assertThat(s.decide(true, 5_000_000_000L, true)).isEqualTo(TraceSampling.Decision.ERROR);
        assertThat(s.decide(false, 2_000_000_000L, false)).isEqualTo(TraceSampling.Decision.SLOW);
        assertThat(s.decide(false, 1_999_999_999L, false)).isEqualTo(TraceSampling.Decision.DROPPED);
        assertThat(s.decide(false, 1_999_999_999L, true)).isEqualTo(TraceSampling.Decision.RATIO);
        assertThat(TraceSampling.ratio(0.1).decide(false, Long.MAX_VALUE, false)).as("no latency rule")
                .isEqualTo(TraceSampling.Decision.DROPPED);
        assertThat(TraceSampling.Decision.DROPPED.kept()).isFalse();
        assertThat(TraceSampling.Decision.SLOW.label()).isEqualTo("slow");
        assertThat(TraceSampling.keepAll().headSampled("0af7651916cd43dd8448eb211c80319c")).isTrue();
    }

    @Test
    void badArgumentsAreNamed() {
        assertThatThrownBy(() -> TraceSampling.ratio(1.5)).hasMessage("ratio: expected a number from 0 to 1, got 1.5");
        assertThatThrownBy(() -> TraceSampling.ratio(Double.NaN)).hasMessageContaining("ratio:");
        assertThatThrownBy(() -> new TraceSampling(0.5, Optional.of(Duration.ZERO))).hasMessageContaining("keepSlowerThan");
        assertThatThrownBy(() -> TraceSampling.ratio(0.5).keepSlowerThan(null)).hasMessageContaining("threshold");
        assertThatThrownBy(() -> TraceSampling.keepAll().headSampled("abc")).hasMessageContaining("traceId: expected 32 hex digits");
    }
}
