package io.benchsuite.core.engine;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Phase;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.LiveStats;
import io.benchsuite.core.RequestDecorator;
import io.benchsuite.core.RunInfo;
import io.benchsuite.core.RunListener;
import io.benchsuite.core.RunResult;
import io.benchsuite.core.schedule.ArrivalTimes;
import io.benchsuite.core.schedule.PlannedRequest;
import io.benchsuite.core.schedule.RequestPlanner;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import io.benchsuite.core.report.ReportJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one workload against one backend: the open- or closed-loop dispatcher.
 *
 * <p>One dispatcher thread owns the schedule. It wakes at each request's scheduled instant (parking
 * until ~100 µs before it, then spinning), stamps the dispatch time, and sends the request if a
 * concurrency slot is free; otherwise the request waits in a FIFO and is sent when a slot frees. The
 * scheduled instant, dispatch instant and send instant are all recorded, so timer lateness
 * (dispatch lag) and slot wait are reported separately, and every latency counts from the
 * scheduled instant: a slow server (or client) cannot hide behind a late send (no coordinated
 * omission). Scheduled instants come from {@link ArrivalTimes}, computed from the previous exact
 * instant, so no drift accumulates. The in-flight count never exceeds the cap: a slot is taken
 * under the lock before sending and returned only after the request's terminal event.
 *
 * <p>Use through {@link io.benchsuite.core.Benchmark}.
 */
public final class RunEngine {
    private static final Logger log = LoggerFactory.getLogger(RunEngine.class);
    private static final long SPIN_NANOS = 200_000;
    private static final long STOP_GRACE_NANOS = 2_000_000_000L;

    private final RunInfo info;
    private final Backend backend;
    private final Workload workload;
    private final String model;
    private final Tokenizer tokenizer;
    private final List<RunListener> listeners;
    private final List<RequestDecorator> decorators;
    private final long drainTimeoutNanos;
    private final SecretMask secrets;
    private final RunAggregator aggregator;
    private final PlanQueue plans;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final PriorityQueue<Timed> timed = new PriorityQueue<>();
    private final ArrayDeque<Due> ready = new ArrayDeque<>();
    private final Set<RequestTracker> active = ConcurrentHashMap.newKeySet();
    private final int cap;
    private final ArrivalTimes arrivals;
    private final RateProfile users;
    private final Duration thinkTime;
    private final long lengthNanos;
    private final long maxRequests;

    private long runStart;
    private int inFlight;
    private long nextIndex;
    private long scheduledCount;
    private long timedSeq;
    private int liveUsers;
    private int nextUserId;
    private boolean exhausted;
    private volatile boolean stopRequested;
    private boolean drainExpired;
    private volatile long scheduleEnd = Long.MAX_VALUE;
    private Thread thread;
    private volatile RunResult result;
    private volatile Throwable failure;

    /**
     * @param info run identity (its scenario seed drives arrivals and prompts)
     * @param backend where requests go (not closed by the engine)
     * @param planner request contents by index
     * @param model model name to put in requests
     * @param tokenizer counts output text when the server gives no usage
     * @param listeners observers
     * @param decorators request wrappers (tracing)
     * @param drainTimeout after the schedule ends, how long to wait for in-flight requests before cancelling them
     * @param secrets masks secrets in error messages before they are recorded (a second line of
     *     defence behind the backend's own masking: a plugin may forget)
     */
    public RunEngine(RunInfo info, Backend backend, RequestPlanner planner, String model, Tokenizer tokenizer,
                     List<RunListener> listeners, List<RequestDecorator> decorators, Duration drainTimeout,
                     SecretMask secrets) {
        this.info = notNull(info, "info");
        this.backend = notNull(backend, "backend");
        this.workload = info.workload();
        this.model = notNull(model, "model");
        this.tokenizer = notNull(tokenizer, "tokenizer");
        this.listeners = List.copyOf(notNull(listeners, "listeners"));
        this.decorators = List.copyOf(notNull(decorators, "decorators"));
        this.drainTimeoutNanos = notNull(drainTimeout, "drainTimeout").toNanos();
        this.secrets = notNull(secrets, "secrets");
        this.aggregator = new RunAggregator(workload, info.slo());
        this.lengthNanos = workload.length().map(Duration::toNanos).orElse(Long.MAX_VALUE);
        this.maxRequests = workload.maxRequests();
        this.plans = new PlanQueue(notNull(planner, "planner"), maxRequests, workload.inputTokens().max(), info.name());
        if (workload.load() instanceof LoadModel.OpenLoop open) {
            this.cap = open.maxConcurrency();
            this.arrivals = new ArrivalTimes(open.arrival(), open.rate(),
                    new SplittableRandom(info.scenario().streamSeed("arrivals")));
            this.users = null;
            this.thinkTime = Duration.ZERO;
        } else {
            LoadModel.ClosedLoop closed = (LoadModel.ClosedLoop) workload.load();
            this.cap = Integer.MAX_VALUE;
            this.arrivals = null;
            this.users = closed.users();
            this.thinkTime = closed.thinkTime();
        }
    }

    /** Starts the run on a new thread and returns at once. */
    public synchronized void start() {
        if (thread != null) throw new IllegalStateException("run already started");
        for (RunListener l : listeners) safely(() -> l.onRunStarted(info));
        plans.start();
        try {
            plans.awaitPrepared(Math.min(cap, 64));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread = new Thread(this::runSafely, "benchsuite-dispatcher-" + info.name());
        thread.setDaemon(true);
        runStart = System.nanoTime();
        thread.start();
    }

    /** Asks the run to stop: nothing new is sent, in-flight requests are cancelled, and the result keeps what was measured. */
    public void stop() {
        stopRequested = true;
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Waits for the result. */
    public RunResult await() throws InterruptedException {
        thread.join();
        if (failure != null) {
            throw new IllegalStateException("the run failed: " + failure.getMessage(), failure);
        }
        return result;
    }

    /** Waits up to {@code timeout}; null when the run is still going. */
    public RunResult await(Duration timeout) throws InterruptedException {
        thread.join(Math.max(1, timeout.toMillis()));
        if (thread.isAlive()) return null;
        return await();
    }

    /** A snapshot of the run so far. */
    public LiveStats live() {
        long now = System.nanoTime() - runStart;
        long scheduled;
        int flying, waiting;
        lock.lock();
        try {
            scheduled = scheduledCount;
            flying = inFlight;
            waiting = ready.size();
        } finally {
            lock.unlock();
        }
        return aggregator.live(now, scheduled, flying, waiting);
    }

    private void runSafely() {
        try {
            boolean stopped = dispatch();
            RunResult r = new RunResult(info, stopped ? RunResult.Status.STOPPED : RunResult.Status.COMPLETED,
                    Instant.now(), aggregator.summary(stopped ? scheduleEnd : Long.MAX_VALUE), aggregator.histograms(), aggregator.timeSeries(),
                    aggregator.records(), aggregator.errorSamples(), collectSections());
            result = r;
            for (RunListener l : listeners) safely(() -> l.onRunFinished(r));
        } catch (Throwable t) {
            failure = t;
            log.error("run '{}' failed", info.name(), t);
        } finally {
            plans.close();
        }
    }

    /** The dispatcher loop; returns true when the run was stopped early. */
    private boolean dispatch() throws InterruptedException {
        lock.lock();
        try {
            if (arrivals != null) pushNextArrival();
        } finally {
            lock.unlock();
        }
        long drainDeadline = Long.MAX_VALUE;
        while (true) {
            List<Due> toSend = new ArrayList<>();
            long spinUntil = -1;
            lock.lock();
            try {
                if (stopRequested) {
                    scheduleEnd = now();
                    break;
                }
                long now = now();
                if (now >= lengthNanos && !exhausted) markExhausted();
                if (users != null && !exhausted) spawnUsers(now);
                while (!timed.isEmpty() && timed.peek().offset <= now) {
                    Timed t = timed.poll();
                    // A request scheduled inside the window is sent even when the dispatcher picks it up
                    // late (after the window closed): dropping it would hide exactly the lateness we report.
                    if (t.offset >= lengthNanos || (maxRequests > 0 && nextIndex >= maxRequests)) {
                        if (!exhausted) markExhausted();
                        if (users != null) liveUsers--;
                        continue;
                    }
                    Phase phase = workload.phaseAt(t.offset);
                    Due d = new Due(nextIndex++, t.offset, now, t.user, phase);
                    scheduledCount++;
                    if (inFlight + ready.size() >= cap) aggregator.waitedForSlot(phase);
                    ready.addLast(d);
                    if (arrivals != null) {
                        pushNextArrival();
                    } else if (maxRequests > 0 && nextIndex >= maxRequests) {
                        markExhausted();
                    }
                }
                while (!ready.isEmpty() && inFlight < cap) {
                    inFlight++;
                    toSend.add(ready.pollFirst());
                }
                if (toSend.isEmpty()) {
                    if (exhausted && timed.isEmpty() && ready.isEmpty() && inFlight == 0) return false;
                    if (exhausted && drainDeadline == Long.MAX_VALUE) drainDeadline = now + drainTimeoutNanos;
                    if (now >= drainDeadline) {
                        log.warn("{} request(s) still in flight {} after the schedule ended; cancelling them",
                                inFlight, io.benchsuite.api.util.Durations.format(Duration.ofNanos(drainTimeoutNanos)));
                        drainExpired = true;
                        scheduleEnd = now;
                        break;
                    }
                    long wait = waitNanos(now, drainDeadline);
                    if (wait > SPIN_NANOS) {
                        changed.awaitNanos(wait - SPIN_NANOS / 2);
                    } else {
                        spinUntil = now + wait;
                    }
                }
            } finally {
                lock.unlock();
            }
            if (spinUntil >= 0) {
                while (now() < spinUntil && !stopRequested) Thread.onSpinWait();
            }
            for (Due d : toSend) send(d);
        }
        shutDownInFlight();
        return !drainExpired;
    }

    private long waitNanos(long now, long drainDeadline) {
        long wait = 100_000_000L;
        if (!timed.isEmpty()) wait = timed.peek().offset - now;
        if (users != null && !exhausted && !(users instanceof RateProfile.Steady)) wait = Math.min(wait, 20_000_000L);
        if (!exhausted && lengthNanos != Long.MAX_VALUE) wait = Math.min(wait, lengthNanos - now);
        if (drainDeadline != Long.MAX_VALUE) wait = Math.min(wait, drainDeadline - now);
        return Math.max(wait, 1);
    }

    private void markExhausted() {
        exhausted = true;
        if (users != null) {
            liveUsers -= timed.size();
            timed.clear();
        }
    }

    private void pushNextArrival() {
        if (exhausted) return;
        if (maxRequests > 0 && nextIndex + timed.size() >= maxRequests) {
            if (timed.isEmpty()) markExhausted();
            return;
        }
        long next = arrivals.next();
        if (next >= lengthNanos) {
            markExhausted();
            return;
        }
        timed.add(new Timed(next, -1, timedSeq++));
    }

    private void spawnUsers(long now) {
        int target = (int) Math.floor(users.levelAt(now) + 1e-9);
        while (liveUsers < target) {
            liveUsers++;
            timed.add(new Timed(now, nextUserId++, timedSeq++));
        }
    }

    private long now() {
        return System.nanoTime() - runStart;
    }

    private void send(Due d) throws InterruptedException {
        PlannedRequest p = plans.take();
        RequestTracker tracker = new RequestTracker(p, d.phase, d.user, runStart, d.scheduled, d.dispatched,
                tokenizer, workload.stream(), secrets, this::finished);
        InferenceRequest request = new InferenceRequest(p.index(), model, List.of(ChatMessage.user(p.prompt())),
                p.inputTokens(), p.outputTokens(), true, 0.0, p.seed(), workload.stream(), Map.of());
        ResponseListener listener = tracker;
        for (RequestDecorator decorator : decorators) {
            RequestDecorator.Decorated x = decorator.decorate(request, listener);
            request = x.request();
            listener = x.listener();
        }
        active.add(tracker);
        tracker.submitted(System.nanoTime());
        try {
            tracker.handle(backend.send(request, listener));
        } catch (RuntimeException e) {
            listener.onError(System.nanoTime(), BackendError.of(ErrorKind.BACKEND_EXCEPTION,
                    "backend threw " + e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    /** A request reached its terminal event (called on a backend thread). */
    private void finished(RequestTracker tracker) {
        RequestRecord r = tracker.record();
        active.remove(tracker);
        aggregator.accept(r);
        for (RunListener l : listeners) safely(() -> l.onRequestFinished(r));
        lock.lock();
        try {
            inFlight--;
            if (users != null) {
                if (exhausted || stopRequested) {
                    liveUsers--;
                } else {
                    long now = now();
                    int target = (int) Math.floor(users.levelAt(now) + 1e-9);
                    if (liveUsers > target) {
                        liveUsers--;
                    } else {
                        timed.add(new Timed(now + thinkTime.toNanos(), tracker.user(), timedSeq++));
                    }
                }
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Stop: fail what waits for a slot, cancel what is in flight, and make sure every request gets a record. */
    private void shutDownInFlight() throws InterruptedException {
        List<Due> unsent;
        lock.lock();
        try {
            exhausted = true;
            unsent = new ArrayList<>(ready);
            ready.clear();
            timed.clear();
            inFlight += unsent.size(); // each unsent request is finished below, which returns its slot
        } finally {
            lock.unlock();
        }
        for (Due d : unsent) {
            PlannedRequest p = plans.take();
            RequestTracker t = new RequestTracker(p, d.phase, d.user, runStart, d.scheduled, d.dispatched,
                    tokenizer, workload.stream(), secrets, this::finished);
            t.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "run stopped before a concurrency slot freed"));
        }
        for (RequestTracker t : List.copyOf(active)) t.cancel();
        long deadline = System.nanoTime() + STOP_GRACE_NANOS;
        lock.lock();
        try {
            while (inFlight > 0 && System.nanoTime() < deadline) {
                changed.awaitNanos(Math.max(1, deadline - System.nanoTime()));
            }
        } finally {
            lock.unlock();
        }
        for (RequestTracker t : List.copyOf(active)) {
            t.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED,
                    "run stopped; the backend did not end the request after cancellation"));
        }
    }

    private Map<String, JsonNode> collectSections() {
        Map<String, JsonNode> sections = new LinkedHashMap<>();
        for (RunListener l : listeners) {
            try {
                l.reportSections().forEach((key, value) -> {
                    if (ReportJson.RESERVED_KEYS.contains(key) || sections.containsKey(key)) {
                        log.warn("report section '{}' from {} clashes with another key; dropped", key, l.getClass().getName());
                    } else {
                        sections.put(key, value);
                    }
                });
            } catch (RuntimeException e) {
                log.warn("run listener {} failed to give its report sections: {}", l.getClass().getName(), e.toString(), e);
            }
        }
        return sections;
    }

    private static void safely(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            log.warn("run listener failed: {}", e.toString(), e);
        }
    }

    /** A request or user turn waiting for its instant. */
    private record Timed(long offset, int user, long seq) implements Comparable<Timed> {
        @Override
        public int compareTo(Timed o) {
            int c = Long.compare(offset, o.offset);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** A request whose instant has come, waiting for (or holding) a slot. */
    private record Due(long index, long scheduled, long dispatched, int user, Phase phase) {}

}
