package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.core.internal.dispatch.StartFeed;
import io.benchsuite.core.workload.SessionCursor;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** The planner's queue: bounded by prompt tokens, the dispatcher's feed, a source that fails. */
class PlanQueueTest {
    /** Plans of the given lengths, with arrival offsets {@code 10 ms * i}; counts how many were read. */
    private static final class Plans implements PlanCursor {
        final Iterator<Integer> lengths;
        final AtomicInteger read = new AtomicInteger();
        final RuntimeException failAtEnd;

        Plans(List<Integer> lengths, RuntimeException failAtEnd) {
            this.lengths = lengths.iterator();
            this.failAtEnd = failAtEnd;
        }

        @Override
        public Optional<RequestPlan> next() {
            if (!lengths.hasNext()) {
                if (failAtEnd != null) throw failAtEnd;
                return Optional.empty();
            }
            int i = read.getAndIncrement();
            int n = lengths.next();
            return Optional.of(RequestPlan.builder(i).arrivalNanos(i * 10_000_000L).prompt("p" + i).inputTokens(n)
                    .outputTokens(1).build());
        }

        @Override
        public SourceCounts counts() {
            return SourceCounts.none();
        }

        @Override
        public void close() {
        }
    }

    private static PreparedStart prepare(List<RequestPlan> turns) {
        RequestPlan p = turns.get(0);
        Outgoing o = new Outgoing(p, -1, null, 0, true, p.messages(), p.inputTokens(), 1, "h", null, List.of(), null);
        return new PreparedStart(p.index(), turns, null, o, p.arrivalNanos().orElse(-1), p.inputTokens());
    }

    private static void waitFor(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) Thread.sleep(5);
    }

    @Test
    void holdsNoMorePromptTokensThanItsBudgetButAlwaysOneStart() throws InterruptedException {
        Plans plans = new Plans(List.of(300, 300, 300, 300, 5000, 300), null);
        List<Long> ready = new ArrayList<>();
        try (PlanQueue q = new PlanQueue(new SessionCursor(plans), PlanQueueTest::prepare, 1000, 100, 0, "t",
                () -> { })) {
            q.start();
            q.awaitPrepared(10); // returns when the planner waits for room, not after its 30 s
            assertThat(q.prepared()).as("3 x 300 tokens fit in 1000, the fourth waits").isEqualTo(3);
            for (int i = 0; i < 3; i++) {
                ready.add(q.next());
                q.offered();
                assertThat(q.take().turns().get(0).inputTokens()).isEqualTo(300);
            }
            waitFor(() -> q.prepared() == 4);
            Thread.sleep(100); // the planner would have read further if it could
            assertThat(q.prepared()).as("the 5000-token start waits until the queue is empty").isEqualTo(4);
            assertThat(q.next()).isEqualTo(30_000_000L);
            q.offered();
            q.take();
            waitFor(() -> q.prepared() == 5);
            assertThat(q.prepared()).as("a 5000-token start alone exceeds the budget but is held alone").isEqualTo(5);
            assertThat(q.next()).isEqualTo(40_000_000L);
            q.offered();
            assertThat(q.take().heldTokens()).isEqualTo(5000);
            waitFor(() -> q.next() != StartFeed.PENDING);
            q.offered();
            q.take();
            waitFor(() -> q.next() == StartFeed.ENDED);
            assertThat(q.next()).isEqualTo(StartFeed.ENDED);
            assertThat(q.failure()).isNull();
        }
        assertThat(ready).containsExactly(0L, 10_000_000L, 20_000_000L);
    }

    @Test
    void aSourceThatFailsEndsTheFeedAndSaysWhy() throws InterruptedException {
        Plans plans = new Plans(List.of(10, 10), new WorkloadDataException("mooncake trace 't.jsonl' line 3: \"input_length\" missing"));
        try (PlanQueue q = new PlanQueue(new SessionCursor(plans), PlanQueueTest::prepare, 1000, 100, 0, "t", () -> { })) {
            q.start();
            waitFor(() -> q.next() == StartFeed.ENDED || q.failure() != null && q.prepared() == 2 && q.next() == 0);
            for (int i = 0; i < 2; i++) {
                q.offered();
                q.take();
            }
            waitFor(() -> q.next() == StartFeed.ENDED);
            assertThat(q.next()).isEqualTo(StartFeed.ENDED);
            assertThat(q.failure()).hasMessage("mooncake trace 't.jsonl' line 3: \"input_length\" missing");
            assertThatThrownBy(q::take).hasMessageContaining("the workload source failed: mooncake trace 't.jsonl' line 3");
        }
    }

    @Test
    void readsNoMoreStartsThanTheRunsRequestCount() throws InterruptedException {
        Plans plans = new Plans(List.of(1, 1, 1, 1, 1, 1, 1, 1), null);
        try (PlanQueue q = new PlanQueue(new SessionCursor(plans), PlanQueueTest::prepare, 1000, 100, 3, "t", () -> { })) {
            q.start();
            waitFor(() -> q.next() == 0 && q.prepared() == 3);
            Thread.sleep(50);
            assertThat(plans.read.get()).isEqualTo(3);
        }
    }

    @Test
    void inVirtualTimeTheDispatcherWaitsForEachStartAndNeverHearsPending() throws InterruptedException {
        int n = 2000;
        List<Integer> lengths = new ArrayList<>();
        for (int i = 0; i < n; i++) lengths.add(100);
        Plans plans = new Plans(lengths, null);
        // a 1000-token budget holds 10 of these starts: offered ones waiting for a slot must not stop the planner
        try (PlanQueue q = new PlanQueue(new SessionCursor(plans), PlanQueueTest::prepare, 1000, 100, 0, "t", () -> { }, true)) {
            q.start();
            assertThat(q.endedEmpty()).isFalse();
            for (int i = 0; i < n; i++) {
                assertThat(q.full()).isFalse();
                assertThat(q.next()).as("start %d, asked at once", i).isEqualTo(i * 10_000_000L);
                q.offered();
                assertThat(plans.read.get() - (i + 1)).as("read ahead of what was offered").isBetween(0, PlanQueue.VIRTUAL_AHEAD + 1);
            }
            assertThat(q.next()).isEqualTo(StartFeed.ENDED);
            for (int i = 0; i < n; i++) assertThat(q.take().turns().get(0).index()).isEqualTo(i);
        }
    }

    @Test
    void inVirtualTimeAnEmptySourceEndsEmpty() {
        try (PlanQueue q = new PlanQueue(new SessionCursor(new Plans(List.of(), null)), PlanQueueTest::prepare, 1000, 100, 0, "t",
                () -> { }, true)) {
            q.start();
            assertThat(q.endedEmpty()).isTrue();
            assertThat(q.next()).isEqualTo(StartFeed.ENDED);
        }
    }
}
