package io.benchsuite.api.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.result.Slo;
import io.benchsuite.api.util.Durations;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WorkloadTest {
    @Test
    void invalidCombinationsFailAtBuildNamingTheArgument() {
        assertThatThrownBy(() -> Workload.open().rate(5).build()).hasMessageContaining("duration or maxRequests");
        assertThatThrownBy(() -> Workload.open().rate(-1)).hasMessageContaining("level");
        assertThatThrownBy(() -> Workload.open().maxConcurrency(0)).hasMessageContaining("maxConcurrency");
        assertThatThrownBy(() -> Workload.open().duration(Duration.ofSeconds(10)).warmup(Duration.ofSeconds(8))
                .cooldown(Duration.ofSeconds(2)).build()).hasMessageContaining("warmup + cooldown");
        assertThatThrownBy(() -> Workload.closed(0)).hasMessageContaining("users");
        assertThatThrownBy(() -> Workload.open().inputTokens(null)).hasMessageContaining("inputTokens");
        assertThatThrownBy(() -> Workload.closed(2).maxRequests(10).cooldown(Duration.ofSeconds(1)).build())
                .hasMessageContaining("cooldown");
    }

    @Test
    void stepsProfileEndsTheRunByItself() {
        Workload w = Workload.open().rate(RateProfile.parse("steps:1/2s,4/3s", 1)).build();
        assertThat(w.length()).contains(Duration.ofSeconds(5));
        assertThat(w.windowAt(0)).isEqualTo(Window.MEASURED);
    }

    @Test
    void windowsFollowWarmupAndCooldown() {
        Workload w = Workload.open().duration(Duration.ofSeconds(10)).warmup(Duration.ofSeconds(2))
                .cooldown(Duration.ofSeconds(1)).build();
        assertThat(w.windowAt(1_999_999_999L)).isEqualTo(Window.WARM_UP);
        assertThat(w.windowAt(2_000_000_000L)).isEqualTo(Window.MEASURED);
        assertThat(w.windowAt(9_000_000_000L)).isEqualTo(Window.COOL_DOWN);
    }

    @Test
    void parsersAcceptTheCliForms() {
        assertThat(LengthDistribution.parse("512")).isEqualTo(LengthDistribution.fixed(512));
        assertThat(LengthDistribution.parse("uniform:100-500")).isEqualTo(LengthDistribution.uniform(100, 500));
        assertThat(LengthDistribution.parse("lognormal:550,0.6,16-4096"))
                .isEqualTo(LengthDistribution.logNormal(550, 0.6, 16, 4096));
        assertThat(LengthDistribution.parse(LengthDistribution.normal(100, 10, 1, 200).describe()))
                .isEqualTo(LengthDistribution.normal(100, 10, 1, 200));
        assertThatThrownBy(() -> LengthDistribution.parse("zipf:3")).hasMessageContaining("zipf:3");
        assertThat(Arrival.parse("gamma:0.5")).isEqualTo(Arrival.gamma(0.5));
        assertThatThrownBy(() -> Arrival.parse("weibull")).hasMessageContaining("poisson");
        assertThat(RateProfile.parse("ramp:1-20/60s", 1)).isEqualTo(RateProfile.ramp(1, 20, Duration.ofSeconds(60)));
        assertThat(RateProfile.parse("burst:2,20,5s/30s", 1))
                .isEqualTo(RateProfile.burst(2, 20, Duration.ofSeconds(5), Duration.ofSeconds(30)));
        assertThatThrownBy(() -> RateProfile.parse("sine", 1)).hasMessageContaining("sine");
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("300")).isEqualTo(Duration.ofSeconds(300));
        assertThatThrownBy(() -> Durations.parse("5 parsecs")).hasMessageContaining("parsecs");
        Slo slo = Slo.parse("ttft=200ms,tpot=50ms,e2e=5s");
        assertThat(slo.ttft()).isEqualTo(Duration.ofMillis(200));
        assertThat(Slo.parse(slo.describe())).isEqualTo(slo);
        assertThatThrownBy(() -> Slo.parse("latency=1s")).hasMessageContaining("latency");
    }

    @Test
    void lengthSamplesStayInBoundsWithTheRequestedMean() {
        LengthDistribution ln = LengthDistribution.logNormal(500, 0.5, 1, 1_000_000);
        SplittableRandom r = new SplittableRandom(3);
        double sum = 0;
        for (int i = 0; i < 20_000; i++) sum += ln.sample(r);
        assertThat(sum / 20_000).isBetween(490.0, 510.0); // standard error ~1.9
        LengthDistribution u = LengthDistribution.uniform(5, 9);
        for (int i = 0; i < 1000; i++) assertThat(u.sample(r)).isBetween(5, 9);
    }
}
