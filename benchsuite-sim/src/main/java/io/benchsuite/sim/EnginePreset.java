package io.benchsuite.sim;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the simulated engine manages memory, batches and spends its time, after the serving stacks it
 * imitates. The policies are each stack's defaults; the efficiency figures (achieved FLOP/s and
 * bandwidth as shares of the datasheet, host time per step) are fitted to published measurements of
 * that stack (the calibration table in {@code docs/simulator.md}, recomputed by {@code SimCalibrationTest}).
 *
 * <ul>
 *   <li>{@link #VLLM}: paged KV cache (16-token blocks) allocated as tokens arrive, preempting (and
 *       later recomputing) the latest request when the cache is full; automatic prefix caching;
 *       continuous batching with chunked prefill, 8192 tokens per step ({@code max_num_batched_tokens});
 *       CUDA graphs captured at start for decode batches of 1, 2, 4 and multiples of 8 up to
 *       {@code max_num_seqs} (at most 512); other steps run eagerly.</li>
 *   <li>{@link #SGLANG}: as vLLM (token-level KV pool with retraction, radix prefix cache, chunked
 *       prefill of 8192 tokens).</li>
 *   <li>{@link #TGI}: TGI 3.x: paged KV cache that reserves each request's prompt plus
 *       {@code max_new_tokens} at admission (its token budget), prefix caching (on by default since
 *       3.0), continuous batching, chunked prefill of 4096 tokens ({@code max_batch_prefill_tokens}).</li>
 *   <li>{@link #TENSORRT_LLM}: TensorRT-LLM's in-flight batching with its default
 *       {@code GUARANTEED_NO_EVICT} scheduler (prompt plus maximum output reserved at admission, never
 *       preempted), no chunked context and no KV reuse (both off by default), 8192 tokens per step.</li>
 *   <li>{@link #LLAMA_CPP}: llama.cpp's server: each request gets a contiguous slot of KV (prompt plus
 *       output), continuous batching across slots, prompts processed in chunks of 2048
 *       ({@code n_batch}), no shared prefix cache; hand-written kernels well below the roofline.</li>
 *   <li>{@link #TRANSFORMERS}: plain Hugging Face {@code generate}: contiguous KV cache reserved at
 *       the model's full context per sequence, no prefix cache, static batching (a batch runs until
 *       its longest member ends; arrivals wait for the next batch; prompts are padded to the longest),
 *       eager PyTorch whose kernel launches bound a step on fast GPUs.</li>
 * </ul>
 */
public enum EnginePreset {
    VLLM("vllm", KvPolicy.ON_DEMAND, true, true, true, 8192, 0.60, 0.45, 0.80, 0.0010, 0, Compilation.CUDA_GRAPHS, 512),
    SGLANG("sglang", KvPolicy.ON_DEMAND, true, true, true, 8192, 0.60, 0.45, 0.80, 0.0008, 0, Compilation.CUDA_GRAPHS, 512),
    TGI("tgi", KvPolicy.RESERVE_OUTPUT, true, true, true, 4096, 0.60, 0.45, 0.78, 0.0015, 0, Compilation.CUDA_GRAPHS, 32),
    TENSORRT_LLM("tensorrt-llm", KvPolicy.RESERVE_OUTPUT, false, true, false, 8192, 0.70, 0.50, 0.85, 0.0025, 0,
            Compilation.AHEAD_OF_TIME, 0),
    LLAMA_CPP("llama.cpp", KvPolicy.CONTIGUOUS_REQUEST, false, true, true, 2048, 0.40, 0.40, 0.55, 0.0005, 0, Compilation.NONE, 0),
    TRANSFORMERS("transformers", KvPolicy.CONTIGUOUS_CONTEXT, false, false, false, Integer.MAX_VALUE, 0.50, 0.50, 0.82, 0, 0.0005,
            Compilation.NONE, 0);

    /**
     * Host time to launch one layer's kernels from eager PyTorch, seconds: the {@link #TRANSFORMERS}
     * preset's figure (fitted to M11 of the calibration table), which a CUDA-graph engine pays on every
     * step it runs eagerly (a step with prefill, a batch larger than its largest captured graph, or
     * graphs turned off).
     */
    public static final double EAGER_LAUNCH_SECONDS_PER_LAYER = 0.0005;

    /** How an engine runs its forward pass: replaying compiled graphs, or launching kernels one by one. */
    public enum Compilation {
        /**
         * vLLM-style: at start the model is compiled for any batch size (the batch dimension is dynamic, so a
         * new size never recompiles) and a CUDA graph is captured for each of a list of batch sizes; a
         * decode-only step whose batch fits a captured size replays the graph of the next captured size
         * (padded), any other step runs eagerly.
         */
        CUDA_GRAPHS,
        /**
         * TensorRT-LLM-style: an engine built before the server starts for every shape up to its limits;
         * every step runs compiled code and nothing is compiled at run time.
         */
        AHEAD_OF_TIME,
        /** Nothing compiled: every step launches its kernels one by one (their cost is in the preset's figures). */
        NONE
    }

    /** How an engine holds KV cache for a request. */
    public enum KvPolicy {
        /** Paged blocks allocated as the sequence grows; a full cache preempts the latest request (recompute). */
        ON_DEMAND,
        /** Paged blocks for the prompt and the whole requested output, taken at admission. */
        RESERVE_OUTPUT,
        /** One contiguous region for the prompt and the whole requested output. */
        CONTIGUOUS_REQUEST,
        /** One contiguous region of the model's full context. */
        CONTIGUOUS_CONTEXT;

        /** Whether blocks can lie anywhere (a paged allocator) rather than in one contiguous run. */
        public boolean paged() {
            return this == ON_DEMAND || this == RESERVE_OUTPUT;
        }
    }

    private final String label;
    private final KvPolicy kvPolicy;
    private final boolean prefixCaching;
    private final boolean continuousBatching;
    private final boolean chunkedPrefill;
    private final int maxBatchedTokens;
    private final double mfu;
    private final double fp8Mfu;
    private final double bandwidthEfficiency;
    private final double stepOverheadSeconds;
    private final double launchSecondsPerLayer;
    private final Compilation compilation;
    private final int maxCaptureSize;

    EnginePreset(String label, KvPolicy kvPolicy, boolean prefixCaching, boolean continuousBatching, boolean chunkedPrefill,
                 int maxBatchedTokens, double mfu, double fp8Mfu, double bandwidthEfficiency, double stepOverheadSeconds,
                 double launchSecondsPerLayer, Compilation compilation, int maxCaptureSize) {
        this.compilation = compilation;
        this.maxCaptureSize = maxCaptureSize;
        this.label = label;
        this.kvPolicy = kvPolicy;
        this.prefixCaching = prefixCaching;
        this.continuousBatching = continuousBatching;
        this.chunkedPrefill = chunkedPrefill;
        this.maxBatchedTokens = maxBatchedTokens;
        this.mfu = mfu;
        this.fp8Mfu = fp8Mfu;
        this.bandwidthEfficiency = bandwidthEfficiency;
        this.stepOverheadSeconds = stepOverheadSeconds;
        this.launchSecondsPerLayer = launchSecondsPerLayer;
    }

    /** How the engine holds KV cache. */
    public KvPolicy kvPolicy() {
        return kvPolicy;
    }

    /** Paged KV cache (blocks anywhere) rather than contiguous regions. */
    public boolean paged() {
        return kvPolicy.paged();
    }

    /** Whether prompts reuse cached KV blocks of earlier prompts with the same prefix. */
    public boolean prefixCaching() {
        return prefixCaching;
    }

    /** Whether requests join and leave the running batch at every step. */
    public boolean continuousBatching() {
        return continuousBatching;
    }

    /** Whether a prompt longer than the step's token budget is split across steps (else it runs alone, whole). */
    public boolean chunkedPrefill() {
        return chunkedPrefill;
    }

    /** Default token budget of one step (prefill plus decode tokens). */
    public int defaultMaxBatchedTokens() {
        return maxBatchedTokens;
    }

    /** Achieved share of the device's dense 16-bit FLOP/s in the model's matrix multiplications. */
    public double mfu() {
        return mfu;
    }

    /** Achieved share of the device's dense FP8 FLOP/s when weights and activations are FP8. */
    public double fp8Mfu() {
        return fp8Mfu;
    }

    /** Achieved share of the datasheet memory bandwidth when streaming weights and KV cache. */
    public double bandwidthEfficiency() {
        return bandwidthEfficiency;
    }

    /** Host time added to every step (scheduling, sampling, output processing), seconds. */
    public double stepOverheadSeconds() {
        return stepOverheadSeconds;
    }

    /**
     * Host time to launch one layer's kernels, seconds; it overlaps the device's work, so a step takes at
     * least {@code layers x this}. Zero for engines that replay CUDA graphs.
     */
    public double launchSecondsPerLayer() {
        return launchSecondsPerLayer;
    }

    /** How the engine runs its forward pass (compiled graphs or eager). */
    public Compilation compilation() {
        return compilation;
    }

    /**
     * The largest batch a CUDA-graph engine captures a graph for, before the running-batch limit caps it:
     * 512 for vLLM (and SGLang, modelled as vLLM), 32 for TGI (its {@code --cuda-graphs} default
     * 1, 2, 4, 8, 16, 32); 0 for engines without captured graphs.
     */
    public int maxCaptureSize() {
        return maxCaptureSize;
    }

    /** Lower-case label, as used in configuration and reports. */
    public String label() {
        return label;
    }

    /**
     * Parses a preset name (case-insensitive; {@code trt-llm}, {@code trtllm}, {@code llamacpp} and
     * {@code llama-cpp} are accepted too).
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static EnginePreset parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (EnginePreset p : values()) {
            if (p.label.equals(s) || p.name().toLowerCase(Locale.ROOT).equals(s)) return p;
        }
        switch (s) {
            case "trt-llm", "trtllm", "tensorrt_llm", "tensorrtllm" -> {
                return TENSORRT_LLM;
            }
            case "llamacpp", "llama-cpp", "llama_cpp" -> {
                return LLAMA_CPP;
            }
            default -> throw new IllegalArgumentException("unknown engine '" + text + "' (expected one of "
                    + Arrays.stream(values()).map(EnginePreset::label).collect(Collectors.joining(", ")) + ")");
        }
    }
}
