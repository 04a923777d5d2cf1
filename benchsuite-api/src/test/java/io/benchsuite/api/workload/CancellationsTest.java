package io.benchsuite.api.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Where and which requests a workload cancels on purpose. */
class CancellationsTest {

    @Test
    void parsesTokenCountsAndTimesAfterTheSend() {
        assertThat(CancelAfter.parse("tokens:20")).isEqualTo(CancelAfter.tokens(20, 20));
        assertThat(CancelAfter.parse("tokens:uniform:1-50")).isEqualTo(CancelAfter.tokens(1, 50));
        assertThat(CancelAfter.parse("2s")).isEqualTo(CancelAfter.time(Duration.ofSeconds(2), Duration.ofSeconds(2)));
        assertThat(CancelAfter.parse("uniform:100ms-3s"))
                .isEqualTo(CancelAfter.time(Duration.ofMillis(100), Duration.ofSeconds(3)));
        assertThat(CancelAfter.parse("tokens:uniform:1-50")).hasToString("tokens:uniform:1-50");
    }

    @Test
    void refusesPointsThatCannotBeReached() {
        assertThatThrownBy(() -> CancelAfter.parse("tokens:0")).hasMessageContaining("expected tokens:N")
                .hasMessageContaining("1 <= min <= max, got 0-0");
        assertThatThrownBy(() -> CancelAfter.parse("tokens:uniform:9-3")).hasMessageContaining("got 9-3");
        assertThatThrownBy(() -> CancelAfter.parse("soon")).hasMessageContaining("got 'soon'");
        assertThatThrownBy(() -> new Cancellations(1.5, CancelAfter.tokens(1, 1)))
                .hasMessage("cancellation rate must be from 0 to 1, got 1.5");
    }

    @Test
    void thePickDependsOnTheSeedAndIndexAloneAndFollowsTheRate() {
        Cancellations c = new Cancellations(0.25, CancelAfter.tokens(3, 8));
        int picked = 0;
        for (long i = 0; i < 4000; i++) {
            CancelAfter.Point p = c.pick(42, i);
            assertThat(p).isEqualTo(c.pick(42, i));
            if (p != null) {
                picked++;
                assertThat(p.unit()).isEqualTo(CancelAfter.Unit.TOKENS);
                assertThat(p.value()).isBetween(3L, 8L);
            }
        }
        // 4000 draws at 0.25: 1000 expected, sd 27; a fixed seed gives a fixed count
        assertThat(picked).isBetween(900, 1100);
        assertThat(Cancellations.NONE.pick(42, 0)).isNull();
        assertThat(new Cancellations(1, CancelAfter.tokens(1, 1)).pick(1, 5)).isEqualTo(new CancelAfter.Point(CancelAfter.Unit.TOKENS, 1));
    }

    @Test
    void aPointIsReachedByTokensOrByTime() {
        CancelAfter.Point tokens = new CancelAfter.Point(CancelAfter.Unit.TOKENS, 5);
        assertThat(tokens.reached(4, Long.MAX_VALUE)).isFalse();
        assertThat(tokens.reached(5, 0)).isTrue();
        CancelAfter.Point time = new CancelAfter.Point(CancelAfter.Unit.NANOS, 1_000);
        assertThat(time.reached(1_000_000, 999)).isFalse();
        assertThat(time.reached(0, 1_000)).isTrue();
    }
}
