package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.sim.EnginePreset;
import io.benchsuite.sim.SimEngineState;
import io.benchsuite.sim.SimPhysics;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.SimSpecDecodeTotals;
import io.benchsuite.sim.Vocabulary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The scheduler of the simulated engine, without a clock: it plans a step at a time it is told, and
 * when told the step is over, emits its tokens. A driver decides when steps end: in real time
 * ({@link RealTimeEngine}) or in virtual time ({@link io.benchsuite.sim.SimulatedServer}). Step
 * durations are pure functions of the batch state plus the seeded jitter, so a given seed and arrival
 * order give the same step times.
 *
 * <p>Scheduling follows the engine preset (see {@link EnginePreset}): continuous batching takes, in
 * order, one token for every decoding sequence and the next prompt chunk of every sequence still in
 * prefill (the running ones, in admission order), then admits waiting requests first come, first
 * served, while the step's token budget, the batch limit and the KV cache allow; static batching runs
 * one padded batch to its end. KV blocks come from a {@link KvBlockPool} as the preset's
 * {@link EnginePreset.KvPolicy} says; an on-demand engine that runs out preempts the latest admitted
 * sequence, which is recomputed later (its output so far is kept).
 *
 * <p>Not thread-safe: one thread drives it. {@link #state()} and {@link #engineSnapshot(long)} may be read from any thread.
 */
public final class EngineCore {
    private final SimSettings settings;
    private final SimPhysics physics;
    private final EnginePreset engine;
    private final EnginePreset.KvPolicy policy;
    private final boolean prefixCaching;
    private final long kvCapacityTokens;
    private final int totalBlocks;
    private final KvBlockPool pool;
    /** Reads of each KV block position (one per step that attends to it). */
    private final BlockReads blockReads;
    private final DeviceMeter meter;
    private final CompiledGraphs graphs;
    private final SplittableRandom jitterRandom;
    private final EventSink sink;
    private final SpeculativeDecoder speculative;

    private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
    private final ArrayList<Sequence> running = new ArrayList<>();
    /** Sequences that generated their last token in the step being completed. */
    private final ArrayList<Sequence> ended = new ArrayList<>();
    private int[] runScratch = new int[0];

    // Static batching (transformers preset): the batch in flight, padded to its longest prompt.
    private final List<Sequence> staticMembers = new ArrayList<>();
    private long staticPaddedPrompt;
    private long staticDecodeSteps;

    private long prefixQueryTokens;
    private long prefixHitTokens;
    private long promptTokens;
    private long generationTokens;
    private long preemptions;
    private long completed;
    private long steps;
    private long lateSteps;
    private long lateNanos;
    // vLLM's request stages of the completed requests, summed in driver nanoseconds (see SimEngineState)
    private long stageRequests;
    private long queueNanos;
    private long prefillNanos;
    private long decodeNanos;
    private long endToEndNanos;
    private volatile SimEngineState snapshot;

    /**
     * An engine whose events go to {@code sink}, with its time zero at {@code originNanos} of the
     * driver's clock, which runs {@code settings.timeScale()} times slower than simulated time
     * (virtual drivers pass a scale of 1 through their settings or ignore it, see {@link #EngineCore(SimSettings, EventSink, long, double)}).
     *
     * @throws IllegalArgumentException when the model's weights leave no room for a KV cache on the device
     */
    EngineCore(SimSettings settings, EventSink sink, long originNanos, double timeScale) {
        this.settings = settings;
        this.sink = sink;
        this.physics = settings.physics();
        this.engine = settings.engine();
        this.policy = engine.kvPolicy();
        this.prefixCaching = engine.prefixCaching();
        long capacity = physics.kvCapacityTokens();
        if (capacity < SimPhysics.BLOCK_TOKENS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "model '%s' does not fit on device '%s' x %d: %.2f GB of weights (%s) per device leave no KV cache in %.1f GB x %.2f; "
                            + "split it over more devices (tp 2, 4 or 8) or quantize it",
                    settings.modelName(), settings.device().name(), settings.tensorParallel(), physics.weightBytesPerDevice() / 1e9,
                    settings.quantization().label(), settings.device().memoryBytes() / 1e9, settings.memoryUtilization()));
        }
        long blocks = capacity / SimPhysics.BLOCK_TOKENS;
        if (blocks > Integer.MAX_VALUE - 8) blocks = Integer.MAX_VALUE - 8;
        this.totalBlocks = (int) blocks;
        this.kvCapacityTokens = (long) totalBlocks * SimPhysics.BLOCK_TOKENS;
        this.pool = new KvBlockPool(totalBlocks, prefixCaching);
        this.blockReads = new BlockReads(totalBlocks);
        this.graphs = new CompiledGraphs(settings, physics);
        this.meter = new DeviceMeter(physics, totalBlocks, originNanos, timeScale, graphs);
        this.jitterRandom = new SplittableRandom(settings.seed());
        this.speculative = SpeculativeDecoder.of(settings);
        publish();
    }

    /**
     * An engine for a virtual-time driver: listeners are called on the driver's thread, at once, with
     * the driver's (simulated) nanoseconds; time zero is {@code originNanos}.
     */
    public static EngineCore virtual(SimSettings settings, long originNanos) {
        return new EngineCore(settings, EventSink.DIRECT, originNanos, 1.0);
    }

    /** An engine driven in simulated nanoseconds from 0 (tests). */
    EngineCore(SimSettings settings, EventSink sink) {
        this(settings, sink, 0, 1.0);
    }

    public SimPhysics physics() {
        return physics;
    }

    /** Tokens the KV cache holds. */
    public long kvCapacityTokens() {
        return kvCapacityTokens;
    }

    /** Reads of each KV block position since the start (a copy); any thread. */
    public long[] kvBlockReads() {
        return blockReads.snapshot();
    }

    /** The speculative-decoding counters since the start ({@link SimSpecDecodeTotals#NONE} without speculation); any thread. */
    public SimSpecDecodeTotals specDecodeTotals() {
        return speculative == null ? SimSpecDecodeTotals.NONE : speculative.totals();
    }

    /** The latest state; any thread. */
    public SimEngineState state() {
        return snapshot;
    }

    /**
     * What the engine did since its start, at {@code nowNanos} of the driver's clock: the device figures, the request
     * stage sums (in the driver's clock) and the reads per KV block; any thread.
     */
    public EngineSnapshot engineSnapshot(long nowNanos) {
        SimEngineState s = snapshot;
        return meter.usage(nowNanos, s).completedRequests(s.stageRequests()).queueSeconds(s.queueSeconds())
                .prefillSeconds(s.prefillSeconds()).decodeSeconds(s.decodeSeconds()).endToEndSeconds(s.endToEndSeconds())
                .kvBlockReads(kvBlockReads()).build();
    }

    /**
     * Why a request cannot be served at all, or {@code null} when it can. Thread-safe (reads only
     * immutable figures), so senders check before queueing.
     */
    public String admissionProblem(int promptTokens, int maxTokens) {
        long requested = (long) promptTokens + maxTokens;
        int context = settings.model().maxContext();
        if (requested > context) {
            // vLLM's wording, which clients may match on.
            return "This model's maximum context length is " + context + " tokens. However, you requested "
                    + requested + " tokens (" + promptTokens + " in the messages, " + maxTokens + " in the completion).";
        }
        long needed = blocksFor(reservationTokens(promptTokens, maxTokens));
        if (needed > totalBlocks) {
            return "request needs " + needed * SimPhysics.BLOCK_TOKENS + " tokens of KV cache but the cache holds only "
                    + kvCapacityTokens;
        }
        return null;
    }

    /** Queues a sequence that passed {@link #admissionProblem}; it arrived at {@code nowNanos}. */
    public void submit(Sequence s, long nowNanos) {
        s.arrivalNanos = nowNanos;
        waiting.addLast(s);
        publish();
    }

    /** Whether nothing is waiting or running. */
    boolean idle() {
        return waiting.isEmpty() && running.isEmpty();
    }

    /**
     * Admits what fits and plans the next step, starting at {@code nowNanos}, or returns {@code null}
     * when there is nothing to run.
     */
    public StepPlan planStep(long nowNanos) {
        StepPlan plan = engine.continuousBatching() ? planContinuous() : planStatic();
        if (plan != null) {
            for (Sequence s : plan.prefill()) {
                if (s.scheduledNanos < 0) s.scheduledNanos = nowNanos; // vLLM's scheduled_ts: the first scheduling counts
            }
            meter.stepStarted(nowNanos, pool.used(), physics.activationBytesPerDevice(plan.computeTokens(), plan.sampled()),
                    plan.cost().utilisation());
        }
        publish();
        return plan;
    }

    // ------------------------------------------------------------------ continuous batching

    private StepPlan planContinuous() {
        List<Sequence> prefill = new ArrayList<>();
        // sized for every running sequence: grown from 10 it was copied 5 times a step at 70 in flight
        List<Sequence> decode = new ArrayList<>(running.size());
        long budget = settings.maxBatchedTokens();
        long preemptionsBefore = preemptions;
        // Running sequences in admission order: decodes take one token, prefills their next chunk.
        for (int i = 0; i < running.size() && budget > 0; i++) {
            Sequence s = running.get(i);
            // a speculating decode verifies its last token and k drafts: 1 + k positions, KV slots for all of them
            int need = speculative != null && s.decoding() ? speculative.positions() : s.need();
            int n = (int) Math.min(need, budget);
            if (n < need && !engine.chunkedPrefill()) {
                if (!prefill.isEmpty() || !decode.isEmpty()) continue; // a whole prompt that does not fit waits
                n = need; // ... unless it would run alone: then it runs whole, over the budget
            }
            if (!ensureBlocks(s, s.computed + n)) break; // s itself was preempted: it was the last one running
            s.scheduled = n;
            budget -= n;
            if (s.decoding()) decode.add(s);
            else prefill.add(s);
        }
        boolean preempted = preemptions > preemptionsBefore;
        // Waiting requests, first come first served; none while the cache is short (something was just preempted).
        while (!preempted && budget > 0 && !waiting.isEmpty() && running.size() < settings.maxBatch()) {
            Sequence s = waiting.peekFirst();
            int cachedBlocks = prefixCaching ? pool.matchLeading(s.blocks.chainedHashes(), Integer.MAX_VALUE) : 0;
            int cachedTokens = prefixCaching ? s.blocks.cachedTokens(cachedBlocks, s.promptTokens) : 0;
            int shared = Math.min(cachedBlocks, cachedTokens / SimPhysics.BLOCK_TOKENS);
            int need = s.prefillTarget() - cachedTokens;
            int n = (int) Math.min(need, budget);
            if (n < need && !engine.chunkedPrefill()) {
                if (!prefill.isEmpty() || !decode.isEmpty()) break;
                n = need;
            }
            if (!admit(s, shared, cachedTokens, n)) break; // FCFS: the head waits for room, nobody overtakes it
            waiting.pollFirst();
            s.scheduled = n;
            budget -= n;
            prefill.add(s);
        }
        if (prefill.isEmpty() && decode.isEmpty()) return null;
        long compute = 0;
        long pairs = 0;
        long kvRead = 0;
        int sampled = 0;
        for (Sequence s : decode) {
            compute += s.scheduled;
            pairs += s.scheduled == 1 ? s.computed + 1 : SimPhysics.causalPairs(s.computed, s.scheduled);
            kvRead += s.computed;
            sampled++;
        }
        for (Sequence s : prefill) {
            compute += s.scheduled;
            pairs += SimPhysics.causalPairs(s.computed, s.scheduled);
            kvRead += s.computed;
            if (s.computed + s.scheduled >= s.prefillTarget()) sampled++;
        }
        return plan(prefill, decode, compute, pairs, kvRead, sampled);
    }

    /**
     * Makes {@code s} hold blocks for {@code positions} KV positions. An on-demand engine allocates what
     * is missing, preempting the latest admitted sequences while the pool is short; returns false when
     * {@code s} itself had to be preempted. Reserving engines took everything at admission.
     */
    private boolean ensureBlocks(Sequence s, int positions) {
        if (policy != EnginePreset.KvPolicy.ON_DEMAND) return true;
        int missing = blocksFor(positions) - s.heldCount;
        while (missing > pool.free()) {
            Sequence victim = running.get(running.size() - 1);
            preempt(victim);
            if (victim == s) return false;
        }
        for (int k = 0; k < missing; k++) s.hold(pool.allocate());
        return true;
    }

    /**
     * Admits {@code s} when its KV fits: the {@code shared} leading prompt blocks from the prefix cache,
     * plus new blocks for the first {@code firstChunk} positions after the cached ones (on demand), its
     * prompt and whole output (reserving), or one contiguous region. Returns false, changing nothing, when it does not fit.
     */
    private boolean admit(Sequence s, int shared, int cachedTokens, int firstChunk) {
        long[] keys = s.blocks.chainedHashes();
        int reuseFree = shared > 0 ? pool.freeAmongLeading(keys, shared) : 0;
        switch (policy) {
            case ON_DEMAND, RESERVE_OUTPUT -> {
                long positions = policy == EnginePreset.KvPolicy.ON_DEMAND ? (long) cachedTokens + firstChunk
                        : reservationTokens(s.promptTokens, s.maxTokens);
                int fresh = Math.max(0, blocksFor(positions) - shared);
                if (fresh + reuseFree > pool.free()) return false;
                for (int k = 0; k < shared; k++) s.hold(pool.acquire(keys[k]));
                for (int k = 0; k < fresh; k++) s.hold(pool.allocate());
            }
            case CONTIGUOUS_REQUEST, CONTIGUOUS_CONTEXT -> {
                int count = blocksFor(reservationTokens(s.promptTokens, s.maxTokens));
                if (runScratch.length < count) runScratch = new int[count];
                if (!pool.allocateRun(count, runScratch)) return false;
                for (int k = 0; k < count; k++) s.hold(runScratch[k]);
            }
        }
        boolean first = !s.admitted && s.preemptions == 0;
        s.admitted = true;
        s.computed = cachedTokens;
        s.cachedTokens = cachedTokens;
        s.registeredBlocks = shared;
        running.add(s);
        if (first) promptTokens += s.promptTokens;
        if (prefixCaching) {
            prefixQueryTokens += s.promptTokens;
            prefixHitTokens += cachedTokens;
        }
        return true;
    }

    private void preempt(Sequence s) {
        running.remove(s);
        releaseBlocks(s);
        s.computed = 0;
        s.scheduled = 0;
        s.admitted = false;
        s.preemptions++;
        preemptions++;
        waiting.addFirst(s);
    }

    // ------------------------------------------------------------------ static batching

    private StepPlan planStatic() {
        if (!staticMembers.isEmpty()) {
            if (running.isEmpty()) return null;
            // Finished members stay in the padded batch: the whole batch is computed and its full KV read.
            int size = staticMembers.size();
            long context = staticPaddedPrompt + staticDecodeSteps + 1;
            for (Sequence s : running) s.scheduled = 1;
            return plan(List.of(), new ArrayList<>(running), size, size * context, size * context, running.size());
        }
        List<Sequence> prefill = new ArrayList<>();
        long longest = 0;
        while (!waiting.isEmpty() && prefill.size() < settings.maxBatch()) {
            Sequence s = waiting.peekFirst();
            if (!admit(s, 0, 0, 0)) break;
            waiting.pollFirst();
            s.scheduled = s.need();
            prefill.add(s);
            staticMembers.add(s);
            longest = Math.max(longest, s.promptTokens);
        }
        if (prefill.isEmpty()) return null;
        staticPaddedPrompt = longest;
        staticDecodeSteps = 0;
        int size = prefill.size();
        return plan(prefill, List.of(), size * longest, size * SimPhysics.causalPairs(0, longest), 0, size);
    }

    private void endStaticBatchIfDone() {
        if (!staticMembers.isEmpty() && running.isEmpty()) {
            for (Sequence s : staticMembers) releaseBlocks(s);
            staticMembers.clear();
        }
    }

    // ------------------------------------------------------------------ steps

    private StepPlan plan(List<Sequence> prefill, List<Sequence> decode, long computeTokens, long pairs, long kvRead, int sampled) {
        // the step attends to the KV already computed of each of its sequences
        blockReads.step(decode, prefill);
        // A decode-only batch that fits a captured CUDA graph replays it, padded to the graph's size; other
        // steps of a graph engine launch their kernels eagerly.
        int replay = graphs.replaySize(prefill.isEmpty(), decode.size());
        boolean compiled = replay > 0 || graphs.mode() == EnginePreset.Compilation.AHEAD_OF_TIME;
        long padded = replay > 0 ? computeTokens + (replay - decode.size()) : computeTokens;
        SimPhysics.StepCost cost = physics.cost(padded, pairs, kvRead, !compiled && graphs.graphEngine());
        double seconds = cost.seconds();
        if (speculative != null && speculates(decode)) seconds *= speculative.draftStepFactor();
        if (settings.jitter() > 0) {
            seconds *= 1 + settings.jitter() * (2 * jitterRandom.nextDouble() - 1);
        }
        return new StepPlan(prefill, decode, computeTokens, pairs, kvRead, sampled, cost, seconds, compiled);
    }

    private static boolean speculates(List<Sequence> decode) {
        for (Sequence s : decode) {
            if (s.scheduled > 1) return true;
        }
        return false;
    }

    /**
     * Ends a planned step at {@code endNanos}: positions computed, first tokens for completed prefills,
     * next tokens for decodes, completions. {@code lateNanos} is how much later than its simulated
     * duration it ended (a real-time driver that was descheduled), 0 in virtual time.
     */
    public void completeStep(StepPlan plan, long endNanos, long lateNanos) {
        steps++;
        graphs.stepEnded(plan.prefill().isEmpty(), plan.compiled());
        if (lateNanos > 0) this.lateNanos += lateNanos;
        if (lateNanos > RealTimeEngine.LATE_NANOS) lateSteps++;
        for (Sequence s : plan.decode()) advance(s, endNanos);
        for (Sequence s : plan.prefill()) advance(s, endNanos);
        if (!staticMembers.isEmpty() && plan.prefill().isEmpty()) staticDecodeSteps++;
        endStaticBatchIfDone();
        meter.stepEnded(endNanos, plan.seconds(), plan.cost(), pool.used(), pool);
        publish();
        // Ends are told after the step's figures are published: a client that has read a whole response
        // and then reads the server's metrics finds its tokens and its step counted.
        for (Sequence s : ended) {
            sink.complete(s, endNanos, new Usage(s.promptTokens, s.generated,
                    s.reasoningInUsage ? Math.min(s.reasoningTokens, s.generated) : Usage.UNKNOWN));
        }
        ended.clear();
    }

    private void advance(Sequence s, long endNanos) {
        if (s.terminated || !s.admitted || s.scheduled == 0) return; // cancelled or preempted during the step
        if (s.scheduled > 1 && s.decoding()) {
            advanceSpeculating(s, endNanos);
            return;
        }
        s.computed += s.scheduled;
        s.scheduled = 0;
        if (prefixCaching) registerPromptBlocks(s);
        if (s.computed >= s.prefillTarget()) emitToken(s, endNanos);
    }

    /**
     * Ends a speculating decode: of its {@code scheduled - 1} drafts the first {@code a} are accepted; the KV of
     * the last token and the accepted drafts is kept, and {@code a + 1} tokens are emitted (the accepted drafts and
     * the target's own next token), fewer when the request reaches its {@code max_tokens} first.
     */
    private void advanceSpeculating(Sequence s, long endNanos) {
        int accepted = speculative.verify(s.scheduled - 1);
        s.computed += 1 + accepted;
        s.scheduled = 0;
        if (prefixCaching) registerPromptBlocks(s);
        for (int i = 0; i <= accepted && !s.terminated; i++) emitToken(s, endNanos);
    }

    /**
     * Full blocks now computed become findable by later prompts with the same prefix: the prompt's, and as in
     * vLLM's automatic prefix caching those of the generated tokens after it (keyed over prompt and output
     * words together), so a session's next turn, whose prompt holds this answer, finds the answer's blocks too.
     * The last generated token's KV is never computed (nothing follows it), so a block it would fill is not cached.
     */
    private void registerPromptBlocks(Sequence s) {
        long[] keys = s.blocks.chainedHashes();
        PromptBlocks.Chain all = s.sequenceBlocks;
        int keyCount = all == null ? keys.length : all.blockCount();
        int full = Math.min(Math.min(keyCount, s.heldCount), s.computed / SimPhysics.BLOCK_TOKENS);
        for (int j = s.registeredBlocks; j < full; j++) pool.register(s.held[j], all == null ? keys[j] : all.hash(j));
        s.registeredBlocks = Math.max(s.registeredBlocks, full);
    }

    private void emitToken(Sequence s, long nowNanos) {
        int position = Vocabulary.position(s.wordSeed, s.generated);
        String word = Vocabulary.wordAt(position);
        if (prefixCaching) {
            if (s.sequenceBlocks == null) s.sequenceBlocks = s.blocks.extend();
            s.sequenceBlocks.addWord(PromptBlocks.VOCABULARY_HASHES[position]);
        }
        if (s.firstTokenNanos < 0) s.firstTokenNanos = nowNanos;
        boolean reasoning = s.generated < s.reasoningTokens;
        s.generated++;
        generationTokens++;
        sink.tokens(s, nowNanos, word, reasoning);
        if (s.generated >= s.maxTokens) {
            s.terminated = true;
            release(s);
            completed++;
            addStages(s, nowNanos);
            ended.add(s); // its end is told once the step's figures are published (completeStep)
        }
    }

    /** Adds a completed request's stages: queue, prefill and decode partition its end-to-end time exactly. */
    private void addStages(Sequence s, long endNanos) {
        if (s.arrivalNanos < 0 || s.scheduledNanos < 0 || s.firstTokenNanos < 0) return;
        stageRequests++;
        queueNanos += s.scheduledNanos - s.arrivalNanos;
        prefillNanos += s.firstTokenNanos - s.scheduledNanos;
        decodeNanos += endNanos - s.firstTokenNanos;
        endToEndNanos += endNanos - s.arrivalNanos;
    }

    /** Removes a sequence and tells its listener it was cancelled; nothing when it already ended. */
    public void cancel(Sequence s, long nowNanos, String message) {
        if (s.terminated) return;
        s.terminated = true;
        if (s.admitted) release(s);
        else waiting.remove(s);
        endStaticBatchIfDone();
        meter.blocksChanged(nowNanos, pool.used());
        publish();
        sink.error(s, nowNanos, BackendError.of(ErrorKind.CANCELLED, message));
    }

    /** Ends every waiting and running sequence with an error (the engine is shutting down). */
    public void failAll(ErrorKind kind, String message, long nowNanos) {
        List<Sequence> all = new ArrayList<>(running);
        all.addAll(waiting);
        for (Sequence s : running) releaseBlocks(s);
        for (Sequence s : staticMembers) releaseBlocks(s);
        running.clear();
        waiting.clear();
        staticMembers.clear();
        meter.blocksChanged(nowNanos, pool.used());
        publish();
        for (Sequence s : all) {
            if (s.terminated) continue;
            s.terminated = true;
            sink.error(s, nowNanos, BackendError.of(kind, message));
        }
    }

    private void release(Sequence s) {
        running.remove(s);
        // A static batch keeps its contiguous buffers until the whole batch ends.
        if (engine.continuousBatching()) releaseBlocks(s);
    }

    private void releaseBlocks(Sequence s) {
        blockReads.release(s);
        for (int k = 0; k < s.heldCount; k++) pool.release(s.held[k]);
        s.heldCount = 0;
        s.registeredBlocks = 0;
    }

    /**
     * Tokens a request's KV may grow to, which an engine that reserves takes at admission: prompt plus
     * output, or the whole context for {@link EnginePreset.KvPolicy#CONTIGUOUS_CONTEXT}.
     */
    long reservationTokens(int prompt, int maxTokens) {
        return policy == EnginePreset.KvPolicy.CONTIGUOUS_CONTEXT ? settings.model().maxContext() : (long) prompt + maxTokens;
    }

    private static int blocksFor(long tokens) {
        return (int) ((tokens + SimPhysics.BLOCK_TOKENS - 1) / SimPhysics.BLOCK_TOKENS);
    }

    private void publish() {
        snapshot = new SimEngineState(running.size(), waiting.size(), (double) pool.used() / totalBlocks,
                kvCapacityTokens, prefixQueryTokens, prefixHitTokens, promptTokens, generationTokens, preemptions,
                completed, steps, lateSteps, lateNanos / 1e9, stageRequests, queueNanos / 1e9, prefillNanos / 1e9,
                decodeNanos / 1e9, endToEndNanos / 1e9);
    }
}
