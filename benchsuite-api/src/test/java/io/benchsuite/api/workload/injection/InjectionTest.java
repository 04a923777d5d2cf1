package io.benchsuite.api.workload.injection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class InjectionTest {
    @Test
    void validInjectionDescribesItselfWithoutItsContent() {
        Injection i = new Injection(4096, "breaking news: ...", InjectionPriority.URGENT, Duration.ofSeconds(30));
        assertThat(i.describe()).isEqualTo("urgent@4096 ttl=30s");
    }

    @Test
    void badComponentsFailNamingTheArgument() {
        Duration ttl = Duration.ofSeconds(1);
        assertThatThrownBy(() -> new Injection(-1, "x", InjectionPriority.LOW, ttl))
                .hasMessage("positionTokens must be >= 0, got -1");
        assertThatThrownBy(() -> new Injection(0, "", InjectionPriority.LOW, ttl)).hasMessage("content must not be empty");
        assertThatThrownBy(() -> new Injection(0, "x", null, ttl)).hasMessage("priority must not be null");
        assertThatThrownBy(() -> new Injection(0, "x", InjectionPriority.LOW, Duration.ZERO))
                .hasMessage("ttl must be > 0, got 0ns");
    }

    @Test
    void prioritiesParseInAnyCaseAndOrderLowToUrgent() {
        assertThat(InjectionPriority.parse(" Urgent ")).isEqualTo(InjectionPriority.URGENT);
        assertThat(InjectionPriority.parse("low")).isEqualTo(InjectionPriority.LOW);
        assertThat(InjectionPriority.URGENT.compareTo(InjectionPriority.NORMAL)).isPositive();
        assertThatThrownBy(() -> InjectionPriority.parse("high"))
                .hasMessage("expected an injection priority: low, normal or urgent, got 'high'");
    }
}
