package io.benchsuite.examples.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sweep finds the knee of a stack with 2 slots: throughput stops growing after 2 users. */
class ConcurrencySweepTest {

    @Test
    void sweepFindsTheKneeAtTheSlotCount() {
        List<ConcurrencySweep.Row> rows = ConcurrencySweep.sweep(ConcurrencySweep::twoSlotStack, new int[] {1, 2, 4, 8},
                Duration.ofSeconds(3)); // long enough that one stall of a busy machine does not move the knee
        String table = ConcurrencySweep.table(rows);
        System.out.print(table);
        assertThat(rows).extracting(ConcurrencySweep.Row::users).containsExactly(1, 2, 4, 8);
        assertThat(table).startsWith(String.format(" users      req/s    out tok/s  TTFT p50 ms   E2E p99 ms%n"));
        // 2 slots: 2 users nearly double 1 user's throughput, 8 users do not beat 2 users by much.
        assertThat(rows.get(1).requestsPerSecond()).isGreaterThan(1.5 * rows.get(0).requestsPerSecond());
        assertThat(rows.get(3).requestsPerSecond()).isLessThan(1.3 * rows.get(1).requestsPerSecond());
        assertThat(rows.get(3).e2eP99Ms()).isGreaterThan(2 * rows.get(1).ttftP50Ms());
        assertThat(ConcurrencySweep.knee(rows)).isEqualTo(2);
    }

    @Test
    void kneeRule() {
        var linear = List.of(new ConcurrencySweep.Row(1, 10, 0, 0, 0), new ConcurrencySweep.Row(2, 20, 0, 0, 0),
                new ConcurrencySweep.Row(4, 39, 0, 0, 0));
        assertThat(ConcurrencySweep.knee(linear)).isEqualTo(4);
        var flat = List.of(new ConcurrencySweep.Row(1, 10, 0, 0, 0), new ConcurrencySweep.Row(2, 14, 0, 0, 0));
        assertThat(ConcurrencySweep.knee(flat)).isEqualTo(1);
    }
}
