package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.sim.EnginePreset;
import io.benchsuite.sim.SimEngineState;
import io.benchsuite.sim.SimPhysics;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.Vocabulary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler of the simulated engine, without a clock: it plans a step, and when told the step
 * is over, emits its tokens. A driver decides when steps end (in real time, see
 * {@link RealTimeEngine}; tests drive it in virtual time). Step durations are pure functions of the
 * batch state plus the seeded jitter, so a given seed and arrival order give the same step times.
 *
 * <p>Not thread-safe: one thread drives it. {@link #state()} may be read from any thread.
 */
public final class EngineCore {
    private static final Logger LOG = LoggerFactory.getLogger(EngineCore.class);

    private final SimSettings settings;
    private final SimPhysics physics;
    private final EnginePreset engine;
    private final long kvCapacityTokens;
    private final long totalBlocks;
    private final PrefixCache prefixCache;
    private final SplittableRandom jitterRandom;

    private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
    private final LinkedHashSet<Sequence> running = new LinkedHashSet<>();
    private long usedBlocks;

    // Static batching (transformers preset): the batch in flight, padded to its longest prompt.
    private int staticBatchSize;
    private long staticPaddedPrompt;
    private long staticDecodeSteps;
    private long staticHeldBlocks;

    private long prefixQueryTokens;
    private long prefixHitTokens;
    private long promptTokens;
    private long generationTokens;
    private long completed;
    private long steps;
    private volatile SimEngineState snapshot;

    /** @throws IllegalArgumentException when the model's weights leave no room for a KV cache on the device */
    public EngineCore(SimSettings settings) {
        this.settings = settings;
        this.physics = settings.physics();
        this.engine = settings.engine();
        this.kvCapacityTokens = physics.kvCapacityTokens();
        if (kvCapacityTokens < SimPhysics.BLOCK_TOKENS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "model '%s' does not fit on device '%s': %.2f GB of weights (%s) leave no KV cache in %.1f GB x %.2f",
                    settings.modelName(), settings.device().name(), physics.weightBytes() / 1e9,
                    settings.quantization().label(), settings.device().memoryBytes() / 1e9, settings.memoryUtilization()));
        }
        this.totalBlocks = kvCapacityTokens / SimPhysics.BLOCK_TOKENS;
        this.prefixCache = engine.prefixCaching() ? new PrefixCache(totalBlocks) : null;
        this.jitterRandom = new SplittableRandom(settings.seed());
        publish();
    }

    public SimPhysics physics() {
        return physics;
    }

    /** Tokens the KV cache holds. */
    public long kvCapacityTokens() {
        return kvCapacityTokens;
    }

    /** The latest state; any thread. */
    public SimEngineState state() {
        return snapshot;
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
                    + totalBlocks * SimPhysics.BLOCK_TOKENS;
        }
        return null;
    }

    /** Queues a sequence that passed {@link #admissionProblem}. */
    public void submit(Sequence s) {
        waiting.addLast(s);
        publish();
    }

    /** Whether nothing is waiting or running. */
    public boolean idle() {
        return waiting.isEmpty() && running.isEmpty();
    }

    /** Admits what fits and plans the next step, or returns {@code null} when there is nothing to run. */
    public StepPlan planStep() {
        StepPlan plan = engine.continuousBatching() ? planContinuous() : planStatic();
        publish();
        return plan;
    }

    private StepPlan planContinuous() {
        List<Sequence> decode = new ArrayList<>(running);
        long kvRead = 0;
        for (Sequence s : decode) kvRead += s.contextTokens();
        long budget = settings.maxBatchedTokens() - (long) decode.size();
        List<Sequence> prefill = new ArrayList<>();
        long prefillTokens = 0;
        while (!waiting.isEmpty() && running.size() < settings.maxBatch()) {
            Sequence s = waiting.peekFirst();
            int need = blocksFor(reservationTokens(s.promptTokens, s.maxTokens));
            if (usedBlocks + need > totalBlocks) break; // FCFS: the head waits for room, nobody overtakes it
            int cached = 0;
            if (prefixCache != null) {
                cached = s.blocks.cachedTokens(prefixCache.matchLeading(s.blocks.chainedHashes()), s.promptTokens);
            }
            long uncached = (long) s.promptTokens - cached;
            // A prompt over the token budget still runs when it is the step's only prefill, or it would never run.
            if (uncached > budget && !prefill.isEmpty()) break;
            waiting.pollFirst();
            admit(s, need, cached);
            prefill.add(s);
            prefillTokens += uncached;
            budget -= uncached;
        }
        if (decode.isEmpty() && prefill.isEmpty()) return null;
        return plan(prefill, decode, decode.size() + prefillTokens, kvRead);
    }

    private StepPlan planStatic() {
        if (staticBatchSize > 0) {
            if (running.isEmpty()) return null;
            // Finished members stay in the padded batch: the whole batch is computed and its full KV read.
            long compute = staticBatchSize;
            long kvRead = staticBatchSize * (staticPaddedPrompt + staticDecodeSteps + 1);
            return plan(List.of(), new ArrayList<>(running), compute, kvRead);
        }
        List<Sequence> prefill = new ArrayList<>();
        long longest = 0;
        while (!waiting.isEmpty() && prefill.size() < settings.maxBatch()) {
            Sequence s = waiting.peekFirst();
            int need = blocksFor(reservationTokens(s.promptTokens, s.maxTokens));
            if (usedBlocks + need > totalBlocks) break;
            waiting.pollFirst();
            admit(s, need, 0);
            prefill.add(s);
            staticHeldBlocks += need;
            longest = Math.max(longest, s.promptTokens);
        }
        if (prefill.isEmpty()) return null;
        staticBatchSize = prefill.size();
        staticPaddedPrompt = longest;
        staticDecodeSteps = 0;
        return plan(prefill, List.of(), staticBatchSize * longest, 0);
    }

    private void admit(Sequence s, int blocks, int cachedTokens) {
        s.admitted = true;
        s.reservedBlocks = blocks;
        s.cachedTokens = cachedTokens;
        usedBlocks += blocks;
        running.add(s);
        promptTokens += s.promptTokens;
        if (prefixCache != null) {
            prefixQueryTokens += s.promptTokens;
            prefixHitTokens += cachedTokens;
        }
    }

    private StepPlan plan(List<Sequence> prefill, List<Sequence> decode, long computeTokens, long kvRead) {
        double seconds = physics.stepSeconds(computeTokens, kvRead);
        if (settings.jitter() > 0) {
            seconds *= 1 + settings.jitter() * (2 * jitterRandom.nextDouble() - 1);
        }
        return new StepPlan(prefill, decode, computeTokens, kvRead, seconds);
    }

    /** Ends a planned step: first tokens for its prefills, next tokens for its decodes, completions. */
    public void completeStep(StepPlan plan, LongSupplier clock) {
        steps++;
        for (Sequence s : plan.prefill()) {
            if (s.terminated) continue;
            if (prefixCache != null) prefixCache.insert(s.blocks.chainedHashes());
            emitToken(s, clock);
        }
        for (Sequence s : plan.decode()) {
            if (!s.terminated) emitToken(s, clock);
        }
        if (staticBatchSize > 0 && plan.prefill().isEmpty()) staticDecodeSteps++;
        endStaticBatchIfDone();
        publish();
    }

    private void emitToken(Sequence s, LongSupplier clock) {
        String word = Vocabulary.word(s.wordSeed, s.generated);
        s.generated++;
        generationTokens++;
        try {
            s.listener.onTokens(clock.getAsLong(), 1, word);
        } catch (RuntimeException e) {
            LOG.warn("listener of sim request {} threw from onTokens; ignored", s.id, e);
        }
        if (s.generated >= s.maxTokens) {
            s.terminated = true;
            release(s);
            completed++;
            try {
                s.listener.onComplete(clock.getAsLong(), new Usage(s.promptTokens, s.generated));
            } catch (RuntimeException e) {
                LOG.warn("listener of sim request {} threw from onComplete; ignored", s.id, e);
            }
        }
    }

    /** Removes a sequence and tells its listener it was cancelled; nothing when it already ended. */
    public void cancel(Sequence s, LongSupplier clock, String message) {
        if (s.terminated) return;
        s.terminated = true;
        if (s.admitted) release(s);
        else waiting.remove(s);
        endStaticBatchIfDone();
        publish();
        deliverError(s, clock, ErrorKind.CANCELLED, message);
    }

    /** Ends every waiting and running sequence with an error (the engine is shutting down). */
    public void failAll(ErrorKind kind, String message, LongSupplier clock) {
        List<Sequence> all = new ArrayList<>(running);
        all.addAll(waiting);
        running.clear();
        waiting.clear();
        usedBlocks = 0;
        staticBatchSize = 0;
        staticHeldBlocks = 0;
        publish();
        for (Sequence s : all) {
            if (s.terminated) continue;
            s.terminated = true;
            deliverError(s, clock, kind, message);
        }
    }

    private void deliverError(Sequence s, LongSupplier clock, ErrorKind kind, String message) {
        try {
            s.listener.onError(clock.getAsLong(), BackendError.of(kind, message));
        } catch (RuntimeException e) {
            LOG.warn("listener of sim request {} threw from onError; ignored", s.id, e);
        }
    }

    private void release(Sequence s) {
        running.remove(s);
        // A static batch keeps its contiguous buffer until the whole batch ends.
        if (engine.continuousBatching()) usedBlocks -= s.reservedBlocks;
    }

    private void endStaticBatchIfDone() {
        if (staticBatchSize > 0 && running.isEmpty()) {
            usedBlocks -= staticHeldBlocks;
            staticHeldBlocks = 0;
            staticBatchSize = 0;
        }
    }

    /** Tokens a request reserves at admission: prompt plus output when paged, the whole context when contiguous. */
    long reservationTokens(int prompt, int maxTokens) {
        return engine.paged() ? (long) prompt + maxTokens : settings.model().maxContext();
    }

    private static int blocksFor(long tokens) {
        return (int) ((tokens + SimPhysics.BLOCK_TOKENS - 1) / SimPhysics.BLOCK_TOKENS);
    }

    private void publish() {
        snapshot = new SimEngineState(running.size(), waiting.size(), (double) usedBlocks / totalBlocks,
                totalBlocks * SimPhysics.BLOCK_TOKENS, prefixQueryTokens, prefixHitTokens, promptTokens,
                generationTokens, 0, completed, steps);
    }
}
