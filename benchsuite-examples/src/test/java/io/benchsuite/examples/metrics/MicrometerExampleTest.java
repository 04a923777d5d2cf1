package io.benchsuite.examples.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.core.run.RunResult;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/** The user's registry receives counters and timers that agree with the run's own figures. */
class MicrometerExampleTest {

    @Test
    void metersMatchTheRun() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        RunResult r = MicrometerExample.run(registry, 20);
        assertThat(registry.get("benchsuite.requests").tag("run", "micrometer-example").tag("outcome", "success")
                .counter().count()).isEqualTo(20.0);
        assertThat(registry.get("benchsuite.output.tokens").counter().count())
                .isEqualTo((double) r.summary().tokens().output());
        Timer e2e = registry.get("benchsuite.e2e").timer();
        assertThat(e2e.count()).isEqualTo(20);
        assertThat(e2e.mean(TimeUnit.MILLISECONDS)).isCloseTo(r.summary().e2e().mean(),
                Percentage.withPercentage(1));
        assertThat(registry.get("benchsuite.ttft").timer().count()).isEqualTo(20);
    }
}
