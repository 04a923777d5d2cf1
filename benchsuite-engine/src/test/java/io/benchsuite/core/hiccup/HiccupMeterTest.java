package io.benchsuite.core.hiccup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

class HiccupMeterTest {
    private static final long MS = 1_000_000L;

    /** A clock that sleeping moves: each sleep takes the next scripted duration (1 ms by default). */
    private static final class ScriptedTime {
        long now = 1_000 * MS;
        final Deque<Long> sleeps = new ArrayDeque<>();

        HiccupMeter meter(Duration retainAbove) {
            return new HiccupMeter(Duration.ofMillis(1), retainAbove, () -> now,
                    nanos -> now += sleeps.isEmpty() ? nanos : sleeps.poll());
        }
    }

    @Test
    void aStallIsRecordedWithTheSamplesItHidAndKeptAsAnInterval() {
        ScriptedTime time = new ScriptedTime();
        HiccupMeter m = time.meter(Duration.ofMillis(1));
        for (int i = 0; i < 100; i++) m.measureOnce();
        long stallStart = time.now + MS; // the meter should wake here...
        time.sleeps.add(51 * MS);        // ...but runs again 50 ms late
        m.measureOnce();
        long stallEnd = time.now;
        for (int i = 0; i < 100; i++) m.measureOnce();

        HiccupMeter.Oversleep s = m.summary();
        assertThat(s.maxNanos()).isEqualTo(50 * MS);
        // 201 wake-ups, plus the 49 the stall hid (49, 48, ... 1 ms late)
        assertThat(s.samples()).isEqualTo(250);
        assertThat(s.p50Nanos()).isZero();
        assertThat(s.p99Nanos()).isBetween(47 * MS, 49 * MS + MS / 10);
        assertThat(s.stalls()).isEqualTo(1);
        assertThat(m.histogram().getMaxValue()).isBetween(50 * MS - MS / 10, 50 * MS + MS / 10);

        assertThat(m.stalls(0, Long.MAX_VALUE, Duration.ZERO))
                .containsExactly(new HiccupMeter.Stall(stallStart, stallEnd));
        assertThat(m.stalledDuring(stallStart - 10 * MS, stallStart + MS, Duration.ofMillis(5))).isTrue();
        assertThat(m.stalledDuring(stallEnd - MS, stallEnd + 10 * MS, Duration.ofMillis(5))).isTrue();
        assertThat(m.stalledDuring(stallStart - 10 * MS, stallStart - MS, Duration.ofMillis(5))).as("ends before").isFalse();
        assertThat(m.stalledDuring(stallEnd + 1, stallEnd + 10 * MS, Duration.ofMillis(5))).as("starts after").isFalse();
        assertThat(m.stalledDuring(stallStart, stallEnd, Duration.ofMillis(50))).as("not longer than 50 ms").isFalse();
    }

    @Test
    void aStallStillGoingOnIsSeenBeforeTheMeterRunsAgain() {
        long[] now = {1_000 * MS};
        long[] seen = new long[3];
        HiccupMeter[] meter = new HiccupMeter[1];
        meter[0] = new HiccupMeter(Duration.ofMillis(1), Duration.ofMillis(1), () -> now[0], nanos -> {
            long due = now[0] + MS;
            now[0] += 30 * MS; // 29 ms overdue and still asleep: a request ending now overlapped that much
            seen[0] = meter[0].longestStallDuring(due - 10 * MS, now[0], Duration.ofMillis(5));
            seen[1] = meter[0].longestStallDuring(due - 10 * MS, now[0], Duration.ofMillis(40));
            seen[2] = meter[0].longestStallDuring(due - 10 * MS, due - MS, Duration.ofMillis(5)); // ended before it
        });
        meter[0].measureOnce();
        assertThat(seen[0]).isEqualTo(29 * MS);
        assertThat(seen[1]).as("not longer than 40 ms so far").isZero();
        assertThat(seen[2]).isZero();
        // once the meter has run again the stall is a kept interval, no longer an ongoing one
        assertThat(meter[0].longestStallDuring(0, Long.MAX_VALUE, Duration.ofMillis(5))).isEqualTo(29 * MS);
        assertThat(meter[0].stalls(0, Long.MAX_VALUE, Duration.ZERO)).hasSize(1);
    }

    @Test
    void shortOversleepsCountInTheHistogramButAreNotKeptAsStalls() {
        ScriptedTime time = new ScriptedTime();
        HiccupMeter m = time.meter(Duration.ofMillis(5));
        time.sleeps.add(3 * MS); // 2 ms late
        m.measureOnce();
        time.sleeps.add(8 * MS); // 7 ms late
        m.measureOnce();
        assertThat(m.summary().maxNanos()).isEqualTo(7 * MS);
        assertThat(m.summary().stalls()).isEqualTo(1);
        assertThat(m.stalls(0, Long.MAX_VALUE, Duration.ZERO)).extracting(HiccupMeter.Stall::durationNanos)
                .containsExactly(7 * MS);
    }

    @Test
    void theOldestStallsAreDroppedAndCountedWhenTooManyAreKept() {
        ScriptedTime time = new ScriptedTime();
        HiccupMeter m = time.meter(Duration.ZERO);
        int n = HiccupMeter.MAX_STALLS + 10;
        for (int i = 0; i < n; i++) {
            time.sleeps.add(3 * MS);
            m.measureOnce();
        }
        assertThat(m.droppedStalls()).isEqualTo(10);
        assertThat(m.summary().stalls()).isEqualTo(n);
        assertThat(m.stalls(0, Long.MAX_VALUE, Duration.ZERO)).hasSize(HiccupMeter.MAX_STALLS);
    }

    @Test
    void aRealMeterMeasuresWhileRunningAndLeavesNoThreadAfterStop() throws Exception {
        HiccupMeter m = HiccupMeter.create();
        assertThat(m.summary().samples()).isZero();
        m.start();
        assertThat(m.running()).isTrue();
        assertThat(threadsNamed()).isEqualTo(1);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (m.summary().samples() < 10 && System.nanoTime() < deadline) Thread.sleep(5);
        m.close();
        assertThat(m.running()).isFalse();
        assertThat(threadsNamed()).isZero();
        long samples = m.summary().samples();
        assertThat(samples).isGreaterThanOrEqualTo(10);
        Thread.sleep(20);
        assertThat(m.summary().samples()).as("nothing measured after stop").isEqualTo(samples);
        m.stop(); // idempotent
        assertThatThrownBy(m::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("started once");
    }

    @Test
    void badArgumentsAreNamed() {
        assertThatThrownBy(() -> HiccupMeter.create(Duration.ZERO, Duration.ZERO)).hasMessageContaining("resolution");
        assertThatThrownBy(() -> HiccupMeter.create(Duration.ofMillis(1), Duration.ofMillis(-1))).hasMessageContaining("retainAbove");
        HiccupMeter m = HiccupMeter.create();
        assertThatThrownBy(() -> m.stalls(10, 5, Duration.ZERO)).hasMessageContaining("before");
        assertThatThrownBy(() -> m.stalledDuring(0, 1, null)).hasMessageContaining("threshold");
    }

    private static long threadsNamed() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals("benchsuite-hiccup-meter")).count();
    }
}
