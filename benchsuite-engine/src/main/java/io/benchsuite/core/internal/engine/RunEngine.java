package io.benchsuite.core.internal.engine;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.accuracy.AccuracyTally;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.VirtualTimeBackend;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.LiveStats;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.Cancellations;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.core.internal.aggregate.BackendTime;
import io.benchsuite.core.internal.aggregate.RunAggregator;
import io.benchsuite.core.internal.clock.NanoClock;
import io.benchsuite.core.internal.clock.Pacer;
import io.benchsuite.core.internal.clock.RealTimePacer;
import io.benchsuite.core.internal.clock.VirtualTimePacer;
import io.benchsuite.core.internal.dispatch.ConnectionBackoff;
import io.benchsuite.core.internal.dispatch.Dispatcher;
import io.benchsuite.core.internal.dispatch.Dispatcher.DueRequest;
import io.benchsuite.core.internal.dispatch.LoadPattern;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.WorkloadSection;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionCursor;
import io.benchsuite.core.workload.SessionOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one workload against one backend. A dispatcher thread loops: ask the {@link Dispatcher} what
 * to do now, send what it returns, wait on the {@link Pacer} until its next instant (or until a
 * request ends). Each sent request gets a {@link RequestTracker} that turns the backend's events into
 * a {@link RequestRecord}; finished records go to the {@link RunAggregator} and the listeners (the
 * output directory's request log among them), then are dropped.
 *
 * <p>Every instant the engine stamps comes from its {@link NanoClock}. The scheduled, dispatch,
 * submit and send instants are all recorded, so timer lateness (dispatch lag) and slot wait are
 * reported apart, and every latency counts from the scheduled instant. Use through
 * {@link io.benchsuite.core.Benchmark}.
 *
 * <p>Requests come from the run's {@link EngineFeed}: its source is read and its starts prepared ahead by a
 * {@link PlanQueue}, which the dispatcher's pattern reads for the next start's instant (a trace's own
 * offsets) or availability; sessions' later turns are prepared by {@link OpenSessions} when their
 * previous answer arrives. What was sent is summed up in the report's {@code workload} section.
 *
 * <p><b>Virtual time.</b> With a {@link VirtualTimeBackend} the engine is a discrete-event
 * simulation: its clock is the backend's, its pacer advances the backend to the next instant instead
 * of waiting ({@link VirtualTimePacer}), the planner prepares starts ahead on its thread and the dispatcher waits for
 * each ({@link PlanQueue}), and the dispatcher loop runs inside {@link #await()} on the caller's thread, which also
 * receives every backend and listener event. {@link #stop()} and {@link #live()} still work from other threads.
 */
public final class RunEngine {
    private static final Logger log = LoggerFactory.getLogger(RunEngine.class);
    private static final long STOP_GRACE_NANOS = 2_000_000_000L;

    /**
     * The most prompt tokens the planner holds prepared, a prompt the backend rendered ahead counting
     * twice (its text and its rendering, about 6 bytes each): at most ~150 MB. Deep enough that all of
     * the first 600 requests of Mooncake's conversation trace (8.3M prompt tokens, 16.6M held) are
     * prepared before the replay's clock starts. With 16M, 574 were, and the planner built the other 26
     * (tokenizing 10K+ token prompts) during the first two bursts, the moment the first ones were taken,
     * on a CPU the bursts needed: both bursts reached the server 7-20 ms late.
     */
    private static final long PREPARED_TOKENS = 24_000_000;
    /**
     * The most starts the planner holds prepared, those offered and waiting for a slot included, so the
     * same bound as the dispatcher's line of waiting requests. The token bound is what bounds memory; this
     * one stops a source of tiny prompts from being read far ahead. A replayed trace with large prompts needs
     * the depth: its bursts come faster than prompts of 10K+ tokens can be built and counted.
     */
    private static final int PREPARED_STARTS = Dispatcher.MAX_WAITING;

    private final RunInfo info;
    private final Backend backend;
    private final Workload workload;
    private final String model;
    private final Tokenizer tokenizer;
    private final List<RunListener> listeners;
    /** Delivers finished requests to the listeners off the I/O threads (in real time). */
    private final ListenerRelay relay;
    private final List<RequestDecorator> decorators;
    private final SecretMask secrets;
    private final Duration drainTimeout;
    private final Cancellations cancellations;
    private final long cancelSeed;
    private final RequestRouter router;
    private final NanoClock clock;
    private final StartGate startGate;
    private final Pacer pacer;
    /** The backend when it runs on a virtual clock the engine drives; null in real time. */
    private final VirtualTimeBackend virtual;
    private final RunAggregator aggregator;
    private final Dispatcher dispatcher;
    private final ErrorBudget errorBudget;
    private final ClientWatch clientWatch;
    /** The grades of the answers, or null when the run grades none. */
    private final AccuracyTally accuracy;
    private final PlanQueue plans;
    private final EngineFeed feed;
    private final WorkloadStats stats;
    private final OpenSessions sessions;
    private final SourceCursorCounts cursorCounts;
    /** Prompts prepared before the clock starts: the first wave of requests (all of a closed loop's, up to 64). */
    private final int firstWave;
    /** The most requests the run's load pattern lets be in flight at once. */
    private final int maxInFlight;
    private final ReentrantLock lock = new ReentrantLock(); // guards the dispatcher
    private final Set<RequestTracker> active = ConcurrentHashMap.newKeySet();
    // Made once, with the engine: a method reference is linked on its first evaluation (milliseconds on
    // a cold JVM), which in the dispatcher would delay the run's first request.
    private final Consumer<RequestTracker> onFinished = this::finished;
    private final RequestTracker.FirstTokenListener onFirstToken;
    /** Released at the run's zero: the dispatcher thread is started (and scheduled once) before the clock. */
    private final CountDownLatch go = new CountDownLatch(1);

    private volatile long runStart;
    private volatile boolean stopRequested;
    private volatile String stopReason;
    private Thread thread;
    /** Virtual time: the run has started and its loop (run by {@link #await}) has not finished. */
    private boolean virtualPending;
    private volatile RunResult result;
    private volatile Throwable failure;
    private boolean warmUp = true; // whether start() warms the request path up (real time only)

    /**
     * @param info run identity (its scenario seed drives arrivals and prompts)
     * @param backend where requests go (not closed by the engine)
     * @param feed where requests come from
     * @param model model name to put in requests
     * @param tokenizer counts output text when the server gives no usage
     * @param listeners observers
     * @param decorators request wrappers (tracing)
     * @param options drain timeout, secrets, retention, clock
     */
    public RunEngine(RunInfo info, Backend backend, EngineFeed feed, String model, Tokenizer tokenizer,
                     List<RunListener> listeners, List<RequestDecorator> decorators, EngineOptions options) {
        this.info = notNull(info, "info");
        this.backend = notNull(backend, "backend");
        this.workload = info.workload();
        this.model = notNull(model, "model");
        this.tokenizer = notNull(tokenizer, "tokenizer");
        this.listeners = List.copyOf(notNull(listeners, "listeners"));
        this.relay = new ListenerRelay(this.listeners, !(backend instanceof VirtualTimeBackend), "benchsuite-listeners-" + info.name());
        this.decorators = List.copyOf(notNull(decorators, "decorators"));
        notNull(options, "options");
        this.secrets = options.secrets();
        this.drainTimeout = options.drainTimeout();
        this.cancellations = options.cancellations();
        this.cancelSeed = info.scenario().streamSeed("cancellations");
        this.router = new RequestRouter(options.routing(), info.id(), info.scenario().streamSeed("model-mix"));
        this.virtual = backend instanceof VirtualTimeBackend v ? v : null;
        this.clock = virtual != null ? virtual::nowNanos : options.clock();
        this.startGate = options.startGate();
        this.pacer = virtual != null ? new VirtualTimePacer(virtual) : new RealTimePacer(clock);
        BackendTime time = BackendTime.of(info.clock().timeScale()); // the figures are in the backend's time
        this.aggregator = new RunAggregator(workload, info.slo(), options.retainRequests(), time);
        this.stats = new WorkloadStats(time);
        this.onFirstToken = aggregator::firstToken;
        this.feed = notNull(feed, "feed");
        this.sessions = new OpenSessions(feed.context().tokenizer(), feed.sessions(), feed.contextLimit(),
                feed.contextPolicy(), feed.injections(), info.scenario().streamSeed("think-time"), stats, info.name(),
                virtual != null, backend::prepare);
        boolean skip = feed.contextLimit() != null && feed.contextPolicy() == ContextLimit.Policy.SKIP;
        if (skip) feed.contextLimit().refuseWhenNothingFits(feed.source()); // else it would skip for ever
        PlanCursor cursor = feed.source().open(feed.context());
        if (skip) {
            cursor = feed.contextLimit().skipOverlong(cursor);
        }
        this.cursorCounts = new SourceCursorCounts(cursor);
        this.plans = new PlanQueue(new SessionCursor(cursorCounts), sessions::prepare, PREPARED_TOKENS, PREPARED_STARTS,
                workload.maxRequests(), info.name(), pacer::wake, virtual != null);
        LoadPattern pattern = LoadPattern.of(workload.load(), new SplittableRandom(info.scenario().streamSeed("arrivals")),
                info.shard(), plans, workload.paceBySource());
        this.dispatcher = new Dispatcher(workload, pattern, options.drainTimeout(), aggregator::waitedForSlot,
                new ConnectionBackoff(new SplittableRandom(info.scenario().streamSeed("backoff"))), Dispatcher.MAX_WAITING,
                feed.sessions().concurrency() == SessionOptions.ConcurrencyUnit.SESSIONS
                        ? Dispatcher.SlotUnit.SESSIONS : Dispatcher.SlotUnit.REQUESTS);
        this.sessions.bind(new SessionDispatch(lock, dispatcher, pacer, this::now));
        this.errorBudget = new ErrorBudget(options.maxErrorRate());
        this.accuracy = feed.accuracy() == null ? null : new AccuracyTally(feed.accuracy());
        this.clientWatch = new ClientWatch(clock == NanoClock.SYSTEM ? options.hiccupMeter().get() : null,
                options.clientStallThreshold());
        // A replayed trace fills the planner's queue before the clock starts (as far as its bounds allow):
        // its instants are fixed, so every start prepared ahead is one the planner cannot be late for.
        this.maxInFlight = pattern.maxInFlight();
        int wave = workload.paceBySource() ? PREPARED_STARTS : Math.min(pattern.maxInFlight(), 64);
        this.firstWave = (int) Math.min(wave, workload.maxRequests() == 0 ? Long.MAX_VALUE : workload.maxRequests());
    }

    /**
     * Starts the run on a new thread and returns once it has started (after the start gate, if any).
     * In virtual time no dispatcher thread is started: the run proceeds inside {@link #await()}.
     *
     * @throws StartGate.StartFailedException when the start gate can never open
     * @throws IllegalStateException when interrupted while waiting at the start gate (nothing was sent)
     */
    public synchronized void start() {
        if (thread != null) throw new IllegalStateException("run already started");
        plans.start();
        try {
            plans.awaitPrepared(firstWave);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        boolean empty = plans.endedEmpty(); // in virtual time this prepares the first start, which may fail
        if (plans.failure() != null) {
            // the source fails before the clock starts: say so before anything is measured (a failure later
            // ends the run there, and the report says why)
            plans.close();
            throw plans.failure();
        }
        if (empty) {
            // an empty dataset, or one whose every record was skipped, is refused, not reported as a run of 0 requests
            plans.close();
            throw new WorkloadDataException(PlanQueue.nothingToSend(feed.source().describe(), cursorCounts.counts()));
        }
        for (RunListener l : listeners) safely(() -> l.onRunStarted(info));
        if (virtual == null && workload.paceBySource()) ConnectionsAhead.open(backend, plans, maxInFlight, log, info.name());
        if (virtual == null && warmUp) warmUp();
        try {
            startGate.awaitStart();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            plans.close();
            throw new IllegalStateException("interrupted while waiting for the agreed start; nothing was sent", e);
        } catch (RuntimeException e) {
            plans.close();
            throw e;
        }
        // the run's zero on both clocks, read back to back: offsets count from the first, the second
        // places the run on the wall clock other machines share
        if (virtual != null) {
            runStart = clock.nanoTime();
            startGate.started(Instant.now(), runStart);
            virtualPending = true;
            return;
        }
        // Before the clock, what the first request would otherwise pay for: the dispatcher thread's start,
        // and the watch's first read of the process's CPU, which loads the JVM's management classes (10-30 ms).
        thread = new Thread(this::dispatchFromZero, "benchsuite-dispatcher-" + info.name());
        thread.setDaemon(true);
        thread.start();
        relay.start();
        try {
            clientWatch.start();
            runStart = clock.nanoTime();
            Instant wall = Instant.now();
            startGate.started(wall, runStart);
        } catch (RuntimeException | Error e) {
            thread.interrupt();
            clientWatch.stop();
            relay.finish();
            throw e;
        }
        go.countDown();
    }

    /**
     * Before the clock (real time only), last of the run's set-up, so that no class loaded later undoes compiled
     * code the warm-up produced (a listener's first scrape once loaded an {@code ArrayDeque} subclass and threw the
     * connection pool's compiled code away): {@link Rehearsal#warmUp}. None of this can fail the run.
     */
    private void warmUp() {
        long start = System.nanoTime();
        Rehearsal.warmUp(backend, tokenizer, secrets, decorators, info, log);
        linkDispatchStates();
        log.debug("run '{}': warmed up in {} ms", info.name(), (System.nanoTime() - start) / 1_000_000);
    }

    /** This engine without the warm-up before its clock (the dispatch rehearsal's own engine). */
    RunEngine withoutWarmUp() {
        warmUp = false;
        return this;
    }

    /**
     * Loads what the dispatch loop's first pass would: the dispatcher's states and the class holding this
     * engine's switch tables (~1.5 ms at the first instant of a replay, inside its first requests' lag).
     */
    private static boolean linkDispatchStates() {
        return switch (Dispatcher.RunState.RUNNING) {
            case RUNNING -> true;
            case COMPLETED, DRAIN_EXPIRED -> false;
        };
    }

    /** The dispatcher thread: waits for the run's zero, then runs the loop. */
    private void dispatchFromZero() {
        try {
            go.await();
        } catch (InterruptedException e) {
            return; // the start failed before the clock: nothing was sent
        }
        runSafely(Long.MAX_VALUE);
    }

    /** Asks the run to stop: nothing new is sent, in-flight requests are cancelled, and the result keeps what was measured. */
    public void stop() {
        stopRequested = true;
        pacer.wake();
    }

    /** Waits for the result; in virtual time, runs the simulation to its end on this thread. */
    public RunResult await() throws InterruptedException {
        if (virtual != null) {
            driveVirtual(Long.MAX_VALUE);
        } else {
            thread.join();
        }
        return outcome();
    }

    private RunResult outcome() {
        if (failure != null) {
            throw new IllegalStateException("the run failed: " + failure.getMessage(), failure);
        }
        return result;
    }

    /**
     * Waits up to {@code timeout}; null when the run is still going. In virtual time, simulates on this
     * thread for up to {@code timeout} of wall time; the next call goes on from there.
     */
    public RunResult await(Duration timeout) throws InterruptedException {
        if (virtual != null) {
            long deadline = System.nanoTime() + timeout.toNanos();
            if (!driveVirtual(deadline == Long.MIN_VALUE ? Long.MAX_VALUE : deadline)) return null;
            return outcome();
        }
        thread.join(Math.max(1, timeout.toMillis()));
        if (thread.isAlive()) return null;
        return await();
    }

    /**
     * Runs the virtual-time loop on the calling thread until the run ends or the wall clock passes
     * {@code wallDeadline} ({@link System#nanoTime()}; it only bounds how long this call takes and
     * never enters a figure). Returns whether the run has ended.
     */
    private synchronized boolean driveVirtual(long wallDeadline) {
        if (!virtualPending) {
            if (result == null && failure == null) throw new IllegalStateException("run not started");
            return true;
        }
        if (!runSafely(wallDeadline)) return false;
        virtualPending = false;
        return true;
    }

    /** A snapshot of the run so far. */
    public LiveStats live() {
        long now = now();
        long scheduled, notSent;
        int flying, waiting;
        lock.lock();
        try {
            scheduled = dispatcher.scheduled();
            flying = dispatcher.inFlight();
            waiting = dispatcher.waitingForSlot();
            notSent = dispatcher.notSent();
        } finally {
            lock.unlock();
        }
        return aggregator.live(now, scheduled, flying, waiting, notSent);
    }

    private long now() {
        return clock.nanoTime() - runStart;
    }

    /** Runs the dispatcher loop; returns false when it paused at {@code wallDeadline} (virtual time only). */
    private boolean runSafely(long wallDeadline) {
        try {
            Ending ending = dispatch(wallDeadline);
            if (ending == Ending.PAUSED) return false;
            boolean stopped = ending == Ending.STOPPED;
            plans.close();
            sessions.closeAll(now());
            long scheduleEnd, notSent, notSentMeasured;
            lock.lock();
            try {
                scheduleEnd = dispatcher.scheduleEnd();
                notSent = dispatcher.notSent();
                notSentMeasured = dispatcher.notSentMeasured();
            } finally {
                lock.unlock();
            }
            relay.finish(); // every finished request reaches the listeners before the result is assembled
            if (notSent > 0) {
                // in virtual time the client is never late: the line grew because the simulated server fell behind
                // the cap's slots free only as fast as the server answers: a server (simulated or not) behind the
                // arrivals, or a cap too low for the rate, fills the line
                log.warn("{} arrival(s) were not sent: they came due faster than the {} concurrency slot(s) freed and "
                        + "the line of requests waiting for one was full (it holds {} at most, fewer when their prompts "
                        + "pass {} tokens)", notSent, dispatcher.cap(), Dispatcher.MAX_WAITING, PREPARED_TOKENS);
            }
            var summary = aggregator.summary(stopped ? scheduleEnd : Long.MAX_VALUE, notSent, notSentMeasured);
            ClientSection client = clientWatch.finish( // the client is judged in real time
                    aggregator.time().wall(summary.latencies().get(LatencyMetric.DISPATCH_LAG)));
            if (!client.saturated().isEmpty()) {
                log.warn("run '{}': the client itself was saturated ({}); its own delays are inside the latencies it "
                        + "measured", info.name(), String.join(", ", client.saturated()));
            }
            RuntimeException inputFailure = plans.failure();
            RunResult.Status status = stopped ? RunResult.Status.STOPPED
                    : inputFailure != null ? RunResult.Status.FAILED : RunResult.Status.COMPLETED;
            RunResult r = new RunResult(info, status,
                    endedAt(), summary, aggregator.histograms(), aggregator.timeSeries(), aggregator.errorSamples(),
                    RunSections.collect(workloadSection(), client, accuracy, listeners), aggregator.retained(), null, stopped ? stopReason
                    : inputFailure != null ? "the workload source failed: " + inputFailure.getMessage() : null);
            result = r;
            for (RunListener l : listeners) safely(() -> l.onRunFinished(r));
        } catch (Throwable t) {
            failure = t;
            log.error("run '{}' failed", info.name(), t);
        }
        plans.close();
        relay.finish();
        clientWatch.stop(); // the run has ended (a virtual-time pause returned above): the meter's thread ends with it
        return true;
    }

    /** The wall-clock end: now, or in virtual time the start plus the simulated duration (no wall time in the figures). */
    private Instant endedAt() {
        if (virtual == null) return Instant.now();
        long epoch = info.clock().epochNanos(clock.nanoTime());
        return Instant.ofEpochSecond(Math.floorDiv(epoch, 1_000_000_000L), Math.floorMod(epoch, 1_000_000_000L));
    }

    /** How the dispatcher loop ended. */
    private enum Ending {
        /** The schedule ran to its end (or its drain deadline). */
        COMPLETED,
        /** The run was stopped early. */
        STOPPED,
        /** Virtual time only: the loop paused at the caller's wall-clock deadline and goes on at the next call. */
        PAUSED
    }

    /** The dispatcher loop, pausing (virtual time only) once the wall clock passes {@code wallDeadline}. */
    private Ending dispatch(long wallDeadline) throws InterruptedException {
        int sinceWallCheck = 0;
        while (true) {
            if (wallDeadline != Long.MAX_VALUE && ++sinceWallCheck >= 1024) {
                sinceWallCheck = 0;
                if (System.nanoTime() - wallDeadline > 0) return Ending.PAUSED;
            }
            Dispatcher.Decision step;
            List<DueRequest> unsent;
            lock.lock();
            try {
                if (stopRequested) {
                    unsent = dispatcher.stop(now());
                    step = null;
                } else {
                    step = dispatcher.step(now());
                    unsent = step.state() == Dispatcher.RunState.DRAIN_EXPIRED ? dispatcher.stop(now()) : List.of();
                }
            } finally {
                lock.unlock();
            }
            if (step == null) {
                shutDown(unsent);
                return Ending.STOPPED;
            }
            switch (step.state()) {
                case COMPLETED -> {
                    return Ending.COMPLETED;
                }
                case DRAIN_EXPIRED -> {
                    log.warn("{} request(s) still in flight {} after the schedule ended; cancelling them",
                            active.size(), Durations.format(drainTimeout));
                    shutDown(unsent);
                    return Ending.COMPLETED;
                }
                case RUNNING -> {
                    for (DueRequest d : step.send()) send(d);
                    if (step.send().isEmpty()) {
                        pacer.awaitUntil(step.wakeAt() == Dispatcher.NEVER ? Dispatcher.NEVER : runStart + step.wakeAt());
                    }
                }
            }
        }
    }

    private RequestTracker tracker(Outgoing o, DueRequest d) {
        return new RequestTracker(d.index(), o, d.window(), d.user(), runStart, d.scheduled(), d.dispatched(), tokenizer,
                workload.stream(), secrets, onFinished, onFirstToken);
    }

    /** The content of a due request: a session's prepared turn, or the next prepared start. */
    private Outgoing content(DueRequest d) throws InterruptedException {
        if (d.continuesSession()) return sessions.next(d.session());
        return sessions.begin(plans.take(), d);
    }

    private void send(DueRequest d) throws InterruptedException {
        Outgoing o = content(d);
        RequestTracker tracker = tracker(o, d);
        tracker.cancelAt(cancellations.pick(cancelSeed, d.index()));
        if (accuracy != null && (o.plan().referenceAnswer().isPresent() || !accuracy.needsReference())) tracker.keepAnswer();
        if (o.contextExcess() != null) {
            // known not to fit the model's context: recorded as such without a round trip to the server
            stats.marked();
            tracker.onError(clock.nanoTime(), BackendError.of(ErrorKind.CONTEXT_EXCEEDED, o.contextExcess()));
            return;
        }
        stats.sent(o);
        InferenceRequest request = new InferenceRequest(d.index(), model, o.messages(), o.promptTokens(),
                o.outputTokens(), true, 0.0, info.scenario().requestSeed(d.index()), workload.stream(), Map.of(), o.prepared(), o.plan().extras());
        request = router.route(request, o.sessionId(), tracker);
        ResponseListener listener = tracker;
        for (RequestDecorator decorator : decorators) {
            RequestDecorator.Decorated x = decorator.decorate(request, listener);
            request = x.request();
            listener = x.listener();
        }
        active.add(tracker);
        tracker.submitted(clock.nanoTime());
        try {
            tracker.handle(backend.send(request, listener));
        } catch (RuntimeException e) {
            listener.onError(clock.nanoTime(), BackendError.of(ErrorKind.BACKEND_EXCEPTION,
                    "backend threw " + e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    /** A request reached its terminal event (called on a backend thread). */
    private void finished(RequestTracker tracker) {
        RequestRecord measured = clientWatch.flag(tracker.record(), runStart);
        Outgoing o = tracker.content();
        active.remove(tracker);
        RequestRecord r = aggregator.accept(measured); // in the backend's time, as every listener sees it
        if (o.contextExcess() == null) stats.finished(o, r);
        if (accuracy != null) RunSections.grade(accuracy, o.plan(), r, tracker.text());
        try {
            relay.deliver(r, this::carryContext);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // only a full queue waits; the record is kept all the same
            for (RunListener l : listeners) safely(() -> l.onRequestFinished(r));
        }
        long now = now();
        OpenSessions.After after = sessions.afterRequest(o, measured, now); // on the engine's clock, as its instants
        boolean prepare = false;
        lock.lock();
        try {
            switch (after) {
                case FINISHED -> dispatcher.finished(tracker.user(), now, false, r.outcome(), r.errorKind());
                case SESSION_ENDED -> dispatcher.finished(tracker.user(), now, true, r.outcome(), r.errorKind());
                case CONTINUES -> {
                    if (dispatcher.scheduleOver()) {
                        sessions.cut(o, now);
                        dispatcher.finished(tracker.user(), now, true);
                    } else {
                        dispatcher.paused(now);
                        prepare = true;
                    }
                }
            }
        } finally {
            lock.unlock();
        }
        if (prepare) sessions.prepareNext(o, tracker.user(), tracker.text(), r.outputTokens(), now);
        String exceeded = errorBudget.count(r);
        if (exceeded != null && !stopRequested) {
            log.warn("run '{}': {}; stopping", info.name(), exceeded);
            stopReason = exceeded;
            stop();
        }
        pacer.wake();
    }

    /** Wraps a delivery to the listeners on the relay's thread in what the decorators made current here. */
    private Runnable carryContext(Runnable delivery) {
        Runnable d = delivery;
        for (RequestDecorator decorator : decorators) d = decorator.carry(d);
        return d;
    }

    /** Stop: fail what waits for a slot, cancel what is in flight, and make sure every request gets a record. */
    private void shutDown(List<DueRequest> unsent) throws InterruptedException {
        for (DueRequest d : unsent) {
            tracker(content(d), d).onError(clock.nanoTime(),
                    BackendError.of(ErrorKind.CANCELLED, "run stopped before a concurrency slot freed"));
        }
        for (RequestTracker t : activeInOrder()) t.cancel();
        long deadline = clock.nanoTime() + STOP_GRACE_NANOS;
        while (inFlight() > 0 && clock.nanoTime() < deadline) pacer.awaitUntil(deadline);
        for (RequestTracker t : activeInOrder()) {
            t.onError(clock.nanoTime(), BackendError.of(ErrorKind.CANCELLED,
                    "run stopped; the backend did not end the request after cancellation"));
        }
    }

    /** The requests in flight by index: cancelled in that order, so a virtual-time run's log is the same every time. */
    private List<RequestTracker> activeInOrder() {
        return active.stream().sorted(Comparator.comparingLong(RequestTracker::index)).toList();
    }

    private int inFlight() {
        lock.lock();
        try {
            return dispatcher.inFlight();
        } finally {
            lock.unlock();
        }
    }

    private WorkloadSection workloadSection() {
        return RunSections.workload(workload, feed, cursorCounts.counts(), plans.failure(), stats);
    }

    private static void safely(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            log.warn("run listener failed: {}", e.toString(), e);
        }
    }
}
