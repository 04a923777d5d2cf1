package io.benchsuite.core.internal.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.internal.dispatch.Dispatcher.Decision;
import io.benchsuite.core.internal.dispatch.Dispatcher.DueRequest;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What bounds the dispatcher against a load the server (or the client) cannot follow: the line of
 * requests waiting for a slot is bounded and what overflows it is counted, rates no client can send
 * are refused, and closed-loop users pause after connection failures. All on a set clock.
 */
class DispatcherLimitsTest {
    private static final long US = 1_000;
    private static final long MS = 1_000 * US;

    private static Dispatcher dispatcher(Workload w, ConnectionBackoff backoff, int maxWaiting) {
        return new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1)), Duration.ofMillis(500), window -> { },
                backoff, maxWaiting, Dispatcher.SlotUnit.REQUESTS);
    }

    @Test
    void arrivalsBeyondTheBoundedWaitingLineAreCountedAsNotSentAndNeverQueued() {
        // one arrival per microsecond, one slot that never frees in time, a line of 1000
        Workload w = Workload.open().rate(1_000_000).arrival(Arrival.constant()).maxConcurrency(1)
                .duration(Duration.ofSeconds(1)).build();
        Dispatcher d = dispatcher(w, null, 1000);

        assertThat(d.step(0).send()).hasSize(1); // the arrival at 0 takes the slot
        Decision late = d.step(10 * MS);        // arrivals at 1 µs .. 10 ms: 10,000
        assertThat(late.send()).isEmpty();
        assertThat(d.waitingForSlot()).as("the line is bounded").isEqualTo(1000);
        assertThat(d.notSent()).as("the rest is counted, not dropped silently").isEqualTo(9_000);
        assertThat(d.scheduled()).as("only what was queued or sent has an index").isEqualTo(1_001);
        assertThat(late.wakeAt()).as("with the line full it does not wake for each arrival: only at the window's end")
                .isEqualTo(1_000 * MS);

        // the slot frees at 20 ms: the arrivals of 10..20 ms found the line full; the oldest waiting request goes
        d.finished(-1, 20 * MS);
        List<DueRequest> sent = d.step(20 * MS).send();
        assertThat(sent).extracting(DueRequest::scheduled).containsExactly(1 * US);
        assertThat(d.notSent()).isEqualTo(19_000);
        assertThat(d.waitingForSlot()).isEqualTo(999);
    }

    @Test
    void theDefaultLineHoldsFourThousandNinetySixRequests() {
        assertThat(Dispatcher.MAX_WAITING).isEqualTo(4_096);
        Workload w = Workload.open().rate(1_000_000).arrival(Arrival.constant()).maxConcurrency(1)
                .duration(Duration.ofSeconds(1)).build();
        Dispatcher d = new Dispatcher(w, LoadPattern.of(w.load(), new SplittableRandom(1)), Duration.ZERO, window -> { });
        d.step(0);
        d.step(500 * MS); // 500,000 arrivals due at once: memory stays bounded by the line
        assertThat(d.waitingForSlot()).isEqualTo(4_096);
        assertThat(d.notSent()).isEqualTo(500_000 - 4_096);
    }

    @Test
    void aClosedLoopNeverOverflowsItsLine() {
        // every user joins at once: far more than the line, all sent (the users themselves are the bound)
        Workload w = Workload.closed(5_000).duration(Duration.ofSeconds(1)).build();
        Dispatcher d = dispatcher(w, null, 10);
        assertThat(d.step(0).send()).hasSize(5_000);
        assertThat(d.notSent()).isZero();
    }

    @Test
    void ratesNoClientCanSendAreRefusedSayingTheBoundAndWhy() {
        assertThat(LoadModel.OpenLoop.MAX_RATE).isEqualTo(1_000_000);
        assertThatThrownBy(() -> Workload.open().rate(1e12).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a rate of 1,000,000,000,000 req/s is more than any client can send: at most 1,000,000 req/s")
                .hasMessageContaining("one request per microsecond");
        assertThat(Workload.open().rate(1_000_000).maxRequests(1).build().load()).isInstanceOf(LoadModel.OpenLoop.class);
    }

    @Test
    void aClosedLoopUserPausesAfterAConnectionFailureAndNotAfterOtherErrors() {
        Workload w = Workload.closed(1).thinkTime(Duration.ofMillis(10)).duration(Duration.ofSeconds(60)).build();
        Dispatcher d = dispatcher(w, new ConnectionBackoff(new SplittableRandom(7)), Dispatcher.MAX_WAITING);
        assertThat(d.step(0).send()).hasSize(1);

        d.finished(0, 1 * MS, Outcome.FAILED, ErrorKind.CONNECTION_REFUSED);
        long next = d.step(1 * MS).wakeAt();
        assertThat(next - 1 * MS).as("think time + a pause of 50..100 ms").isBetween(60 * MS, 110 * MS);
        assertThat(d.step(next).send()).hasSize(1);

        d.finished(0, next + MS, Outcome.FAILED, ErrorKind.HTTP_5XX); // the server answered: no pause
        assertThat(d.step(next + MS).wakeAt()).isEqualTo(next + 11 * MS);
    }
}
