package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import io.benchsuite.core.report.html.Headline;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.core.workload.DataInput;
import io.benchsuite.core.workload.SessionOptions;
import io.benchsuite.core.workload.ShareGptOptions;
import io.benchsuite.core.workload.ShareGptSource;
import io.benchsuite.core.workload.ThinkTime;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine on a virtual clock: with a {@link io.benchsuite.api.backend.VirtualTimeBackend} every
 * instant is simulated, so latencies, arrival instants, closed-loop sends and drain deadlines are
 * exact to the nanosecond, the same seed gives the same bytes, and the run starts no thread but its planner.
 */
class VirtualTimeRunTest {
    private static final long MS = 1_000_000L;

    private static Benchmark.Builder bench(VirtualClockBackend backend, Workload w) {
        return Benchmark.named("virtual").backend(backend).workload(w).seed(SeedChain.fromLong(7)).model("m")
                .retainRequests(true);
    }

    @Test
    void openLoopLatenciesAreExactOnTheVirtualClock() {
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of());
        Workload w = Workload.open().rate(10).arrival(Arrival.constant()).maxRequests(20)
                .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(10)).build();
        RunResult r = bench(backend, w).run();

        assertThat(r.status()).isEqualTo(RunResult.Status.COMPLETED);
        assertThat(r.info().virtualTime()).isTrue();
        assertThat(r.requests()).hasSize(20).allMatch(RequestRecord::succeeded);
        for (RequestRecord rec : r.requests()) {
            assertThat(rec.scheduledOffsetNanos()).as("arrival of request %d", rec.index()).isEqualTo(rec.index() * 100 * MS);
            assertThat(rec.dispatchOffsetNanos()).isEqualTo(rec.scheduledOffsetNanos());
            assertThat(rec.sentOffsetNanos()).isEqualTo(rec.scheduledOffsetNanos());
            assertThat(rec.ttftNanos()).isEqualTo(50 * MS);
            assertThat(rec.e2eNanos()).isEqualTo((50 + 9 * 8) * MS);
            for (int i = 0; i < rec.itl().size(); i++) assertThat(rec.itl().get(i)).isEqualTo(8 * MS);
        }
        assertThat(r.summary().ttft().p50()).isEqualTo(50.0, Offset.offset(0.05));
        // the run lasted 1.9 s + 122 ms of simulated time: every request's second is on that clock
        assertThat(r.timeSeries()).hasSize(3);
    }

    @Test
    void closedLoopUsersSendAtTheInstantTheirLastRequestEnded() {
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of());
        Workload w = Workload.closed(2).maxRequests(8).inputTokens(LengthDistribution.fixed(16))
                .outputTokens(LengthDistribution.fixed(10)).build();
        RunResult r = bench(backend, w).run();

        assertThat(r.requests()).hasSize(8).allMatch(RequestRecord::succeeded);
        assertThat(backend.sentAt).containsExactly(0L, 0L, 122 * MS, 122 * MS, 244 * MS, 244 * MS, 366 * MS, 366 * MS);
    }

    @Test
    void theDrainDeadlineCancelsAtItsSimulatedInstant() {
        // 1 s of arrivals at 10/s, each request streaming for 50 ms + 999 x 8 ms: the drain deadline is
        // 2 s after the schedule's end, and what is still running ends cancelled right then
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of());
        Workload w = Workload.open().rate(10).arrival(Arrival.constant()).duration(Duration.ofSeconds(1))
                .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(1000)).build();
        RunResult r = bench(backend, w).drainTimeout(Duration.ofSeconds(2)).run();

        assertThat(r.requests()).hasSize(10).allMatch(rec -> rec.outcome() == Outcome.CANCELLED);
        for (RequestRecord rec : r.requests()) {
            // the schedule ended with its last arrival (900 ms: the next would be at the window's end)
            assertThat(rec.endOffsetNanos()).isEqualTo(2900 * MS);
            // tokens every 8 ms from 50 ms after the send until then: all of them, none later
            assertThat(rec.streamedTokens()).isEqualTo((int) ((2900 * MS - rec.sentOffsetNanos() - 50 * MS) / (8 * MS)) + 1);
        }
    }

    @Test
    void theRunStartsOnlyItsPlannerAndCallsListenersOnTheCallersThread() {
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        Thread caller = Thread.currentThread();
        List<Thread> newDuringRun = new ArrayList<>();
        List<Thread> listenerThreads = new ArrayList<>();
        RunListener watcher = new RunListener() {
            @Override
            public void onRequestFinished(RequestRecord record) {
                listenerThreads.add(Thread.currentThread());
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (!before.contains(t) && !newDuringRun.contains(t)) newDuringRun.add(t);
                }
            }
        };
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of(3L));
        Workload w = Workload.open().rate(50).maxRequests(200).inputTokens(LengthDistribution.fixed(16))
                .outputTokens(LengthDistribution.fixed(20)).build();
        RunResult r = bench(backend, w).listener(watcher).run();

        assertThat(r.requests()).hasSize(200);
        // the planner prepares starts ahead on its thread (PlanQueue); nothing else is started, and it ends with the run
        assertThat(newDuringRun).as("threads started during the run").extracting(Thread::getName)
                .allMatch(n -> n.startsWith("benchsuite-planner-"));
        assertThat(listenerThreads).hasSize(200).containsOnly(caller);
        Set<Thread> after = new HashSet<>(Thread.getAllStackTraces().keySet());
        after.removeAll(before);
        assertThat(after).as("threads alive after the run").isEmpty();
    }

    @Test
    void theSameSeedWritesTheSameRequestLogByteForByte(@TempDir Path dir) throws Exception {
        byte[] first = logOf(dir.resolve("a"));
        byte[] second = logOf(dir.resolve("b"));
        assertThat(first).isEqualTo(second);
        String text = new String(first, StandardCharsets.UTF_8);
        // Poisson arrivals, a failing request and requests cut off by the drain deadline are all in it
        assertThat(text).contains("\"outcome\":\"failed\"").contains("\"outcome\":\"cancelled\"")
                .contains("\"outcome\":\"success\"");
        assertThat(text.lines().count()).isGreaterThan(100);
    }

    private static byte[] logOf(Path dir) throws Exception {
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of(5L, 17L));
        Workload w = Workload.open().rate(40).duration(Duration.ofSeconds(5)).inputTokens(LengthDistribution.uniform(8, 64))
                .outputTokens(LengthDistribution.uniform(10, 400)).build();
        RunResult r = bench(backend, w).drainTimeout(Duration.ofSeconds(1)).outputDir(dir).run();
        assertThat(r.summary().errorsByKind()).containsKeys(ErrorKind.HTTP_5XX.label(), ErrorKind.CANCELLED.label());
        return Files.readAllBytes(dir.resolve("requests.jsonl"));
    }

    @Test
    void awaitWithATimeoutSimulatesInSlicesToTheSameResult(@TempDir Path dir) throws Exception {
        Workload w = Workload.open().rate(100).maxRequests(3000).inputTokens(LengthDistribution.fixed(16))
                .outputTokens(LengthDistribution.fixed(30)).build();
        RunResult whole = bench(new VirtualClockBackend(50 * MS, 8 * MS, Set.of()), w).outputDir(dir.resolve("whole")).run();

        RunningBenchmark running = bench(new VirtualClockBackend(50 * MS, 8 * MS, Set.of()), w)
                .outputDir(dir.resolve("sliced")).start();
        int slices = 0;
        RunResult sliced;
        while ((sliced = running.await(Duration.ofNanos(1))) == null) {
            slices++;
            assertThat(running.live().completed()).isLessThan(3000);
        }
        assertThat(slices).as("calls that returned before the end").isGreaterThan(1);
        assertThat(sliced.summary().counts().succeeded()).isEqualTo(3000);
        assertThat(Files.readAllBytes(dir.resolve("sliced/requests.jsonl")))
                .isEqualTo(Files.readAllBytes(dir.resolve("whole/requests.jsonl")));
        assertThat(whole.summary().ttft().p99()).isEqualTo(sliced.summary().ttft().p99());
    }

    @Test
    void aStopFromAListenerEndsTheRunAtThatInstant() {
        AtomicReference<RunningBenchmark> handle = new AtomicReference<>();
        RunListener stopper = new RunListener() {
            @Override
            public void onRequestFinished(RequestRecord record) {
                if (record.index() == 9) handle.get().stop();
            }
        };
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of());
        Workload w = Workload.open().rate(10).arrival(Arrival.constant()).maxRequests(1000)
                .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(10)).build();
        RunningBenchmark running = bench(backend, w).listener(stopper).start();
        handle.set(running);
        RunResult r;
        try {
            r = running.await();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertThat(r.status()).isEqualTo(RunResult.Status.STOPPED);
        // request 9 ends at 900 + 122 ms; by then 10 and 11 were sent (at 1000 and 1100 ms would be 11: not yet)
        assertThat(r.requests()).hasSize(11);
        assertThat(r.requests().get(10).outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(r.requests().get(10).endOffsetNanos()).isEqualTo(1022 * MS);
    }

    @Test
    void theBackendsEngineSnapshotsBecomeTheEngineSnapshotSection(@TempDir Path dir) {
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of());
        Workload w = Workload.open().rate(10).arrival(Arrival.constant()).maxRequests(25)
                .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(10)).build();
        RunResult r = bench(backend, w).outputDir(dir).run();

        assertThat(backend.engineSnapshotCalls).as("one at the start, one at the end").isEqualTo(2);
        assertThat(backend.warmUps).as("warm-ups in a virtual-time run (nothing there runs on a JIT's clock)").isZero();
        EngineSnapshotSection d = r.section(EngineSnapshotSection.class).orElseThrow();
        assertThat(d.source()).isEqualTo("virtual-clock");
        assertThat(d.origin()).isEqualTo("engine");
        assertThat(d.peakMemoryBytes()).isEqualTo(20e9);
        assertThat(d.kvCacheFragmentation().mean()).isEqualTo(0.25);
        assertThat(d.prefixCache().hitRate()).isEqualTo(0.25);
        assertThat(d.prefixCache().queryTokens()).as("the run's lookups only").isEqualTo(1000);
        assertThat(d.energy().joulesPerOutputToken()).isEqualTo(0.5);
        assertThat(d.timeSeries()).extracting(EngineSnapshotSection.Second::memoryBytes).containsExactly(17e9, 20e9, 18e9);
        EngineSnapshotSection back = ReportJson.read(dir.resolve("report.json")).section(EngineSnapshotSection.class).orElseThrow();
        assertThat(back.kvCacheFragmentation()).isEqualTo(d.kvCacheFragmentation());
        assertThat(back.prefixCache()).isEqualTo(d.prefixCache());
        assertThat(back.timeSeries()).isEqualTo(d.timeSeries());
        assertThat(back.energy().meanPowerW()).isEqualTo(d.energy().meanPowerW(), Offset.offset(1e-6));

        // report.json says where each figure came from: no host, GPU or server telemetry, so the engine's own accounting
        JsonNode json = JsonTrees.read(dir.resolve("report.json"));
        assertThat(json.has("device")).as("one section, not two").isFalse();
        assertThat(json.has("engine")).isFalse();
        assertThat(json.at("/figureSources/energyPerToken/value").asDouble()).isEqualTo(0.5);
        assertThat(json.at("/figureSources/energyPerToken/source").asText()).isEqualTo("engine");
        assertThat(json.at("/figureSources/energyPerToken/pointer").asText()).isEqualTo("/engineSnapshot/energy/joulesPerOutputToken");
        assertThat(json.at("/figureSources/kvCacheHitRate/value").asDouble()).isEqualTo(0.25);
        assertThat(json.at("/figureSources/kvCacheHitRate/source").asText()).isEqualTo("engine");
        assertThat(json.at("/figureSources/memoryPeak/value").asDouble()).isEqualTo(20e9);
        assertThat(json.at("/figureSources/memoryPeak/source").asText()).isEqualTo("engine");
        assertThat(json.at("/figureSources/memoryFragmentation/source").asText()).isEqualTo("engine");

        // the headline reads them, each labelled with its source: no host or server telemetry was recorded, yet these four are known
        Map<String, Headline> headline = new HashMap<>();
        for (Headline h : Headline.of(ReportJson.read(dir))) headline.put(h.key(), h);
        assertThat(figure(headline.get("kvCacheHitRate"), "engine")).isEqualTo(0.25);
        assertThat(figure(headline.get("memoryPeak"), "engine")).isEqualTo(20e9);
        assertThat(figure(headline.get("memoryFragmentation"), "KV mean (engine)")).isEqualTo(0.25);
        assertThat(headline.get("memoryFragmentation").figures()).extracting(Headline.Figure::pointer)
                .contains("/engineSnapshot/kvCacheFragmentation/max");
        assertThat(figure(headline.get("energyPerToken"), "engine")).isEqualTo(0.5);
        assertThat(headline.get("energyPerToken").definition()).contains("the engine's own accounting");
    }

    private static double figure(Headline h, String label) {
        assertThat(h.absent()).as("%s absent: %s", h.key(), h.absentWhy()).isFalse();
        return h.figures().stream().filter(f -> f.label().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError(h.key() + " has no figure '" + label + "': " + h.figures())).value();
    }

    @Test
    void listenersAreToldTheRunIsOnAVirtualClock() {
        AtomicReference<RunInfo> seen = new AtomicReference<>();
        RunListener l = new RunListener() {
            @Override
            public void onRunStarted(RunInfo info) {
                seen.set(info);
            }
        };
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of());
        Workload w = Workload.closed(1).maxRequests(3).inputTokens(LengthDistribution.fixed(16))
                .outputTokens(LengthDistribution.fixed(10)).build();
        bench(backend, w).listener(l).run();
        RunInfo info = seen.get();
        assertThat(info.virtualTime()).isTrue();
        // virtual instants are placed on the wall clock from the run's start: 1 s simulated is 1 s after it
        long origin = info.startedAt().getEpochSecond() * 1_000_000_000L + info.startedAt().getNano();
        assertThat(info.clock().epochNanos(1_000_000_000L)).isEqualTo(origin + 1_000_000_000L);
    }

    @Test
    void sessionsSendEachLaterTurnExactlyOneThinkTimeAfterTheAnswerWithNoSessionThread() {
        StringBuilder json = new StringBuilder("[");
        for (int c = 0; c < 20; c++) {
            if (c > 0) json.append(", ");
            json.append("{\"id\": \"c").append(c).append("\", \"conversations\": [");
            for (int t = 0; t < 6; t++) {
                if (t > 0) json.append(", ");
                json.append("{\"from\": \"").append(t % 2 == 0 ? "human" : "gpt").append("\", \"value\": \"turn ")
                        .append(t).append(" of conversation ").append(c).append(" about threads and processes\"}");
            }
            json.append("]}");
        }
        byte[] bytes = json.append("]").toString().getBytes(StandardCharsets.UTF_8);
        ShareGptSource source = new ShareGptSource(
                DataInput.of("conv.json", () -> new ByteArrayInputStream(bytes)),
                ShareGptOptions.builder().sessions(true).build());
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        List<Thread> newDuringRun = new ArrayList<>();
        RunListener watcher = new RunListener() {
            @Override
            public void onRequestFinished(RequestRecord record) {
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (!before.contains(t) && !newDuringRun.contains(t)) newDuringRun.add(t);
                }
            }
        };
        VirtualClockBackend backend = new VirtualClockBackend(50 * MS, 8 * MS, Set.of());
        Workload w = Workload.closed(4).source(source).build();
        RunResult r = bench(backend, w).listener(watcher).sessions(SessionOptions.DEFAULTS
                .withThinkTime(ThinkTime.fixed(Duration.ofMillis(30)))).run();

        // later turns are prepared on the run's own thread (no session preparer); the planner runs ahead on its
        // thread in virtual time too (PlanQueue) and ends with the run
        assertThat(newDuringRun).as("threads started during the run").extracting(Thread::getName)
                .allMatch(n -> n.startsWith("benchsuite-planner-"));
        for (Thread t : newDuringRun) {
            assertThat(t.isAlive()).as("%s after the run", t.getName()).isFalse();
        }
        assertThat(r.requests()).hasSize(60).allMatch(RequestRecord::succeeded);
        Map<String, List<RequestRecord>> bySession = new TreeMap<>();
        for (RequestRecord rec : r.requests()) bySession.computeIfAbsent(rec.sessionId(), k -> new ArrayList<>()).add(rec);
        assertThat(bySession).hasSize(20);
        for (List<RequestRecord> turns : bySession.values()) {
            turns.sort(Comparator.comparingInt(RequestRecord::turn));
            assertThat(turns).extracting(RequestRecord::turn).containsExactly(1, 2, 3);
            for (int i = 1; i < turns.size(); i++) {
                assertThat(turns.get(i).scheduledOffsetNanos() - turns.get(i - 1).endOffsetNanos())
                        .as("think time after the answer, to the nanosecond").isEqualTo(30 * MS);
            }
        }
    }
}
