package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.sim.internal.EngineCore;
import io.benchsuite.sim.internal.PromptBlocks;
import io.benchsuite.sim.internal.Sequence;
import io.benchsuite.sim.internal.StepPlan;
import java.util.Comparator;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.function.LongSupplier;

/**
 * The simulated serving engine in virtual time: a discrete-event model with no thread and no clock
 * of its own, which a driver advances. Time is a {@code long} of simulated nanoseconds that only
 * grows; every listener event carries the simulated instant it happens at and is delivered on the
 * driver's thread, inside {@link #send} (the {@code onSent}, or an immediate rejection) or
 * {@link #advanceTo} (tokens, completions). The same settings, seed and sends give the same events at
 * the same instants on any machine.
 *
 * <p>How a driver runs it, interleaving its own events (arrivals, timeouts) with the engine's:
 * <pre>{@code
 * SimulatedServer server = new SimulatedServer(settings);
 * while (work remains) {
 *     long next = Math.min(nextArrivalNanos, server.nextEventNanos()); // Long.MAX_VALUE: the engine is idle
 *     server.advanceTo(next);                                             // runs every step that ends by then
 *     if (next == nextArrivalNanos) server.send(request, listener, next); // joins the next step
 * }
 * }</pre>
 * A step starts when the previous one ends, or when a request arrives at an idle engine; requests
 * sent while a step runs join the next one. Listeners may send (a closed-loop user's next request)
 * or cancel from inside an event, at the event's instant. {@link #asBackend} wraps it as a
 * {@link Backend} whose sends happen at a virtual clock's now; {@link #asVirtualTimeBackend} as a
 * {@link io.benchsuite.api.backend.VirtualTimeBackend} that a benchmark run drives itself.
 *
 * <p>Not thread-safe: one driver thread. {@link #state()} and {@link #engineSnapshot()} may be read from any thread.
 */
public final class SimulatedServer {
    private final SimSettings settings;
    private final EngineCore core;
    private final AdapterLoads adapters;
    private final SimEndpoint endpoint;
    /** The lengths of the audio files requests carry, each read once. */
    private final ClipLengths clipLengths = new ClipLengths();
    private final ImageFigures imageFigures = new ImageFigures();
    /** Requests held back by an adapter load, by the instant they reach the engine (then by send order). */
    private final PriorityQueue<Held> held = new PriorityQueue<>(
            Comparator.comparingLong(Held::readyNanos).thenComparingLong(h -> h.s().id()));
    private long now;
    private long nextId;
    private StepPlan inFlight;
    private long inFlightEnd;
    private boolean delivering;

    /** A server at simulated time 0. The settings' time scale is ignored (there is no wall clock). */
    public SimulatedServer(SimSettings settings) {
        this(settings, 0);
    }

    /**
     * A server whose clock starts at {@code startNanos}.
     *
     * @throws IllegalArgumentException when the model does not fit on the devices
     */
    public SimulatedServer(SimSettings settings, long startNanos) {
        this(settings, Adapters.NONE, startNanos);
    }

    /**
     * A server of a base model and LoRA adapters, whose clock starts at {@code startNanos}: a request whose model is
     * an adapter not loaded reaches the engine after its load ({@link AdapterLoads}), and so does every request sent
     * while a load runs.
     *
     * @param settings the engine's settings
     * @param adapters the adapters served beside the base model
     * @param startNanos the clock's start
     * @throws IllegalArgumentException when the model does not fit on the devices
     */
    public SimulatedServer(SimSettings settings, Adapters adapters, long startNanos) {
        this(settings, adapters, SimEndpoint.CHAT, startNanos);
    }

    /**
     * A server of a base model and LoRA adapters serving {@code endpoint} (its transcriptions, its rerank
     * {@code top_n}, its audio-token rule), whose clock starts at {@code startNanos}.
     *
     * @param settings the engine's settings
     * @param adapters the adapters served beside the base model
     * @param endpoint the API served
     * @param startNanos the clock's start
     * @throws IllegalArgumentException when the model does not fit on the devices
     */
    public SimulatedServer(SimSettings settings, Adapters adapters, SimEndpoint endpoint, long startNanos) {
        this.settings = notNull(settings, "settings");
        this.endpoint = notNull(endpoint, "endpoint");
        this.core = EngineCore.virtual(settings, startNanos);
        this.adapters = new AdapterLoads(notNull(adapters, "adapters"), 1e6);
        this.now = startNanos;
    }

    /** A sequence that reaches the engine at {@code readyNanos}. */
    private record Held(long readyNanos, Sequence s) {}

    /** The adapter loads of this server (counts, what is loaded). */
    public AdapterLoads adapterLoads() {
        return adapters;
    }

    /** The settings this engine runs with. */
    public SimSettings settings() {
        return settings;
    }

    /** The cost model. */
    public SimPhysics physics() {
        return core.physics();
    }

    /** The simulated time now, nanoseconds. */
    public long now() {
        return now;
    }

    /**
     * Sends a request at {@code atNanos} (not before {@link #now()}): first runs the steps that end by
     * then, then calls {@code onSent(atNanos)}; a request that can never run gets
     * {@link ErrorKind#REJECTED} at once. Inside a listener event, {@code atNanos} must be that event's instant.
     *
     * @return a handle whose {@code cancel()} cancels at the server's time then
     * @throws IllegalArgumentException when {@code atNanos} is before {@link #now()}
     */
    public RequestHandle send(InferenceRequest request, ResponseListener listener, long atNanos) {
        notNull(request, "request");
        notNull(listener, "listener");
        if (delivering) {
            if (atNanos != now) {
                throw new IllegalArgumentException("a send from inside an event happens at the event's instant " + now + ", not " + atNanos);
            }
        } else {
            advanceTo(atNanos);
        }
        SimEndpoint.Routed routed = endpoint.route(request, listener, atNanos, clipLengths, imageFigures);
        if (routed == null) return RequestHandle.NONE;
        request = routed.request();
        listener = routed.listener();
        BatchInputs batch = request.extras().get(BatchInputs.class).orElse(null);
        if (batch != null) {
            listener.onSent(atNanos);
            return PooledBatch.send(batch, endpoint.returned(batch.size()), listener, atNanos, pooling(atNanos));
        }
        listener = ShapedListener.wrap(request, listener); // tools and response formats: serve-sim's answer
        PromptBlocks blocks = SimBackend.blocks(request); // hashed by the planner when the engine prepared it
        int promptTokens = SimBackend.promptTokens(request, blocks.words(), routed.mediaTokens());
        listener.onSent(atNanos);
        String problem = core.admissionProblem(promptTokens, request.maxTokens());
        if (problem != null) {
            listener.onError(atNanos, BackendError.of(ErrorKind.REJECTED, problem));
            return RequestHandle.NONE;
        }
        long wordSeed = SimBackend.wordSeed(settings, request);
        Sequence s = new Sequence(nextId++, listener, promptTokens, request.maxTokens(), blocks,
                wordSeed, settings.reasoning().tokensFor(wordSeed, request.maxTokens()), settings.reasoning().inUsage());
        long ready = adapters.admit(request.model(), atNanos).readyNanos();
        if (ready <= atNanos) {
            core.submit(s, atNanos);
        } else {
            held.add(new Held(ready, s));
        }
        return () -> {
            held.removeIf(h -> h.s() == s); // still held back: it never reached the engine
            core.cancel(s, now, "request cancelled");
        };
    }

    /** The engine of a batch's inputs, queued at {@code atNanos}. */
    private PooledBatch.Engine pooling(long atNanos) {
        return new PooledBatch.Engine() {
            @Override
            public long nextId() {
                return nextId++;
            }

            @Override
            public String admissionProblem(int promptTokens, int maxTokens) {
                return core.admissionProblem(promptTokens, maxTokens);
            }

            @Override
            public boolean submit(Sequence s) {
                core.submit(s, atNanos);
                return true;
            }

            @Override
            public void cancel(Sequence s) {
                core.cancel(s, now, "request cancelled");
            }
        };
    }

    /**
     * When the step in flight ends, planning the next one (at {@link #now()}) if none is in flight;
     * {@link Long#MAX_VALUE} when nothing is waiting or running.
     */
    public long nextEventNanos() {
        ensurePlanned();
        long step = inFlight == null ? Long.MAX_VALUE : inFlightEnd;
        return held.isEmpty() ? step : Math.min(step, held.peek().readyNanos());
    }

    /**
     * Runs every step that ends at or before {@code nanos}, delivering its events at its end, then sets
     * the time to {@code nanos}.
     *
     * @throws IllegalArgumentException when {@code nanos} is before {@link #now()}
     * @throws IllegalStateException when called from inside a listener event
     */
    public void advanceTo(long nanos) {
        if (delivering) throw new IllegalStateException("advanceTo called from inside a listener event");
        if (nanos < now) throw new IllegalArgumentException("time must not go back: now " + now + ", asked " + nanos);
        while (true) {
            ensurePlanned();
            Held next = held.peek();
            if (next != null && next.readyNanos() <= nanos && (inFlight == null || next.readyNanos() < inFlightEnd)) {
                held.poll(); // an adapter's load ended: the request reaches the engine, joining the next step
                now = next.readyNanos();
                core.submit(next.s(), now);
                continue;
            }
            if (inFlight == null || inFlightEnd > nanos) break;
            StepPlan step = inFlight;
            inFlight = null;
            now = inFlightEnd;
            delivering = true;
            try {
                core.completeStep(step, now, 0);
            } finally {
                delivering = false;
            }
        }
        now = nanos;
    }

    /** Runs until nothing is waiting or running; returns the time then. */
    public long drain() {
        for (long t = nextEventNanos(); t != Long.MAX_VALUE; t = nextEventNanos()) advanceTo(t);
        return now;
    }

    /** Whether nothing is waiting, running or in flight. */
    public boolean idle() {
        return nextEventNanos() == Long.MAX_VALUE;
    }

    private void ensurePlanned() {
        if (inFlight != null || delivering) return;
        StepPlan plan = core.planStep(now);
        if (plan != null) {
            inFlight = plan;
            inFlightEnd = now + (long) Math.ceil(plan.seconds() * 1e9);
        }
    }

    /** The engine's state (running, waiting, KV usage, counters). */
    public SimEngineState state() {
        return core.state();
    }

    /** What the engine did since its start, at {@link #now()}: device figures, stage sums in simulated seconds, KV block reads. */
    public EngineSnapshot engineSnapshot() {
        return core.engineSnapshot(now);
    }

    /** The engine's identity and settings, as {@link SimBackend#info()} reports them. */
    public BackendInfo info() {
        return SimBackend.info(settings, core, "virtual");
    }

    /**
     * This server as a {@link Backend} whose sends happen at {@code clock}'s now (a virtual clock the
     * driver moves; it must not go back); it tells its {@link Backend#engineSnapshot()}. {@code close()} cancels
     * what is waiting or running, at the clock's now.
     */
    public Backend asBackend(LongSupplier clock) {
        notNull(clock, "clock");
        return new Backend() {
            private boolean closed;

            @Override
            public Optional<EngineSnapshot> engineSnapshot() {
                return Optional.of(SimulatedServer.this.engineSnapshot());
            }

            @Override
            public RequestHandle send(InferenceRequest request, ResponseListener listener) {
                long t = clock.getAsLong();
                if (closed) {
                    listener.onSent(t);
                    listener.onError(t, BackendError.of(ErrorKind.REJECTED, "sim backend is closed"));
                    return RequestHandle.NONE;
                }
                return SimulatedServer.this.send(request, listener, t);
            }

            @Override
            public BackendInfo info() {
                return SimulatedServer.this.info();
            }

            @Override
            public void close() {
                if (closed) return;
                closed = true;
                cancelAll(clock.getAsLong(), "backend closed");
            }
        };
    }

    /**
     * Ends every request waiting or running with {@link ErrorKind#CANCELLED}: first runs the steps that
     * end by {@code atNanos} (unless called from inside an event), then cancels the rest at the time then.
     */
    void cancelAll(long atNanos, String reason) {
        if (!delivering) advanceTo(Math.max(now, atNanos));
        core.failAll(ErrorKind.CANCELLED, reason, now);
        for (Held h; (h = held.poll()) != null; ) core.cancel(h.s(), now, reason);
        inFlight = null;
    }

    /**
     * This server as a {@link io.benchsuite.api.backend.VirtualTimeBackend}: a run drives its clock (every instant of the run is
     * the server's {@link #now()}), sends happen at the server's now, and the run reads
     * {@link #engineSnapshot()} when it starts and ends.
     */
    public VirtualSimBackend asVirtualTimeBackend() {
        return new VirtualSimBackend(this);
    }
}
