package io.benchsuite.core.internal.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.internal.dispatch.Dispatcher.Decision;
import io.benchsuite.core.internal.dispatch.Dispatcher.DueRequest;
import io.benchsuite.core.internal.dispatch.Dispatcher.RunState;
import io.benchsuite.core.internal.dispatch.Dispatcher.SlotUnit;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * Starts from a feed and sessions' later turns, on a clock the test sets: a trace's own instants, a
 * feed that is not ready yet or has ended, follow-up turns at their instants, the cap in requests or
 * sessions, and the window cutting open sessions.
 */
class SessionDispatchTest {
    private static final long MS = 1_000_000;

    /** A feed of starts given by the test: arrival offsets (or 0) and whether each opens a session. */
    private static final class Feed implements StartFeed {
        final ArrayDeque<long[]> starts = new ArrayDeque<>();
        boolean ended;

        Feed add(long arrival, boolean opensSession) {
            starts.add(new long[] {arrival, opensSession ? 1 : 0});
            return this;
        }

        @Override
        public long next() {
            if (!starts.isEmpty()) return starts.peek()[0];
            return ended ? ENDED : PENDING;
        }

        @Override
        public boolean nextOpensSession() {
            return !starts.isEmpty() && starts.peek()[1] == 1;
        }

        @Override
        public void offered() {
            starts.poll();
        }
    }

    private final List<Window> waited = new ArrayList<>();

    @Test
    void aTraceIsOfferedAtItsOwnInstantsAndTheScheduleEndsWithTheFeed() {
        Workload w = Workload.open().maxConcurrency(4).maxRequests(100).build();
        Feed feed = new Feed().add(0, false).add(40 * MS, false).add(40 * MS, false);
        Dispatcher d = new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1), Shard.WHOLE, feed, true), Duration.ofSeconds(1),
                waited::add);
        assertThat(d.step(0).send()).extracting(DueRequest::scheduled).containsExactly(0L);
        Decision idle = d.step(1 * MS);
        assertThat(idle.wakeAt()).as("wakes at the trace's next instant").isEqualTo(40 * MS);
        assertThat(d.step(45 * MS).send()).extracting(DueRequest::scheduled, DueRequest::dispatched)
                .containsExactly(Tuple.tuple(40 * MS, 45 * MS), Tuple.tuple(40 * MS, 45 * MS));
        // the planner has not prepared the next start: nothing is due, the feed wakes the engine
        assertThat(d.step(50 * MS).wakeAt()).isEqualTo(Dispatcher.NEVER);
        assertThat(d.scheduleOver()).isFalse();
        feed.ended = true;
        Decision drain = d.step(60 * MS);
        assertThat(d.scheduleOver()).as("the trace ran out").isTrue();
        assertThat(drain.wakeAt()).as("drain deadline").isEqualTo(1060 * MS);
        for (int i = 0; i < 3; i++) d.finished(-1, 70 * MS);
        assertThat(d.step(70 * MS).state()).isEqualTo(RunState.COMPLETED);
    }

    @Test
    void aSessionsNextTurnIsDispatchedAtItsInstantAndTheScheduleWaitsForOpenSessions() {
        Workload w = Workload.open().rate(10).arrival(Arrival.constant()).maxConcurrency(8).maxRequests(100).build();
        Feed feed = new Feed().add(0, true);
        Dispatcher d = new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1), Shard.WHOLE, feed, false), Duration.ofSeconds(1),
                waited::add);
        DueRequest first = d.step(0).send().get(0);
        assertThat(first.continuesSession()).isFalse();
        feed.ended = true;
        assertThat(d.step(5 * MS).state()).isEqualTo(RunState.RUNNING);
        assertThat(d.scheduleOver()).as("the feed ended but a session is open").isFalse();
        assertThat(d.openSessions()).isEqualTo(1);
        // turn 1 answered at 30 ms; its next turn is prepared, then due at 30 ms + 50 ms think time
        d.paused(30 * MS);
        assertThat(d.inFlight()).isZero();
        assertThat(d.step(31 * MS).wakeAt()).as("nothing due until the engine resumes the session").isEqualTo(Dispatcher.NEVER);
        assertThat(d.resume(-1, first.index(), 80 * MS)).isTrue();
        assertThat(d.step(32 * MS).wakeAt()).isEqualTo(80 * MS);
        DueRequest second = d.step(81 * MS).send().get(0);
        assertThat(second).isEqualTo(new DueRequest(1, 80 * MS, 81 * MS, -1, Window.MEASURED, first.index()));
        assertThat(second.continuesSession()).isTrue();
        d.finished(-1, 120 * MS, true);
        assertThat(d.openSessions()).isZero();
        d.step(120 * MS);
        assertThat(d.scheduleOver()).isTrue();
        assertThat(d.step(121 * MS).state()).isEqualTo(RunState.COMPLETED);
    }

    @Test
    void aCapInSessionsHoldsTheSlotThroughThinkTimeAndLetsLaterTurnsPass() {
        Workload w = Workload.open().rate(100).arrival(Arrival.constant()).maxConcurrency(1).duration(Duration.ofSeconds(10)).build();
        Feed feed = new Feed().add(0, true).add(0, true);
        Dispatcher d = new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1), Shard.WHOLE, feed, false), Duration.ofSeconds(1),
                waited::add, SlotUnit.SESSIONS);
        DueRequest a = d.step(0).send().get(0);
        assertThat(d.step(10 * MS).send()).as("session b waits: a holds the only slot").isEmpty();
        assertThat(waited).hasSize(1);
        d.paused(20 * MS);
        assertThat(d.step(20 * MS).send()).as("a is thinking and still holds its slot").isEmpty();
        d.resume(-1, a.index(), 40 * MS);
        assertThat(d.step(40 * MS).send()).as("a's turn needs no slot").extracting(DueRequest::session).containsExactly(a.index());
        d.finished(-1, 60 * MS, true);
        assertThat(d.step(60 * MS).send()).as("a ended: b gets the slot").extracting(DueRequest::scheduled).containsExactly(10 * MS);
    }

    @Test
    void aCapInRequestsFreesTheSlotBetweenTurns() {
        Workload w = Workload.open().rate(100).arrival(Arrival.constant()).maxConcurrency(1).duration(Duration.ofSeconds(10)).build();
        Feed feed = new Feed().add(0, true).add(0, true);
        Dispatcher d = new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1), Shard.WHOLE, feed, false), Duration.ofSeconds(1),
                waited::add);
        d.step(0);
        assertThat(d.step(10 * MS).send()).isEmpty();
        d.paused(20 * MS);
        assertThat(d.step(20 * MS).send()).as("a thinks without a slot: b goes").extracting(DueRequest::scheduled).containsExactly(10 * MS);
    }

    @Test
    void theWindowsEndCutsSessionsWaitingForTheirNextTurn() {
        Workload w = Workload.closed(1).duration(Duration.ofMillis(100)).build();
        Feed feed = new Feed().add(0, true);
        Dispatcher d = new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1), Shard.WHOLE, feed, false), Duration.ofSeconds(1),
                waited::add);
        DueRequest a = d.step(0).send().get(0);
        d.paused(50 * MS);
        d.resume(0, a.index(), 150 * MS);
        Decision end = d.step(100 * MS);
        assertThat(d.scheduleOver()).isTrue();
        assertThat(d.openSessions()).as("the pending turn was dropped and its session cut").isZero();
        assertThat(end.state()).isEqualTo(RunState.COMPLETED);
        // a session whose preparation finishes after the end is not resumed
        Dispatcher late = new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1), Shard.WHOLE, new Feed().add(0, true), false),
                Duration.ofSeconds(1), waited::add);
        DueRequest b = late.step(0).send().get(0);
        late.paused(90 * MS);
        late.step(100 * MS);
        assertThat(late.resume(0, b.index(), 120 * MS)).isFalse();
        assertThat(late.openSessions()).isZero();
        assertThat(late.step(101 * MS).state()).isEqualTo(RunState.COMPLETED);
    }
}
