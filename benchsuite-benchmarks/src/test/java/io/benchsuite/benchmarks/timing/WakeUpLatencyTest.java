package io.benchsuite.benchmarks.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The wake-up harness measures what it says, and leaves no thread behind; no speed is asserted. */
class WakeUpLatencyTest {
    @Test
    void eachWayOfWakingIsMeasuredTheAskedNumberOfTimes() throws InterruptedException {
        List<WakeUpLatency.Row> rows = WakeUpLatency.measure(20, Duration.ofMillis(1), WakeUpLatency.Waker.SLEEP);

        assertThat(rows).extracting(WakeUpLatency.Row::what).hasSize(3)
                .anySatisfy(w -> assertThat(w).startsWith("task handed to a sleeping").endsWith("event loop"))
                .contains("parked thread unparked", "oversleep of a 1 ms parkNanos");
        for (WakeUpLatency.Row r : rows) {
            assertThat(r.samples()).as(r.what()).isEqualTo(20);
            assertThat(r.p50()).as(r.what()).isLessThanOrEqualTo(r.p90());
            assertThat(r.p90()).as(r.what()).isLessThanOrEqualTo(r.p99());
            assertThat(r.p99()).as(r.what()).isLessThanOrEqualTo(r.max());
        }
        // a hand-off cannot be seen before it was made: the woken side's clock reading comes after it
        assertThat(rows.get(0).max()).isPositive();
        // the event loop's thread ends just after its termination is signalled: give it time to go
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (wakeUpThreads() > 0 && System.nanoTime() < deadline) Thread.sleep(10);
        assertThat(wakeUpThreads()).isZero();
    }

    private static long wakeUpThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("wake-up-")).count();
    }

    @Test
    void spinningWakersAreMeasuredToo() throws InterruptedException {
        for (WakeUpLatency.Waker w : List.of(WakeUpLatency.Waker.SPIN, WakeUpLatency.Waker.SPIN_YIELD)) {
            assertThat(WakeUpLatency.measure(5, Duration.ofMillis(1), w)).as(w.label()).hasSize(3)
                    .allSatisfy(r -> assertThat(r.samples()).isEqualTo(5));
        }
    }

    @Test
    void wakersAreNamedAsTheOptionTakesThem() {
        assertThat(WakeUpLatency.Waker.of("spin-yield")).isEqualTo(WakeUpLatency.Waker.SPIN_YIELD);
        assertThatThrownBy(() -> WakeUpLatency.Waker.of("busy")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--waker takes sleep, spin or spin-yield, got busy");
    }

    @Test
    void aSampleCountBelowOneIsRefusedByName() {
        assertThatThrownBy(() -> WakeUpLatency.measure(0, Duration.ofMillis(1), WakeUpLatency.Waker.SPIN))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("samples must be > 0, got 0");
    }
}
