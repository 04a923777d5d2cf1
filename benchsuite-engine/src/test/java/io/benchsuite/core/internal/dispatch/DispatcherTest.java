package io.benchsuite.core.internal.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.internal.dispatch.Dispatcher.Decision;
import io.benchsuite.core.internal.dispatch.Dispatcher.DueRequest;
import io.benchsuite.core.internal.dispatch.Dispatcher.RunState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher on a clock the test sets: every scheduled and dispatch instant, every wake-up and
 * every slot decision is exact, because the dispatcher reads no clock and never waits.
 */
class DispatcherTest {
    private static final long MS = 1_000_000;
    private static final long S = 1_000 * MS;

    private final List<Window> waitedForSlot = new ArrayList<>();

    private Dispatcher dispatcher(Workload w) {
        return new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1)), Duration.ofMillis(500), waitedForSlot::add);
    }

    private static DueRequest due(long index, long scheduled, long dispatched, int user, Window window) {
        return new DueRequest(index, scheduled, dispatched, user, window);
    }

    @Test
    void openLoopSendsOnScheduleAndQueuesForASlotWithoutMovingTheScheduledInstant() {
        Workload w = Workload.open().rate(10).arrival(Arrival.constant()).maxConcurrency(1).duration(Duration.ofMillis(400))
                .warmup(Duration.ofMillis(100)).build();
        Dispatcher d = dispatcher(w);

        Decision s = d.step(0);
        assertThat(s.send()).containsExactly(due(0, 0, 0, -1, Window.WARM_UP));
        assertThat(d.step(0)).isEqualTo(new Decision(RunState.RUNNING, List.of(), 100 * MS)); // wakes exactly at the next arrival

        // request 1 is due at 100 ms; the slot is taken, so it waits (and the wait is counted)
        assertThat(d.step(100 * MS)).isEqualTo(new Decision(RunState.RUNNING, List.of(), 200 * MS));
        assertThat(waitedForSlot).containsExactly(Window.MEASURED);
        assertThat(d.waitingForSlot()).isEqualTo(1);

        // request 0 ends at 150 ms: request 1 goes, still scheduled at 100 ms and dispatched at 100 ms
        d.finished(-1, 150 * MS);
        assertThat(d.step(150 * MS).send()).containsExactly(due(1, 100 * MS, 100 * MS, -1, Window.MEASURED));

        // the dispatcher is 30 ms late for request 2: its dispatch instant says so
        d.finished(-1, 190 * MS);
        assertThat(d.step(230 * MS).send()).containsExactly(due(2, 200 * MS, 230 * MS, -1, Window.MEASURED));
        d.finished(-1, 240 * MS);
        assertThat(d.step(300 * MS).send()).containsExactly(due(3, 300 * MS, 300 * MS, -1, Window.MEASURED));
        // the next arrival (400 ms) is outside the 400 ms window: the schedule is over, request 3 may drain
        Decision drain = d.step(300 * MS);
        assertThat(drain.state()).isEqualTo(RunState.RUNNING);
        assertThat(drain.wakeAt()).as("the drain deadline").isEqualTo(800 * MS);
        d.finished(-1, 310 * MS);
        assertThat(d.step(310 * MS).state()).isEqualTo(RunState.COMPLETED);
        assertThat(d.scheduled()).isEqualTo(4);
    }

    @Test
    void requestCountBoundsTheSchedule() {
        Workload w = Workload.open().rate(100).arrival(Arrival.constant()).maxConcurrency(8).maxRequests(3).build();
        Dispatcher d = dispatcher(w);
        List<DueRequest> sent = new ArrayList<>();
        for (long t = 0; t <= 50 * MS; t += 10 * MS) sent.addAll(d.step(t).send());
        assertThat(sent).extracting(DueRequest::scheduled).containsExactly(0L, 10 * MS, 20 * MS);
        // the count was reached at 20 ms; the first idle step after it (30 ms) starts the drain
        assertThat(d.step(50 * MS).wakeAt()).as("no more arrivals: only the drain deadline").isEqualTo(530 * MS);
        for (int i = 0; i < 3; i++) d.finished(-1, 60 * MS);
        assertThat(d.step(60 * MS).state()).isEqualTo(RunState.COMPLETED);
    }

    @Test
    void closedLoopUsersSendAgainAfterTheirThinkTime() {
        Workload w = Workload.closed(2).thinkTime(Duration.ofMillis(50)).maxRequests(4).build();
        Dispatcher d = dispatcher(w);
        assertThat(d.step(0).send()).containsExactly(due(0, 0, 0, 0, Window.MEASURED), due(1, 0, 0, 1, Window.MEASURED));
        d.finished(1, 30 * MS);
        assertThat(d.step(30 * MS)).as("user 1 thinks until 80 ms").isEqualTo(new Decision(RunState.RUNNING, List.of(), 80 * MS));
        assertThat(d.step(80 * MS).send()).containsExactly(due(2, 80 * MS, 80 * MS, 1, Window.MEASURED));
        d.finished(0, 90 * MS);
        assertThat(d.step(145 * MS).send()).as("picked up 5 ms late").containsExactly(due(3, 140 * MS, 145 * MS, 0, Window.MEASURED));
        assertThat(waitedForSlot).as("closed loop has no slot to wait for").isEmpty();
        d.finished(1, 150 * MS);
        d.finished(0, 160 * MS);
        assertThat(d.step(160 * MS).state()).isEqualTo(RunState.COMPLETED);
    }

    @Test
    void rampedUsersJoinAtTheExactInstantTheLevelReachesTheNextUser() {
        Workload w = Workload.closed(1).users(RateProfile.ramp(0, 3, Duration.ofSeconds(3))).duration(Duration.ofSeconds(10)).build();
        Dispatcher d = dispatcher(w);
        Decision first = d.step(0);
        assertThat(first.send()).isEmpty();
        assertThat(first.wakeAt()).as("level 1 at 1 s").isEqualTo(S);
        assertThat(d.step(S).send()).containsExactly(due(0, S, S, 0, Window.MEASURED));
        assertThat(d.step(S).wakeAt()).as("level 2 at 2 s").isEqualTo(2 * S);
        assertThat(d.step(2 * S).send()).containsExactly(due(1, 2 * S, 2 * S, 1, Window.MEASURED));
        assertThat(d.step(2 * S).wakeAt()).as("the ramp ends at 3 s").isEqualTo(3 * S);
        assertThat(d.step(3 * S).send()).containsExactly(due(2, 3 * S, 3 * S, 2, Window.MEASURED));
        assertThat(d.step(3 * S).wakeAt()).as("steady after the ramp, every user busy: the window's end").isEqualTo(10 * S);
    }

    @Test
    void fallingLevelsRetireUsersWhenTheirRequestEnds() {
        Workload w = Workload.closed(1).users(RateProfile.ramp(2, 0, Duration.ofSeconds(2))).duration(Duration.ofSeconds(4)).build();
        ClosedLoopUsers users = (ClosedLoopUsers) LoadPattern.of(w.load(), new SplittableRandom(1));
        Dispatcher d = new Dispatcher(w, users, Duration.ofMillis(500), waitedForSlot::add);
        assertThat(d.step(0).send()).hasSize(2);
        d.finished(0, 600 * MS); // level 1.4: one user too many, this one leaves
        assertThat(users.liveUsers()).isEqualTo(1);
        assertThat(d.step(600 * MS).send()).isEmpty();
        d.finished(1, 700 * MS); // level 1.3: this one stays and sends again
        assertThat(d.step(700 * MS).send()).containsExactly(due(2, 700 * MS, 700 * MS, 1, Window.MEASURED));
        d.finished(1, 1200 * MS); // level 0.8: no user left
        assertThat(users.liveUsers()).isZero();
        assertThat(d.step(1200 * MS).send()).isEmpty();
    }

    @Test
    void aDrainThatRunsOutHandsBackTheWaitingRequests() {
        Workload w = Workload.open().rate(10).arrival(Arrival.constant()).maxConcurrency(1).duration(Duration.ofMillis(200)).build();
        Dispatcher d = dispatcher(w);
        d.step(0);
        // request 1 waits for the slot; the next arrival (200 ms) is outside the window, so the
        // schedule is over and the drain starts now
        assertThat(d.step(100 * MS).wakeAt()).isEqualTo(600 * MS);
        assertThat(d.step(599 * MS).state()).isEqualTo(RunState.RUNNING);
        assertThat(d.step(600 * MS).state()).isEqualTo(RunState.DRAIN_EXPIRED);
        assertThat(d.stop(600 * MS)).containsExactly(due(1, 100 * MS, 100 * MS, -1, Window.MEASURED));
        assertThat(d.inFlight()).as("the handed-back request holds a slot until it is finished").isEqualTo(2);
    }

    @Test
    void stopEndsTheScheduleAtOnce() {
        Workload w = Workload.closed(3).maxRequests(100).build();
        Dispatcher d = dispatcher(w);
        assertThat(d.step(0).send()).hasSize(3);
        assertThat(d.stop(5 * MS)).isEmpty();
        assertThat(d.scheduleEnd()).isEqualTo(5 * MS);
        d.finished(0, 6 * MS);
        assertThat(d.step(6 * MS).state()).isEqualTo(RunState.COMPLETED);
        assertThat(d.scheduled()).as("nothing new after the stop").isEqualTo(3);
    }
}
