package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A request is stamped when it is handed to a worker, not when the worker gets to run it. */
class ArrivalStampsTest {

    @Test
    void aWorkerThatStartsLateStillSeesWhenTheRequestWasHandedOver() throws Exception {
        long[] handedOver = new long[1];
        long[] workerStarted = new long[1];
        CompletableFuture<long[]> seen = new CompletableFuture<>();
        // a worker that gets its CPU 30 ms after the request was handed to it
        ArrivalStamps stamps = new ArrivalStamps(task -> new Thread(() -> {
            try {
                TimeUnit.MILLISECONDS.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            workerStarted[0] = System.nanoTime();
            task.run();
        }).start());
        handedOver[0] = System.nanoTime();
        stamps.execute(() -> seen.complete(new long[] {ArrivalStamps.arrival(), ArrivalStamps.arrival()}));
        long[] arrivals = seen.get(10, TimeUnit.SECONDS);
        assertThat(arrivals[0]).as("stamped at the hand-over").isBetween(handedOver[0], workerStarted[0] - 25_000_000L);
        assertThat(arrivals[1]).as("a second ask is not that request's").isGreaterThanOrEqualTo(workerStarted[0]);
    }

    @Test
    void outsideAWorkerTheArrivalIsNow() {
        long before = System.nanoTime();
        assertThat(ArrivalStamps.arrival()).isBetween(before, System.nanoTime());
    }
}
