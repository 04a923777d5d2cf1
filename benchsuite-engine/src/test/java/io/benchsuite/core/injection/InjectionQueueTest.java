package io.benchsuite.core.injection;

import static io.benchsuite.api.workload.injection.InjectionPriority.LOW;
import static io.benchsuite.api.workload.injection.InjectionPriority.NORMAL;
import static io.benchsuite.api.workload.injection.InjectionPriority.URGENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.injection.Injection;
import io.benchsuite.api.workload.injection.InjectionPriority;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InjectionQueueTest {
    private static final long S = 1_000_000_000L;

    private static Injection inj(String content, long position, InjectionPriority p, long ttlSeconds) {
        return new Injection(position, content, p, Duration.ofSeconds(ttlSeconds));
    }

    private static List<String> contents(List<QueuedInjection> qs) {
        return qs.stream().map(q -> q.injection().content()).toList();
    }

    @Test
    void dueInjectionsGoOutUrgentFirstThenInArrivalOrder() {
        InjectionQueue q = new InjectionQueue();
        q.offer(inj("low-a", 0, LOW, 60), 0);
        q.offer(inj("normal-a", 0, NORMAL, 60), 1);
        q.offer(inj("urgent-a", 0, URGENT, 60), 2);
        q.offer(inj("normal-b", 0, NORMAL, 60), 3);
        q.offer(inj("urgent-b", 0, URGENT, 60), 4);
        assertThat(contents(q.deliver(0, 5))).containsExactly("urgent-a", "urgent-b", "normal-a", "normal-b", "low-a");
        assertThat(q.waiting()).isZero();
        assertThat(q.deliver(100, 6)).isEmpty();
    }

    @Test
    void anInjectionWaitsForTheFirstBoundaryAtOrAfterItsPosition() {
        InjectionQueue q = new InjectionQueue();
        q.offer(inj("at-1000", 1000, URGENT, 60), 0);
        q.offer(inj("at-200", 200, LOW, 60), 0);
        assertThat(q.deliver(150, S)).isEmpty();
        assertThat(contents(q.deliver(200, 2 * S))).containsExactly("at-200");
        assertThat(contents(q.deliver(999, 3 * S))).isEmpty();
        List<QueuedInjection> late = q.deliver(1400, 4 * S);
        assertThat(contents(late)).containsExactly("at-1000");
        assertThat(late.get(0).queuedAtNanos()).isZero();
        assertThat(q.counts().delivered()).isEqualTo(Map.of(LOW, 1L, NORMAL, 0L, URGENT, 1L));
    }

    @Test
    void expiredInjectionsAreDroppedAndCountedAtTheNextBoundary() {
        InjectionQueue q = new InjectionQueue();
        q.offer(inj("short", 0, URGENT, 2), 0);
        q.offer(inj("far", 5000, NORMAL, 3), S);
        q.offer(inj("long", 0, LOW, 10), 0);
        // At 2 s exactly the first one's time to live has run out.
        assertThat(contents(q.deliver(0, 2 * S))).containsExactly("long");
        assertThat(q.counts().expired()).isEqualTo(Map.of(URGENT, 1L, NORMAL, 0L, LOW, 0L));
        assertThat(q.deliver(6000, 4 * S)).isEmpty(); // "far" was due at 6000 tokens but expired at 4 s
        assertThat(q.counts().expired().get(NORMAL)).isEqualTo(1);
        assertThat(q.counts().expiredTotal()).isEqualTo(2);
    }

    @Test
    void aBoundaryCapMakesLowPriorityWaitAndPossiblyExpire() {
        InjectionQueue q = new InjectionQueue(1);
        q.offer(inj("low", 0, LOW, 5), 0);
        q.offer(inj("urgent", 0, URGENT, 5), 0);
        q.offer(inj("normal", 0, NORMAL, 5), 0);
        assertThat(contents(q.deliver(0, S))).containsExactly("urgent");
        assertThat(contents(q.deliver(0, 2 * S))).containsExactly("normal");
        assertThat(q.deliver(0, 5 * S)).isEmpty();
        assertThat(q.counts().expired().get(LOW)).isEqualTo(1);
    }

    @Test
    void closingCountsWhatIsLeftAndRefusesMore() {
        InjectionQueue q = new InjectionQueue();
        q.offer(inj("waits", 10_000, NORMAL, 60), 0);
        q.offer(inj("old", 10_000, LOW, 1), 0);
        assertThat(contents(q.close(5 * S))).containsExactly("waits");
        InjectionCounts c = q.counts();
        assertThat(c.undelivered().get(NORMAL)).isEqualTo(1);
        assertThat(c.expired().get(LOW)).isEqualTo(1);
        assertThat(c.offered()).isEqualTo(Map.of(LOW, 1L, NORMAL, 1L, URGENT, 0L));
        assertThat(q.close(6 * S)).isEmpty();
        assertThatThrownBy(() -> q.offer(inj("x", 0, LOW, 1), 7 * S)).hasMessage("the session has ended: no more injections");
        assertThatThrownBy(() -> q.deliver(0, 7 * S)).hasMessage("the session has ended");
        assertThat(c.plus(c).undelivered().get(NORMAL)).isEqualTo(2);
        assertThat(InjectionCounts.none().plus(c)).isEqualTo(c);
        assertThatThrownBy(() -> new InjectionQueue(0)).hasMessage("maxPerBoundary must be > 0, got 0");
    }

    @Test
    void aHugeTimeToLiveNeverOverflows() {
        QueuedInjection q = new QueuedInjection(new Injection(0, "x", LOW, Duration.ofNanos(Long.MAX_VALUE)), 0, 5);
        assertThat(q.expiresAtNanos()).isEqualTo(Long.MAX_VALUE);
    }
}
