package io.benchsuite.backends.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.tck.RecordingListener;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The in-process adapter keeps the SPI contract: order, timing at delivery, typed errors, cancellation, close. */
class InProcessBackendTest {

    private static InferenceRequest request(int maxTokens) {
        return Fixtures.request(false, maxTokens);
    }

    @Test
    void streamTokensAreTimedAsTheyAreDelivered() throws Exception {
        TokenGenerator slow = TokenGenerator.fromStream(r -> IntStream.range(0, r.maxTokens()).mapToObj(i -> {
            sleep(20);
            return "t" + i;
        }));
        try (InProcessBackend backend = InProcessBackend.builder(slow).name("slow").build()) {
            RecordingListener l = new RecordingListener();
            backend.send(request(5), l);
            l.await();
            assertThat(l.violations()).isEmpty();
            assertThat(l.error()).isNull();
            assertThat(l.text()).isEqualTo("t0t1t2t3t4");
            assertThat(l.tokens()).isEqualTo(5);
            assertThat(l.usage().hasCompletionTokens()).isFalse();
            List<Long> times = l.tokenTimes();
            // The lower bound is the truth (each token takes >= 20 ms); the upper bound is loose for a busy machine.
            assertThat(times.get(0) - l.sentNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(19));
            for (int i = 1; i < times.size(); i++) {
                assertThat(times.get(i) - times.get(i - 1)).isBetween(TimeUnit.MILLISECONDS.toNanos(19),
                        TimeUnit.SECONDS.toNanos(2));
            }
            assertThat(l.endNanos()).isGreaterThanOrEqualTo(times.get(4));
            assertThat(backend.info().endpoint()).isEqualTo("in-process");
            assertThat(backend.info().details()).containsEntry("threads", "4");
        }
    }

    @Test
    void iteratorPublisherAndCallbackStylesAllWork() throws Exception {
        List<TokenGenerator> generators = List.of(
                TokenGenerator.fromIterator(r -> List.of("a", "b", "c").iterator()),
                TokenGenerator.fromPublisher(r -> {
                    SubmissionPublisher<String> p = new SubmissionPublisher<>();
                    Thread t = new Thread(() -> {
                        sleep(20); // let the worker subscribe first: SubmissionPublisher drops items sent earlier
                        List.of("a", "b", "c").forEach(p::submit);
                        p.close();
                    }, "benchsuite-test-publisher");
                    t.start();
                    return p;
                }),
                (r, sink) -> {
                    sink.tokens(2, "ab");
                    sink.token("c");
                    sink.usage(7, 3);
                });
        for (TokenGenerator g : generators) {
            try (InProcessBackend backend = InProcessBackend.of(g)) {
                RecordingListener l = new RecordingListener();
                backend.send(request(3), l);
                l.await();
                assertThat(l.violations()).isEmpty();
                assertThat(l.error()).as(g.toString()).isNull();
                assertThat(l.text()).isEqualTo("abc");
                assertThat(l.tokens()).isEqualTo(3);
            }
        }
    }

    @Test
    void exceptionsBecomeTypedErrors() throws Exception {
        TokenGenerator failing = (r, sink) -> {
            sink.token("x");
            throw new IllegalStateException("model exploded");
        };
        TokenGenerator failingPublisher = TokenGenerator.fromPublisher(r -> s -> {
            s.onSubscribe(new Flow.Subscription() {
                public void request(long n) { }
                public void cancel() { }
            });
            s.onError(new IOException("weights missing"));
        });
        for (TokenGenerator g : List.of(failing, failingPublisher)) {
            try (InProcessBackend backend = InProcessBackend.of(g)) {
                RecordingListener l = new RecordingListener();
                backend.send(request(3), l);
                l.await();
                assertThat(l.violations()).isEmpty();
                assertThat(l.error().kind()).isEqualTo(ErrorKind.BACKEND_EXCEPTION);
                assertThat(l.error().message()).matches("java\\.(lang\\.IllegalStateException: model exploded|io\\.IOException: weights missing)");
                assertThat(backend.inFlight()).isZero();
            }
        }
    }

    @Test
    void cancellationInterruptsTheWorkerAndEndsWithCancelled() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        TokenGenerator blocking = (r, sink) -> {
            sink.token("first");
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.set(true);
                sink.token("after cancel"); // must throw, not reach the listener
            }
        };
        try (InProcessBackend backend = InProcessBackend.of(blocking)) {
            RecordingListener l = new RecordingListener();
            RequestHandle h = backend.send(request(3), l);
            assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
            long t0 = System.nanoTime();
            h.cancel();
            h.cancel();
            l.await(Duration.ofSeconds(2));
            assertThat(System.nanoTime() - t0).isLessThan(TimeUnit.SECONDS.toNanos(2));
            assertThat(l.error().kind()).isEqualTo(ErrorKind.CANCELLED);
            sleep(100);
            assertThat(interrupted).isTrue();
            assertThat(l.violations()).isEmpty();
            assertThat(l.terminalCount()).isEqualTo(1);
            assertThat(l.text()).isEqualTo("first");
            assertThat(backend.inFlight()).isZero();
        }
    }

    @Test
    void workersAreBoundedNamedAndGoneAfterClose() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        List<String> names = new ArrayList<>();
        TokenGenerator g = (r, sink) -> {
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            synchronized (names) {
                names.add(Thread.currentThread().getName());
            }
            Thread.sleep(50);
            sink.token("x");
            running.decrementAndGet();
        };
        InProcessBackend backend = InProcessBackend.builder(g).name("pool").threads(2).build();
        List<RecordingListener> ls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            RecordingListener l = new RecordingListener();
            ls.add(l);
            backend.send(request(1), l);
        }
        for (RecordingListener l : ls) assertThat(l.await().error()).isNull();
        assertThat(peak.get()).isEqualTo(2);
        assertThat(names).allMatch(n -> n.matches("benchsuite-inprocess-pool-[12]"));
        // queued requests report onSent when a worker takes them, so the wait shows as schedule lag
        assertThat(ls.get(5).sentNanos() - ls.get(0).sentNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(95));
        backend.close();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("benchsuite-inprocess-pool") && t.isAlive());
        RecordingListener after = new RecordingListener();
        backend.send(request(1), after);
        assertThat(after.await().error().kind()).isEqualTo(ErrorKind.REJECTED);
        assertThat(after.error().message()).isEqualTo("in-process backend 'pool' is closed");
    }

    @Test
    void closeCancelsRequestsStillRunning() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        InProcessBackend backend = InProcessBackend.of((r, sink) -> {
            started.countDown();
            Thread.sleep(60_000);
        });
        RecordingListener l = new RecordingListener();
        backend.send(request(1), l);
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        backend.close();
        assertThat(l.await(Duration.ofSeconds(1)).error().kind()).isEqualTo(ErrorKind.CANCELLED);
    }

    /** Used by the provider test: a generator the provider can instantiate by class name. */
    public static final class ThreeTokens implements TokenGenerator {
        @Override
        public void generate(InferenceRequest request, TokenSink sink) {
            Stream.of("x", "y", "z").forEach(sink::token);
        }
    }

    @Test
    void providerExplainsItsTwoUsesAndCreatesFromAClassName() throws Exception {
        BackendRegistry registry = BackendRegistry.load();
        assertThat(registry.names()).contains("inprocess");
        assertThatIllegalArgumentException().isThrownBy(() -> registry.create("inprocess", BackendConfig.empty()))
                .withMessageContaining("InProcessBackend.builder(generator)")
                .withMessageContaining("backend config key 'generator'");
        assertThatIllegalArgumentException().isThrownBy(() -> registry.create("inprocess",
                        BackendConfig.of(Map.of("generator", "com.example.Missing"))))
                .withMessage("backend config key 'generator': class 'com.example.Missing' is not on the class path");
        assertThatIllegalArgumentException().isThrownBy(() -> registry.create("inprocess",
                        BackendConfig.of(Map.of("generator", "java.lang.String"))))
                .withMessageContaining("does not implement io.benchsuite.backends.inprocess.TokenGenerator");
        try (var backend = registry.create("inprocess", BackendConfig.of(Map.of("generator", ThreeTokens.class.getName(),
                "max-concurrency", "3")))) {
            assertThat(backend.info().details()).containsEntry("threads", "3");
            assertThat(backend.info().model()).isEqualTo("ThreeTokens");
            RecordingListener l = new RecordingListener();
            backend.send(request(3), l);
            assertThat(l.await().text()).isEqualTo("xyz");
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
