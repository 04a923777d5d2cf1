package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import io.benchsuite.core.internal.aggregate.RunAggregator;
import io.benchsuite.core.internal.dispatch.Dispatcher;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.tck.ForwardingBackend;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine end to end in real time, against in-process backends whose timing we control. The exact
 * arithmetic (offsets, gaps, latencies, slot waits, per-second series) is asserted on a clock the
 * tests set in {@link RequestTrackerTest}, {@code DispatcherTest} and {@code RunAggregatorTest}; here
 * the question is whether real threads and timers deliver it. The scripted backend stamps each token
 * no earlier than its delay after the previous one (a scheduled executor never fires early), so lower
 * bounds are the truth itself. On a loaded 2-core machine wake-ups slip by tens of milliseconds (90 ms
 * seen once under a parallel build, 110 ms with two other builds on the same 2 cores), so upper
 * bounds allow that (stated per assertion): a single request may be up to 250 ms late, and with the
 * machine's cores oversubscribed every timer slips, so medians and means may be up to 60 ms late
 * (mean ITL 17.6 ms for a truth of 8 was seen with two CPU-bound processes beside a build). A gross
 * error (latency from the wrong instant) is seconds, not milliseconds.
 */
class RunEngineTest {
    private static Benchmark.Builder bench(String name, Backend backend, Workload workload) {
        return Benchmark.named(name).backend(backend).workload(workload).seed(SeedChain.fromLong(42)).model("m")
                .retainRequests(true);
    }

    @Test
    void theRehearsalBeforeTheClockLeavesNoTraceInTheRun() {
        // the engine runs a tracker through an answer and a failure before the clock (Rehearsal): none of
        // it may reach a listener, a count, an error figure or the token totals
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(5), Duration.ofMillis(1))) {
            Workload w = Workload.closed(1).maxRequests(3).inputTokens(LengthDistribution.fixed(16))
                    .outputTokens(LengthDistribution.fixed(4)).build();
            List<RequestRecord> heard = new CopyOnWriteArrayList<>();
            RunResult r = bench("rehearsal", backend, w).listener(new RunListener() {
                @Override
                public void onRequestFinished(RequestRecord record) {
                    heard.add(record);
                }
            }).run();

            assertThat(heard).hasSize(3).allMatch(RequestRecord::succeeded);
            assertThat(heard).extracting(RequestRecord::index).containsExactlyInAnyOrder(0L, 1L, 2L);
            RunSummary.Counts c = r.summary().counts();
            assertThat(c.measured()).isEqualTo(3);
            assertThat(c.succeeded()).isEqualTo(3);
            assertThat(c.failed()).isZero();
            assertThat(r.summary().tokens().output()).isEqualTo(12);
            assertThat(r.summary().tokens().input()).isEqualTo(48);
        }
    }

    @Test
    void theRehearsalFoldsItsFinishedRequestsIntoAThrowawayAggregator() {
        Workload w = Workload.closed(1).maxRequests(3).build();
        RunAggregator aggregator = new RunAggregator(w, Slo.none(), true);
        assertThat(Rehearsal.run(Tokenizers.cl100k(), SecretMask.none(), List.of(), aggregator)).isNull();
        // an answer and a failure per rehearsal, each folded as a finished request is
        assertThat(aggregator.retained()).hasSize(2 * Rehearsal.TIMES);
        assertThat(aggregator.retained()).filteredOn(RequestRecord::succeeded).hasSize(Rehearsal.TIMES);
    }

    /** A backend that counts its warm-ups and remembers when it was asked to send (delegating the rest). */
    private static final class WarmUpWatcher extends ForwardingBackend {
        private final boolean failWarmUp;
        final List<String> events = new CopyOnWriteArrayList<>();

        WarmUpWatcher(Backend inner, boolean failWarmUp) {
            super(inner);
            this.failWarmUp = failWarmUp;
        }

        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            events.add("send");
            return super.send(request, listener);
        }

        @Override
        public void warmUp() {
            events.add("warm-up");
            if (failWarmUp) throw new IllegalStateException("no loopback here");
        }
    }

    @Test
    void theBackendAndTheDecoratorsWarmUpOnceAfterTheListenersStartAndBeforeTheFirstRequest() {
        try (ScriptedBackend scripted = new ScriptedBackend(Duration.ofMillis(2), Duration.ofMillis(1))) {
            WarmUpWatcher backend = new WarmUpWatcher(scripted, false);
            AtomicInteger rehearsals = new AtomicInteger();
            AtomicInteger decorated = new AtomicInteger();
            Workload w = Workload.closed(2).maxRequests(6).inputTokens(LengthDistribution.fixed(16))
                    .outputTokens(LengthDistribution.fixed(2)).build();
            RunResult r = bench("warm-up", backend, w).listener(new RunListener() {
                @Override
                public void onRunStarted(RunInfo info) {
                    backend.events.add("run started");
                }
            }).decorator(new RequestDecorator() {
                @Override
                public Decorated decorate(InferenceRequest request, ResponseListener downstream) {
                    decorated.incrementAndGet();
                    return new Decorated(request, downstream);
                }

                @Override
                public void rehearse() {
                    rehearsals.incrementAndGet();
                }
            }).run();

            assertThat(r.requests()).hasSize(6).allMatch(RequestRecord::succeeded);
            assertThat(backend.events.subList(0, 3)).containsExactly("run started", "warm-up", "send");
            assertThat(backend.events).filteredOn("warm-up"::equals).hasSize(1);
            // rehearsed TIMES times, and again as often for each look while the compilers settle before the clock
            assertThat(rehearsals.get()).as("the decorator's rehearsals, none of them a request")
                    .isGreaterThanOrEqualTo(Rehearsal.TIMES).matches(n -> n % Rehearsal.TIMES == 0, "a multiple of TIMES");
            assertThat(decorated).as("requests decorated").hasValue(6);
        }
    }

    /** A decorator that passes requests through and runs {@code rehearsal} as its rehearsal. */
    private static RequestDecorator rehearsing(Runnable rehearsal) {
        return new RequestDecorator() {
            @Override
            public Decorated decorate(InferenceRequest request, ResponseListener downstream) {
                return new Decorated(request, downstream);
            }

            @Override
            public void rehearse() {
                rehearsal.run();
            }
        };
    }

    @Test
    void aWarmUpThatFailsOnlyMeansAColderStart() {
        try (ScriptedBackend scripted = new ScriptedBackend(Duration.ofMillis(2), Duration.ofMillis(1))) {
            WarmUpWatcher backend = new WarmUpWatcher(scripted, true);
            Workload w = Workload.closed(1).maxRequests(3).inputTokens(LengthDistribution.fixed(16))
                    .outputTokens(LengthDistribution.fixed(2)).build();
            AtomicInteger failing = new AtomicInteger();
            AtomicInteger other = new AtomicInteger();
            RunResult r = bench("cold", backend, w).decorator(rehearsing(() -> {
                failing.incrementAndGet();
                throw new IllegalStateException("no rehearsal here");
            })).decorator(rehearsing(other::incrementAndGet)).run();

            assertThat(r.status()).isEqualTo(RunResult.Status.COMPLETED);
            assertThat(r.requests()).hasSize(3).allMatch(RequestRecord::succeeded);
            assertThat(backend.events).startsWith("warm-up", "send");
            assertThat(failing).as("a decorator whose rehearsal threw is not asked again").hasValue(1);
            // TIMES times, and again as often for each look while the compilers settle before the clock
            assertThat(other.get()).as("the next decorator still rehearses").isGreaterThanOrEqualTo(Rehearsal.TIMES)
                    .matches(n -> n % Rehearsal.TIMES == 0, "a multiple of TIMES");
        }
    }

    @Test
    void listenersHearEveryRequestOffTheBackendsThreadsAndBeforeTheRunFinishes() {
        // what a listener does (the request log, a user's callback) must not delay the thread that read a
        // request's end: the engine hands records to a thread of the run's own, and drains it before the result
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(2), Duration.ofMillis(1))) {
            Workload w = Workload.closed(4).maxRequests(40).inputTokens(LengthDistribution.fixed(16))
                    .outputTokens(LengthDistribution.fixed(3)).build();
            List<String> threads = new CopyOnWriteArrayList<>();
            AtomicInteger heardAtFinish = new AtomicInteger(-1);
            RunResult r = bench("relay", backend, w).listener(new RunListener() {
                @Override
                public void onRequestFinished(RequestRecord record) {
                    threads.add(Thread.currentThread().getName());
                }

                @Override
                public void onRunFinished(RunResult result) {
                    heardAtFinish.set(threads.size());
                }
            }).run();

            assertThat(r.requests()).hasSize(40);
            assertThat(threads).hasSize(40).allMatch(t -> t.equals("benchsuite-listeners-relay"));
            assertThat(heardAtFinish).as("records heard when the run finished").hasValue(40);
            assertThat(Thread.getAllStackTraces().keySet()).as("the relay's thread ends with the run")
                    .noneMatch(t -> t.getName().equals("benchsuite-listeners-relay") && t.isAlive());
        }
    }

    @Test
    void measuresControlledTtftItlAndE2ePerRequest() {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(40), Duration.ofMillis(8))) {
            Workload w = Workload.closed(2).maxRequests(20).inputTokens(LengthDistribution.fixed(32))
                    .outputTokens(LengthDistribution.fixed(10)).build();
            RunResult r = bench("timing", backend, w).run();

            assertThat(r.status()).isEqualTo(RunResult.Status.COMPLETED);
            assertThat(r.requests()).hasSize(20).allMatch(RequestRecord::succeeded);
            for (RequestRecord rec : r.requests()) {
                assertThat(rec.ttftNanos() / 1e6).as("TTFT of request %d (truth 40 ms)", rec.index()).isBetween(40.0, 290.0);
                assertThat(rec.itl().size()).isEqualTo(9);
                for (int i = 0; i < rec.itl().size(); i++) {
                    assertThat(rec.itl().get(i) / 1e6).as("ITL gap (truth 8 ms, + scheduling delay)").isBetween(8.0, 258.0);
                }
                // truth: 40 + 9 x 8 = 112 ms
                assertThat(rec.e2eNanos() / 1e6).as("E2E (truth 112 ms)").isBetween(112.0, 362.0);
                assertThat(rec.outputTokens()).isEqualTo(10);
            }
            RunSummary s = r.summary();
            assertThat(s.ttft().p50()).as("median TTFT (truth 40 ms)").isBetween(40.0, 100.0);
            assertThat(s.itl().mean()).as("mean ITL (truth 8 ms, within the histogram's 0.1 %)").isBetween(7.99, 68.0);
            assertThat(s.tpot().p50()).as("median TPOT (truth 8 ms, within the histogram's 0.1 %)").isBetween(7.99, 68.0);
            assertThat(s.itl().count()).isEqualTo(20 * 9);
        }
    }

    @Test
    void openLoopLatencyCountsFromTheScheduleSoQueueingIsNotHidden() {
        // Server serves one request at a time in 100 ms; we ask for 20 req/s with a cap of 1.
        // Request k is scheduled at 50k ms but can only start at 100k ms: its E2E is 100 + 50k ms.
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(100), Duration.ofMillis(1))) {
            Workload w = Workload.open().rate(20).arrival(Arrival.constant()).maxConcurrency(1)
                    .duration(Duration.ofSeconds(1)).outputTokens(LengthDistribution.fixed(1))
                    .inputTokens(LengthDistribution.fixed(16)).build();
            RunResult r = bench("queueing", backend, w).run();

            List<RequestRecord> recs = r.requests();
            assertThat(recs).hasSize(20);
            RequestRecord last = recs.get(19);
            assertThat(last.scheduledOffsetNanos() / 1e6).isCloseTo(950.0, Assertions.within(0.001));
            assertThat(last.e2eNanos() / 1e6).as("last E2E from schedule (truth 1050 ms)").isBetween(1050.0, 1400.0);
            assertThat(last.ttftFromSendNanos() / 1e6).as("server-side TTFT (truth 100 ms)").isBetween(100.0, 350.0);
            assertThat(last.slotWaitNanos() / 1e6).as("slot wait (truth 950 ms)").isBetween(900.0, 1300.0);
            RunSummary s = r.summary();
            assertThat(s.e2e().max()).isGreaterThan(1000);
            assertThat(s.ttftFromSend().p99()).as("the slowest of 20 (truth 100 ms)").isLessThan(350);
            assertThat(s.dispatchLag().p99()).as("the client's own timer stays on schedule (slot waits are ~1 s; a loaded machine delays a wake-up by up to ~250 ms)").isLessThan(250);
            assertThat(s.counts().waitedForSlot()).isGreaterThanOrEqualTo(18);
            assertThat(s.targetRate()).isCloseTo(20.0, Assertions.within(1e-9));
            assertThat(s.scheduledRate()).as("the schedule drew exactly 20 in 1 s").isCloseTo(20.0, Assertions.within(1e-9));
            assertThat(s.achievedRate()).as("the capped client could not keep the rate").isLessThan(12);
            assertThat(backend.maxInFlight()).isEqualTo(1);
        }
    }

    @Test
    void concurrencyCapIsNeverExceeded() {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(50), Duration.ofMillis(1))) {
            Workload w = Workload.open().rate(200).arrival(Arrival.poisson()).maxConcurrency(4)
                    .maxRequests(60).outputTokens(LengthDistribution.fixed(1)).inputTokens(LengthDistribution.fixed(8))
                    .build();
            RunResult r = bench("cap", backend, w).run();
            assertThat(backend.maxInFlight()).isEqualTo(4);
            assertThat(r.requests()).hasSize(60).allMatch(RequestRecord::succeeded);
            // no instant has more than 4 requests between send and end
            long[][] spans = r.requests().stream()
                    .map(x -> new long[] {x.sentOffsetNanos(), x.endOffsetNanos()}).toArray(long[][]::new);
            for (long[] a : spans) {
                int overlapping = 0;
                for (long[] b : spans) if (b[0] <= a[0] && a[0] < b[1]) overlapping++;
                assertThat(overlapping).isLessThanOrEqualTo(4);
            }
        }
    }

    @Test
    void warmupAndCooldownAreLoggedButExcludedFromStatistics() {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(5), Duration.ofMillis(1))) {
            Workload w = Workload.open().rate(20).arrival(Arrival.constant()).duration(Duration.ofSeconds(2))
                    .warmup(Duration.ofMillis(500)).cooldown(Duration.ofMillis(250))
                    .outputTokens(LengthDistribution.fixed(2)).inputTokens(LengthDistribution.fixed(8)).build();
            RunResult r = bench("warmup", backend, w).run();
            // constant 20/s from t=0: 10 in [0, .5), 25 in [.5, 1.75), 5 in [1.75, 2)
            assertThat(r.requests()).hasSize(40);
            assertThat(r.requests().stream().filter(x -> x.window() == Window.WARM_UP)).hasSize(10);
            assertThat(r.requests().stream().filter(x -> x.window() == Window.COOL_DOWN)).hasSize(5);
            RunSummary s = r.summary();
            assertThat(s.counts().warmup()).isEqualTo(10);
            assertThat(s.counts().cooldown()).isEqualTo(5);
            assertThat(s.counts().measured()).isEqualTo(25);
            assertThat(s.ttft().count()).isEqualTo(25);
            assertThat(r.histograms().count(LatencyMetric.E2E)).isEqualTo(25);
        }
    }

    @Test
    void errorsAreCountedByKindAndTheRunGoesOn() {
        ScriptedBackend scripted = new ScriptedBackend(Duration.ofMillis(2), Duration.ofMillis(1), index -> {
            if (index % 3 == 0) return new BackendError(ErrorKind.HTTP_5XX, "HTTP 503 from server", 503, null);
            if (index == 4) return new BackendError(ErrorKind.HTTP_429, "HTTP 429 (Retry-After 1s)", 429, Duration.ofSeconds(1));
            return null;
        }, 2);
        Backend throwing = new Backend() {
            @Override
            public RequestHandle send(InferenceRequest request, ResponseListener listener) {
                if (request.index() == 7) throw new IllegalStateException("boom");
                return scripted.send(request, listener);
            }

            @Override
            public BackendInfo info() {
                return scripted.info();
            }

            @Override
            public void close() {
                scripted.close();
            }
        };
        try (throwing) {
            Workload w = Workload.closed(2).maxRequests(30).outputTokens(LengthDistribution.fixed(3))
                    .inputTokens(LengthDistribution.fixed(8)).build();
            RunResult r = bench("errors", throwing, w).slo(Slo.parse("e2e=10s")).run();
            RunSummary s = r.summary();
            assertThat(r.status()).isEqualTo(RunResult.Status.COMPLETED);
            assertThat(s.errorsByKind()).containsEntry("http_5xx", 10L).containsEntry("http_429", 1L)
                    .containsEntry("backend_exception", 1L).hasSize(3);
            assertThat(s.counts().failed()).isEqualTo(12);
            assertThat(s.counts().succeeded()).isEqualTo(18);
            assertThat(s.ttft().count()).as("failed requests are excluded from latency").isEqualTo(18);
            assertThat(s.goodput().met()).isEqualTo(18);
            assertThat(s.goodput().fraction()).isCloseTo(0.6, Assertions.within(1e-9));
            assertThat(r.errorSamples()).anyMatch(e -> e.message().contains("boom"));
            assertThat(r.requests().get(7).errorMessage()).contains("IllegalStateException").contains("boom");
        }
    }

    @Test
    void stopKeepsWhatWasMeasuredAndCancelsTheRest(@TempDir Path dir) throws Exception {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(50), Duration.ofMillis(50))) {
            Workload w = Workload.open().rate(10).arrival(Arrival.constant()).duration(Duration.ofSeconds(60))
                    .outputTokens(LengthDistribution.fixed(100)).inputTokens(LengthDistribution.fixed(8)).build();
            RunningBenchmark running = bench("stop", backend, w).outputDir(dir).start();
            Thread.sleep(1000);
            long t0 = System.nanoTime();
            running.stop();
            RunResult r = running.await();
            assertThat((System.nanoTime() - t0) / 1e9).as("stop is prompt").isLessThan(5);
            assertThat(r.status()).isEqualTo(RunResult.Status.STOPPED);
            assertThat(r.requests().size()).isBetween(9, 13);
            assertThat(r.requests()).allMatch(x -> x.outcome() == Outcome.CANCELLED);
            assertThat(r.summary().counts().cancelled()).isEqualTo(r.requests().size());
            JsonNode report = JsonTrees.read(dir.resolve("report.json"));
            assertThat(report.path("run").path("status").asText()).isEqualTo("stopped");
            assertThat(Files.readAllLines(dir.resolve("requests.jsonl"))).hasSize(r.requests().size());
        }
    }

    @Test
    void arrivalsBeyondWhatTheClientCanHoldAreCountedAsNotSentNotLostOrDelayed() {
        // 5,000 req/s for 1 s against one slot that never frees: the planner holds at most MAX_WAITING
        // prepared starts, every other arrival in the window must be counted as not sent. Before, the
        // arrivals that came while the planner was full vanished: scheduled stopped near 4,096 and
        // notSent stayed 0.
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofHours(1), Duration.ofMillis(1))) {
            Workload w = Workload.open().rate(5_000).arrival(Arrival.constant()).maxConcurrency(1)
                    .duration(Duration.ofSeconds(1)).outputTokens(LengthDistribution.fixed(1))
                    .inputTokens(LengthDistribution.fixed(8)).build();
            RunResult r = bench("overload", backend, w).drainTimeout(Duration.ofMillis(100)).run();
            var counts = r.summary().counts();
            assertThat(counts.notSent()).as("arrivals the client could not hold").isPositive();
            assertThat(r.requests().size() + counts.notSent()).as("every arrival of the window, sent or counted")
                    .isBetween(4_999L, 5_001L);
            assertThat(r.summary().scheduledRate()).as("the schedule drew 5,000 req/s, arrivals not sent included")
                    .isCloseTo(5_000, Assertions.within(2.0));
            assertThat(r.requests().size()).as("the line never holds more than its bound (+ the one in flight)")
                    .isLessThanOrEqualTo(Dispatcher.MAX_WAITING + 1);
        }
    }

    @Test
    void drainTimeoutCancelsRequestsThatNeverEnd() {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofHours(1), Duration.ofMillis(1))) {
            Workload w = Workload.closed(3).maxRequests(3).outputTokens(LengthDistribution.fixed(1))
                    .inputTokens(LengthDistribution.fixed(8)).build();
            RunResult r = bench("drain", backend, w).drainTimeout(Duration.ofMillis(300)).run();
            assertThat(r.status()).isEqualTo(RunResult.Status.COMPLETED);
            assertThat(r.summary().counts().cancelled()).isEqualTo(3);
        }
    }

    @Test
    void noEngineThreadOutlivesTheRun() throws Exception {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(1), Duration.ofMillis(1))) {
            bench("threads", backend, Workload.closed(2).maxRequests(10).outputTokens(LengthDistribution.fixed(2))
                    .inputTokens(LengthDistribution.fixed(8)).build()).run();
        }
        Thread.sleep(100);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.isAlive()
                && (t.getName().startsWith("benchsuite-dispatcher-threads") || t.getName().startsWith("benchsuite-planner-threads")));
    }
}
