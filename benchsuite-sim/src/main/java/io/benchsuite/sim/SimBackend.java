package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.sim.internal.EngineCore;
import io.benchsuite.sim.internal.PromptBlocks;
import io.benchsuite.sim.internal.RealTimeEngine;
import io.benchsuite.sim.internal.Sequence;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulated serving engine as a {@link Backend}: a real-time discrete-event model (see
 * {@link SimPhysics} for the costs and {@link EnginePreset} for the policies) that streams one token
 * per engine step to each running request. The engine runs on its own thread
 * ({@code benchsuite-sim-engine-...}) and listeners are called from another
 * ({@code benchsuite-sim-events-...}), so a slow listener delays the delivery of events, never the
 * engine's steps: every token carries the time the engine generated it. Both threads are daemons,
 * gone after {@link #close()}.
 *
 * <p>The engine has no end-of-sequence: every request generates exactly its {@code maxTokens}.
 * Requests whose prompt plus output exceed the model's context, or that could never fit in the KV
 * cache, end with {@link ErrorKind#REJECTED}, as do requests sent after {@link #close()}. Thread-safe.
 */
public final class SimBackend implements Backend {
    private static final Logger LOG = LoggerFactory.getLogger(SimBackend.class);

    private final SimSettings settings;
    private final EngineCore core;
    private final RealTimeEngine engine;
    private final AtomicLong nextId = new AtomicLong();
    private final HeldSends loads;
    private final SimEndpoint endpoint;
    /** The lengths of the audio files requests carry, each read once. */
    private final ClipLengths clipLengths = new ClipLengths();
    private final ImageFigures imageFigures = new ImageFigures();
    /** Where the inputs of an embeddings, rerank or score request go. */
    private final PooledBatch.Engine pooling = new PooledBatch.Engine() {
        @Override
        public long nextId() {
            return nextId.getAndIncrement();
        }

        @Override
        public String admissionProblem(int promptTokens, int maxTokens) {
            return core.admissionProblem(promptTokens, maxTokens);
        }

        @Override
        public boolean submit(Sequence s) {
            return engine.submit(s);
        }

        @Override
        public void cancel(Sequence s) {
            engine.cancel(s);
        }
    };

    /**
     * Starts an engine with these settings.
     *
     * @throws IllegalArgumentException when the model does not fit on the device
     */
    public SimBackend(SimSettings settings) {
        this(settings, Adapters.NONE);
    }

    /**
     * Starts an engine with these settings, serving LoRA adapters beside its base model: a request whose model is an
     * adapter not loaded reaches the engine after its load ({@link AdapterLoads}, on the scaled wall clock), and so
     * does every request sent while a load runs.
     *
     * @param settings the engine's settings
     * @param adapters the adapters served
     * @throws IllegalArgumentException when the model does not fit on the device
     */
    public SimBackend(SimSettings settings, Adapters adapters) {
        this(settings, adapters, SimEndpoint.CHAT);
    }

    /**
     * Starts an engine with these settings and adapters, serving {@code endpoint}: its transcriptions
     * ({@link Transcription}), its rerank {@code top_n} and its audio-token rule.
     *
     * @param settings the engine's settings
     * @param adapters the adapters served
     * @param endpoint the API served
     * @throws IllegalArgumentException when the model does not fit on the device
     */
    public SimBackend(SimSettings settings, Adapters adapters, SimEndpoint endpoint) {
        this.settings = notNull(settings, "settings");
        this.endpoint = notNull(endpoint, "endpoint");
        this.engine = new RealTimeEngine(settings);
        this.core = engine.core();
        this.loads = new HeldSends(new AdapterLoads(notNull(adapters, "adapters"), 1e6 * settings.timeScale()), engine);
        LOG.debug("sim engine started: {}", info().details());
    }

    /**
     * The adapter loads of this engine (counts, what is loaded).
     *
     * @return the loads
     */
    AdapterLoads adapterLoads() {
        return loads.loads();
    }

    /** The settings this engine runs with. */
    public SimSettings settings() {
        return settings;
    }

    /** The cost model (for predictions and reports). */
    public SimPhysics physics() {
        return core.physics();
    }

    /** The engine's state now (running, waiting, KV usage, prefix-cache and token counters); any thread, cheap. */
    public SimEngineState state() {
        return engine.state();
    }

    /**
     * The prompt length the engine uses for a request: {@link InferenceRequest#inputTokens()} when
     * positive, else the prompt's whitespace-separated words (at least 1); plus {@code mediaTokens}, the tokens of
     * the images and audio clips it carries ({@link VisionTokens#QWEN2_VL}, {@link AudioTokens}, from
     * {@link SimEndpoint#route}), which the engine prefills with the text.
     *
     * @param request the request
     * @param words the prompt's words (used when the request gives no length)
     * @param mediaTokens the prompt tokens of its images and clips
     * @return the prompt tokens the engine prefills
     */
    static int promptTokens(InferenceRequest request, int words, int mediaTokens) {
        return (request.inputTokens() > 0 ? request.inputTokens() : Math.max(1, words)) + mediaTokens;
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@code onSent} is delivered on the calling thread before this returns; so is the
     * {@link ErrorKind#REJECTED} error of a request that can never run (an HTTP front end relies on
     * this to answer 400 before it commits to a 200 stream). Tokens and the end come from the delivery thread.
     */
    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        notNull(request, "request");
        notNull(listener, "listener");
        SimEndpoint.Routed routed = endpoint.route(request, listener, System.nanoTime(), clipLengths, imageFigures);
        if (routed == null) return RequestHandle.NONE;
        request = routed.request();
        listener = routed.listener();
        BatchInputs batch = request.extras().get(BatchInputs.class).orElse(null);
        if (batch != null) {
            listener.onSent(System.nanoTime());
            return PooledBatch.send(batch, endpoint.returned(batch.size()), listener, System.nanoTime(), pooling);
        }
        listener = ShapedListener.wrap(request, listener); // tools and response formats: serve-sim's answer
        PromptBlocks blocks = blocks(request);
        int promptTokens = promptTokens(request, blocks.words(), routed.mediaTokens());
        listener.onSent(System.nanoTime());
        String problem = core.admissionProblem(promptTokens, request.maxTokens());
        if (problem != null) {
            listener.onError(System.nanoTime(), BackendError.of(ErrorKind.REJECTED, problem));
            return RequestHandle.NONE;
        }
        long id = nextId.getAndIncrement();
        long wordSeed = wordSeed(settings, request);
        Sequence s = new Sequence(id, listener, promptTokens, request.maxTokens(), blocks, wordSeed,
                settings.reasoning().tokensFor(wordSeed, request.maxTokens()), settings.reasoning().inUsage());
        return loads.submit(request.model(), s, listener);
    }

    /**
     * The prompt's block hashes (what the prefix cache matches), computed ahead of time: hashing a long
     * prompt word by word would otherwise run on the sender's thread when the request is due.
     */
    @Override
    public PreparedPrompt prepare(List<ChatMessage> messages) {
        notNull(messages, "messages");
        return prepare(messages, ChatMessage.join(messages));
    }

    /**
     * {@link #prepare(List)} for a caller that holds the messages joined already (an HTTP front end
     * counts the prompt's tokens on that text): a long prompt is not joined a second time.
     *
     * @param messages the request's messages
     * @param prompt {@code ChatMessage.join(messages)}
     * @return the prompt's block hashes, for {@link InferenceRequest#withPrepared}
     */
    public PreparedPrompt prepare(List<ChatMessage> messages, String prompt) {
        return blocksAhead(messages, prompt);
    }

    /** The prompt's block hashes made ahead, for this backend and {@link VirtualSimBackend#prepare}. */
    static PreparedPrompt blocksAhead(List<ChatMessage> messages, String prompt) {
        notNull(messages, "messages");
        notNull(prompt, "prompt");
        return new Prepared(List.copyOf(messages), PromptBlocks.of(prompt));
    }

    /**
     * {@inheritDoc} The prompt's blocks, and the headers of the image and audio files the request carries read ahead
     * (each file once), so that a file's read falls on the planning thread, not inside its request's send.
     */
    @Override
    public PreparedPrompt prepare(List<ChatMessage> messages, RequestExtras extras) {
        notNull(extras, "extras");
        extras.get(AudioInputs.class).ifPresent(audio -> {
            try {
                clipLengths.of(audio.clips());
            } catch (IOException e) {
                LOG.debug("audio read ahead: {}", e.getMessage()); // the request's send fails with the reason
            }
        });
        extras.get(ImageInputs.class).ifPresent(images -> {
            try {
                imageFigures.readFilesAhead(images);
            } catch (IOException e) {
                LOG.debug("image read ahead: {}", e.getMessage()); // the request's send fails with the reason
            }
        });
        return prepare(messages);
    }

    /** A prompt's blocks, made by {@link #prepare} (and {@link VirtualSimBackend#prepare}). */
    record Prepared(List<ChatMessage> messages, PromptBlocks blocks) implements PreparedPrompt {}

    /** The request's prompt blocks: those prepared ahead for its messages, else hashed now. */
    static PromptBlocks blocks(InferenceRequest request) {
        Prepared prepared = request.preparedAs(Prepared.class);
        return prepared != null ? prepared.blocks() : PromptBlocks.of(request.prompt());
    }

    /** The seed of a request's generated words: the engine's seed, the request's seed and its index. */
    static long wordSeed(SimSettings settings, InferenceRequest request) {
        return Seeds.mix(settings.seed() ^ Seeds.mix(request.seed() ^ Seeds.mix(request.index())));
    }

    @Override
    public BackendInfo info() {
        return info(settings, core, "real (time-scale " + settings.timeScale() + ")");
    }

    static BackendInfo info(SimSettings settings, EngineCore core, String clock) {
        SimPhysics p = core.physics();
        Map<String, String> details = new LinkedHashMap<>();
        details.put("device", settings.device().name());
        details.put("devices", Integer.toString(settings.tensorParallel()));
        details.put("model-profile", settings.model().name());
        details.put("max-context", Integer.toString(settings.model().maxContext())); // the run checks requests against it
        details.put("quantization", settings.quantization().label());
        details.put("kv-cache-dtype", settings.kvCacheDtype().label());
        details.put("engine", settings.engine().label());
        details.put("max-batch", Integer.toString(settings.maxBatch()));
        details.put("max-batched-tokens", Integer.toString(settings.maxBatchedTokens()));
        details.put("kv-capacity-tokens", Long.toString(core.kvCapacityTokens()));
        details.put("weight-gb", String.format(Locale.ROOT, "%.3f", p.weightBytes() / 1e9));
        details.put("memory-gb", String.format(Locale.ROOT, "%.1f", settings.device().memoryBytes() * settings.tensorParallel() / 1e9));
        details.put("peak-flops", Double.toString(p.peakFlops() * settings.tensorParallel()));
        details.put("memory-bandwidth", Double.toString(settings.device().memoryBandwidth() * settings.tensorParallel()));
        details.put("mfu", Double.toString(p.effectiveFlops() / p.peakFlops()));
        details.put("bandwidth-efficiency", Double.toString(settings.engine().bandwidthEfficiency()));
        details.put("interconnect", settings.device().interconnect().name());
        if (settings.device().hasPower()) {
            details.put("power-w", String.format(Locale.ROOT, "idle %.1f, max %.1f per device", settings.device().idleWatts(),
                    settings.device().tdpWatts()));
        }
        details.put("seed", Long.toHexString(settings.seed()));
        details.put("jitter", Double.toString(settings.jitter()));
        details.put("clock", clock);
        details.put("time-scale", Double.toString(settings.timeScale()));
        details.put("token-count-source", "engine");
        return new BackendInfo(SimBackendProvider.NAME, settings.modelName(), "in-process", details);
    }

    /**
     * The engine's speculative-decoding counters since its start ({@link SimSpecDecodeTotals#NONE} without speculation).
     *
     * @return the counters, consistent with each other
     */
    public SimSpecDecodeTotals specDecodeTotals() {
        return core.specDecodeTotals();
    }

    /**
     * What the engine did from its start until now: memory over time and its peak, KV fragmentation,
     * prefix-cache hits, energy, the request stage sums and the reads per KV block (counted at every step:
     * the blocks of each scheduled sequence's computed tokens). Any thread, cheap (copies the per-second
     * memory curve and the block reads).
     *
     * <p>The stage sums are in simulated seconds, as the run's figures are (see {@link #timeScale()}):
     * the engine measures them on the wall clock, which runs {@code time-scale} times slower.
     */
    @Override
    public Optional<EngineSnapshot> engineSnapshot() {
        EngineSnapshot t = engine.engineSnapshot();
        double s = settings.timeScale();
        if (s == 1.0) return Optional.of(t);
        return Optional.of(t.toBuilder().queueSeconds(t.queueSeconds() / s).prefillSeconds(t.prefillSeconds() / s)
                .decodeSeconds(t.decodeSeconds() / s).endToEndSeconds(t.endToEndSeconds() / s).build());
    }

    /**
     * {@inheritDoc} The {@code time-scale} setting: the engine's steps take that many wall seconds per
     * simulated second, so a run divides what it measures by it and reports simulated time.
     */
    @Override
    public double timeScale() {
        return settings.timeScale();
    }

    /**
     * Stops the engine; requests still in flight end with {@link ErrorKind#CANCELLED}, and every event
     * is delivered before this returns (unless called from a listener). Idempotent.
     */
    @Override
    public void close() {
        loads.close();
        engine.close();
    }

    /** Whether the engine or its delivery thread still runs (false once {@link #close()} has returned). */
    public boolean engineThreadAlive() {
        return engine.threadAlive();
    }
}
