package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.core.analysis.Requests;
import io.benchsuite.core.run.RunListener;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Finished requests reach the listeners off the finishing thread, in order, all of them, with bounded memory. */
class ListenerRelayTest {

    private static RequestRecord record(long index) {
        return Requests.ok(index, index, index, index + 1, index + 2, 4);
    }

    /** Remembers each record's index and the thread that delivered it. */
    private static final class Recording implements RunListener {
        final List<Long> indexes = Collections.synchronizedList(new ArrayList<>());
        final List<String> threads = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void onRequestFinished(RequestRecord record) {
            indexes.add(record.index());
            threads.add(Thread.currentThread().getName());
        }
    }

    @Test
    void recordsReachTheListenersOnTheRelayThreadInOrderAndAllBeforeFinishReturns() throws Exception {
        Recording a = new Recording();
        RunListener failing = new RunListener() {
            @Override
            public void onRequestFinished(RequestRecord record) {
                throw new IllegalStateException("listener bug");
            }
        };
        Recording b = new Recording();
        ListenerRelay relay = new ListenerRelay(List.of(a, failing, b), true, "benchsuite-listeners-test");
        relay.start();
        for (long i = 0; i < 500; i++) relay.deliver(record(i), d -> d);
        relay.finish();
        for (Recording r : List.of(a, b)) {
            assertThat(r.indexes).as("every record, in order, the failing listener notwithstanding").hasSize(500)
                    .isSortedAccordingTo(Long::compare).startsWith(0L).endsWith(499L);
            assertThat(r.threads).as("delivered by the relay's thread").containsOnly("benchsuite-listeners-test");
        }
        assertThat(Thread.getAllStackTraces().keySet()).as("the relay's thread ended with finish()")
                .noneMatch(t -> t.getName().equals("benchsuite-listeners-test") && t.isAlive());
        relay.deliver(record(500), d -> d);
        assertThat(a.indexes).as("a record finishing after the run is delivered at once").endsWith(500L);
        assertThat(a.threads.get(500)).isEqualTo(Thread.currentThread().getName());
    }

    private static final ThreadLocal<String> CONTEXT = new ThreadLocal<>();

    @Test
    void whatTheFinishingThreadHadCurrentIsCarriedToTheDelivery() throws Exception {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        RunListener l = new RunListener() {
            @Override
            public void onRequestFinished(RequestRecord record) {
                seen.add(record.index() + ":" + CONTEXT.get());
            }
        };
        ListenerRelay relay = new ListenerRelay(List.of(l), true, "benchsuite-listeners-context");
        relay.start();
        for (long i = 0; i < 3; i++) {
            CONTEXT.set("span-" + i); // what a tracing decorator makes current while the terminal event passes
            String captured = CONTEXT.get();
            relay.deliver(record(i), d -> () -> {
                CONTEXT.set(captured);
                try {
                    d.run();
                } finally {
                    CONTEXT.remove();
                }
            });
            CONTEXT.remove();
        }
        relay.finish();
        assertThat(seen).containsExactly("0:span-0", "1:span-1", "2:span-2");
    }

    @Test
    void withoutAThreadEveryRecordIsDeliveredOnTheCallersThread() throws Exception {
        Recording a = new Recording();
        ListenerRelay relay = new ListenerRelay(List.of(a), false, "benchsuite-listeners-virtual");
        relay.start();
        relay.deliver(record(7), d -> d);
        assertThat(a.indexes).containsExactly(7L);
        assertThat(a.threads).containsExactly(Thread.currentThread().getName());
        relay.finish();
    }

    @Test
    void aListenerSlowerThanTheRequestsMakesTheFinishingThreadWaitAndLosesNothing() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Recording after = new Recording();
        RunListener slow = new RunListener() {
            @Override
            public void onRequestFinished(RequestRecord record) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        ListenerRelay relay = new ListenerRelay(List.of(slow, after), true, "benchsuite-listeners-slow");
        relay.start();
        int total = ListenerRelay.CAPACITY + 2; // one held by the slow listener, a full queue, one more
        AtomicInteger handedOver = new AtomicInteger();
        Thread finishing = new Thread(() -> {
            try {
                for (long i = 0; i < total; i++) {
                    relay.deliver(record(i), d -> d);
                    handedOver.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "finishing");
        finishing.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(handedOver.get() == total - 1 && finishing.getState() == Thread.State.WAITING) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(handedOver).as("the queue holds CAPACITY records; the next waits for room").hasValue(total - 1);
        assertThat(finishing.getState()).isEqualTo(Thread.State.WAITING);
        release.countDown();
        finishing.join(30_000);
        relay.finish();
        assertThat(after.indexes).as("every record delivered once the listener caught up").hasSize(total)
                .isSortedAccordingTo(Long::compare);
    }
}
