package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.Quantization;
import java.util.Locale;

/**
 * The simulator's cost model: how long one engine step takes on a group of {@code tensorParallel}
 * devices, from first principles plus the engine's measured efficiencies.
 *
 * <p>A step runs one forward pass over some tokens (the uncached prompt tokens scheduled for
 * prefill, one token of each decoding request). On each device of the group it costs:
 * <ul>
 *   <li><b>compute</b> {@code c}: 2 FLOPs per parameter per token plus attention's
 *       {@link ModelProfile#attentionFlopsPerPair()} per (token, attended position), divided over the
 *       devices, at the device's dense FLOP/s (FP8 tensor cores for FP8 weights where the device has
 *       them) times the engine's {@link EnginePreset#mfu()}; it dominates prefill;</li>
 *   <li><b>memory</b> {@code m}: the device's share of the weights, read once per step, plus the KV
 *       cache every sequence attends over, at the datasheet bandwidth times the engine's
 *       {@link EnginePreset#bandwidthEfficiency()}; it dominates decode;</li>
 *   <li>the device time is {@code max(c, m) + OVERLAP_LOSS x min(c, m)}: compute and memory traffic
 *       overlap within a kernel but not across kernels, so steps near the ridge point cost more than
 *       the plain roofline says (TensorRT-LLM's 128-token prefills cost about {@code c + m});</li>
 *   <li><b>communication</b> (tensor parallel): two all-reduces per layer of the step's activations
 *       ({@code tokens x hidden x 2} bytes) over the devices' {@link Interconnect};</li>
 *   <li><b>host</b>: kernel launches that overlap the device ({@code layers x}
 *       {@link EnginePreset#launchSecondsPerLayer()}: the step takes at least that; a CUDA-graph engine's
 *       step that runs eagerly pays {@link EnginePreset#EAGER_LAUNCH_SECONDS_PER_LAYER} per layer, a
 *       replayed graph launches in one call) plus a serial per-step overhead
 *       ({@link EnginePreset#stepOverheadSeconds()}).</li>
 * </ul>
 * So a step is {@code max(device + communication, launches) + overhead}.
 *
 * <p>The device's utilisation in a step, for the power model, is the larger of how busy its tensor
 * cores were (FLOP/s achieved over what the engine reaches when compute-bound) and how busy its
 * memory was (bytes/s over the datasheet bandwidth): a compute-bound prefill runs near 1 (near TDP),
 * a batch-1 decode at the bandwidth efficiency (about 0.7-0.8), the idle gaps between steps at 0.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class SimPhysics {
    /**
     * Share of the smaller of compute and memory time that does not hide behind the larger: 0 is the
     * plain roofline, 1 adds them. Fitted to the calibration points (see {@code docs/simulator.md}).
     */
    public static final double OVERLAP_LOSS = 0.5;
    /** Tokens per KV-cache block of a paged engine (vLLM's default block size). */
    public static final int BLOCK_TOKENS = 16;
    /**
     * Bytes per weight of 4-bit AWQ/GPTQ: 0.5 B for the weight plus, per group of 128 weights, one
     * FP16 scale (2 B) and one packed 4-bit zero point (0.5 B): 0.5 + 2.5/128 = 0.51953125. The
     * whole parameter count is charged at this rate although real checkpoints keep the embeddings
     * in 16 bit, so 4-bit weight bytes are slightly optimistic.
     */
    public static final double FOUR_BIT_BYTES_PER_PARAMETER = 0.5 + 2.5 / 128;
    /** KV-cache element size by default: vLLM's {@code kv_cache_dtype=auto} keeps the model's 16-bit dtype. */
    public static final int KV_ELEMENT_BYTES = 2;

    /** The element type of the KV cache (vLLM's {@code --kv-cache-dtype}, TensorRT-LLM's {@code kv_cache_quant_algo}). */
    public enum KvCacheDtype {
        /** The model's 16-bit dtype (the default of every engine). */
        AUTO(2),
        /** FP8 (E4M3): half the bytes per token; NVIDIA's FP8 checkpoints ship with it. */
        FP8(1);

        private final int bytes;

        KvCacheDtype(int bytes) {
            this.bytes = bytes;
        }

        /** Bytes per element. */
        public int bytes() {
            return bytes;
        }

        /** Lower-case label, as used in configuration. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * Parses {@code auto} or {@code fp8} (case-insensitive).
         *
         * @throws IllegalArgumentException naming the accepted values
         */
        public static KvCacheDtype parse(String text) {
            String s = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
            if (s.equals("FP8_E4M3")) return FP8;
            for (KvCacheDtype d : values()) {
                if (d.name().equals(s)) return d;
            }
            throw new IllegalArgumentException("unknown KV-cache dtype '" + text + "' (expected auto or fp8)");
        }
    }
    /** Activation element size (BF16/FP16 activations, also with FP8 weights in the all-reduce). */
    private static final int ACTIVATION_BYTES = 2;

    private final ModelProfile model;
    private final DeviceProfile device;
    private final Quantization quantization;
    private final double memoryUtilization;
    private final int tensorParallel;
    private final EnginePreset engine;
    private final KvCacheDtype kvCacheDtype;

    /**
     * The cost model of one device running the {@link EnginePreset#VLLM} preset.
     *
     * @param memoryUtilization share of device memory the engine may use for weights and KV cache (vLLM's
     *     {@code gpu_memory_utilization}, 0.9 by default)
     */
    public SimPhysics(ModelProfile model, DeviceProfile device, Quantization quantization, double memoryUtilization) {
        this(model, device, quantization, memoryUtilization, 1, EnginePreset.VLLM, KvCacheDtype.AUTO);
    }

    /**
     * The cost model of {@code tensorParallel} devices serving one model with {@code engine}'s efficiencies.
     *
     * @param memoryUtilization share of each device's memory for weights and KV cache, in (0, 1]
     * @param tensorParallel devices the model is split over (1, 2, 4 or 8)
     * @param kvCacheDtype element type of the KV cache
     * @throws IllegalArgumentException when a value is out of range, the devices cannot be grouped, or the
     *     model's attention heads do not divide over them
     */
    public SimPhysics(ModelProfile model, DeviceProfile device, Quantization quantization, double memoryUtilization,
                      int tensorParallel, EnginePreset engine, KvCacheDtype kvCacheDtype) {
        this.model = notNull(model, "model");
        this.kvCacheDtype = notNull(kvCacheDtype, "kvCacheDtype");
        this.device = notNull(device, "device");
        this.quantization = notNull(quantization, "quantization");
        this.engine = notNull(engine, "engine");
        if (!(memoryUtilization > 0 && memoryUtilization <= 1)) {
            throw new IllegalArgumentException("memoryUtilization must be in (0, 1], got " + memoryUtilization);
        }
        checkTensorParallel(tensorParallel, model, device);
        this.memoryUtilization = memoryUtilization;
        this.tensorParallel = tensorParallel;
    }

    /**
     * Checks a tensor-parallel degree against a model and a device.
     *
     * @throws IllegalArgumentException saying what does not fit
     */
    static void checkTensorParallel(int tp, ModelProfile model, DeviceProfile device) {
        if (tp != 1 && tp != 2 && tp != 4 && tp != 8) {
            throw new IllegalArgumentException("tensorParallel must be 1, 2, 4 or 8, got " + tp);
        }
        if (tp > 1 && !device.interconnect().groups()) {
            throw new IllegalArgumentException("tensorParallel must be 1 on device '" + device.name()
                    + "' (it has no link to other devices), got " + tp);
        }
        if (model.queryHeads() % tp != 0) {
            throw new IllegalArgumentException("tensorParallel " + tp + " does not divide model '" + model.name() + "''s "
                    + model.queryHeads() + " attention heads");
        }
    }

    /** Bytes per weight under a quantization: 2 (16-bit), 1 (FP8/INT8; per-channel scales are negligible), or {@link #FOUR_BIT_BYTES_PER_PARAMETER}. */
    public static double bytesPerParameter(Quantization quantization) {
        return switch (notNull(quantization, "quantization")) {
            case NONE -> 2.0;
            case FP8, INT8 -> 1.0;
            case AWQ, GPTQ -> FOUR_BIT_BYTES_PER_PARAMETER;
        };
    }

    public ModelProfile model() {
        return model;
    }

    public DeviceProfile device() {
        return device;
    }

    public Quantization quantization() {
        return quantization;
    }

    public double memoryUtilization() {
        return memoryUtilization;
    }

    /** Devices the model is split over. */
    public int tensorParallel() {
        return tensorParallel;
    }

    /** The engine whose efficiencies this model uses. */
    public EnginePreset engine() {
        return engine;
    }

    /** Bytes of all weights (over all devices). */
    public double weightBytes() {
        return model.parameters() * bytesPerParameter(quantization);
    }

    /** Bytes of weights on each device: an equal share. */
    public double weightBytesPerDevice() {
        return weightBytes() / tensorParallel;
    }

    /** The KV cache's element type. */
    public KvCacheDtype kvCacheDtype() {
        return kvCacheDtype;
    }

    /** KV-cache bytes per token of the whole model: {@link ModelProfile#kvBytesPerToken()} (16-bit), halved for FP8. */
    public long kvBytesPerToken() {
        return model.kvBytesPerToken() * kvCacheDtype.bytes() / KV_ELEMENT_BYTES;
    }

    /**
     * KV-cache bytes per token on each device: its KV heads, {@code ceil(kvHeads / tp)} (replicated when
     * there are fewer KV heads than devices, as vLLM does).
     */
    public double kvBytesPerTokenPerDevice() {
        int headsPerDevice = (model.kvHeads() + tensorParallel - 1) / tensorParallel;
        return (double) kvBytesPerToken() * headsPerDevice / model.kvHeads();
    }

    /** Memory each device gives the engine: {@code memoryBytes x memoryUtilization}. */
    public double usableBytesPerDevice() {
        return device.memoryBytes() * memoryUtilization;
    }

    /**
     * Peak FLOP/s of one device for the matmuls: FP8 tensor cores for FP8 weights where the device has
     * them; otherwise 16-bit tensor cores (INT8, AWQ and GPTQ are weight-only in vLLM's default kernels,
     * and FP8 on Ampere runs as weight-only Marlin): they dequantize to 16 bit before the multiply.
     */
    public double peakFlops() {
        return usesFp8Compute() ? device.fp8Flops() : device.denseFlops();
    }

    private boolean usesFp8Compute() {
        return quantization == Quantization.FP8 && device.hasFp8();
    }

    /** {@link #peakFlops()} x the engine's achieved share ({@link EnginePreset#mfu()} or {@link EnginePreset#fp8Mfu()}). */
    public double effectiveFlops() {
        return peakFlops() * (usesFp8Compute() ? engine.fp8Mfu() : engine.mfu());
    }

    /** Datasheet bandwidth x {@link EnginePreset#bandwidthEfficiency()}, per device. */
    public double effectiveBandwidth() {
        return device.memoryBandwidth() * engine.bandwidthEfficiency();
    }

    /**
     * Tokens the KV cache holds over all devices: {@code floor((memoryBytes x memoryUtilization - weight
     * bytes per device) / KV bytes per token per device)}, or a value &lt;= 0 when the weights alone do not fit.
     */
    public long kvCapacityTokens() {
        return (long) Math.floor((usableBytesPerDevice() - weightBytesPerDevice()) / kvBytesPerTokenPerDevice());
    }

    /**
     * What one step costs.
     *
     * @param seconds the step's duration
     * @param computeSeconds compute time on one device
     * @param memorySeconds memory time on one device
     * @param communicationSeconds all-reduce time (0 on one device)
     * @param launchSeconds host launch time that overlaps the device
     * @param utilisation the device's utilisation during the step, 0..1 (for the power model)
     */
    public record StepCost(double seconds, double computeSeconds, double memorySeconds, double communicationSeconds,
                           double launchSeconds, double utilisation) {
    }

    /**
     * The cost of a step.
     *
     * @param computeTokens tokens in the forward pass (uncached prompt tokens plus one per decoding sequence)
     * @param attentionPairs (query token, attended position) pairs over all sequences
     * @param kvTokensRead KV-cache tokens read by attention (the context of every sequence in the step)
     */
    public StepCost cost(long computeTokens, long attentionPairs, long kvTokensRead) {
        return cost(computeTokens, attentionPairs, kvTokensRead, false);
    }

    /**
     * The cost of a step, run eagerly or from the engine's compiled graphs.
     *
     * @param computeTokens tokens in the forward pass (uncached prompt tokens plus one per decoding sequence,
     *     the padding of a replayed graph included)
     * @param attentionPairs (query token, attended position) pairs over all sequences
     * @param kvTokensRead KV-cache tokens read by attention (the context of every sequence in the step)
     * @param eager whether a CUDA-graph engine runs this step eagerly, launching every layer's kernels
     *     ({@link EnginePreset#EAGER_LAUNCH_SECONDS_PER_LAYER}); no change for other engines, whose launch
     *     cost is {@link EnginePreset#launchSecondsPerLayer()} on every step
     */
    public StepCost cost(long computeTokens, long attentionPairs, long kvTokensRead, boolean eager) {
        notNegative(computeTokens, "computeTokens");
        notNegative(attentionPairs, "attentionPairs");
        notNegative(kvTokensRead, "kvTokensRead");
        double flops = (2.0 * model.parameters() * computeTokens + model.attentionFlopsPerPair() * attentionPairs) / tensorParallel;
        double bytes = weightBytesPerDevice() + kvTokensRead * kvBytesPerTokenPerDevice();
        double c = flops / effectiveFlops();
        double m = bytes / effectiveBandwidth();
        double deviceSeconds = Math.max(c, m) + OVERLAP_LOSS * Math.min(c, m);
        double comm = 2.0 * model.layers() * allReduceSeconds(computeTokens);
        double launch = model.layers() * (eager && engine.compilation() == EnginePreset.Compilation.CUDA_GRAPHS
                ? EnginePreset.EAGER_LAUNCH_SECONDS_PER_LAYER : engine.launchSecondsPerLayer());
        double seconds = Math.max(deviceSeconds + comm, launch) + engine.stepOverheadSeconds();
        double utilisation = Math.min(1, Math.max(flops / (seconds * effectiveFlops()), bytes / (seconds * device.memoryBandwidth())));
        return new StepCost(seconds, c, m, comm, launch, utilisation);
    }

    /** Seconds of one all-reduce of {@code tokens} tokens' activations across the group; 0 on one device. */
    public double allReduceSeconds(long tokens) {
        return device.interconnect().allReduceSeconds((double) tokens * model.hiddenSize() * ACTIVATION_BYTES, tensorParallel);
    }

    /** Seconds of a step that only prefills {@code promptTokens} (causal attention over the prompt itself). */
    public double prefillSeconds(long promptTokens) {
        return cost(promptTokens, causalPairs(0, promptTokens), 0).seconds();
    }

    /** Seconds of a decode step of {@code batch} sequences holding {@code contextTokens} tokens of KV in all. */
    public double decodeStepSeconds(int batch, long contextTokens) {
        return cost(batch, contextTokens, contextTokens).seconds();
    }

    /** Attention pairs of {@code newTokens} tokens computed after {@code cachedTokens} already in the cache (causal). */
    public static long causalPairs(long cachedTokens, long newTokens) {
        return newTokens * cachedTokens + newTokens * (newTokens + 1) / 2;
    }

    /**
     * Activation memory of a step on one device, bytes: per token, the largest live set of a layer
     * (input, the gate and up projections of the MLP, query/key/value) in 16 bit, plus FP32 logits of
     * every sampled sequence over the vocabulary (split over the devices, as vLLM's parallel LM head does).
     */
    public double activationBytesPerDevice(long computeTokens, long sampledSequences) {
        double perToken = (2.0 * model.intermediateSize() / tensorParallel + 4.0 * model.hiddenSize()) * ACTIVATION_BYTES;
        return computeTokens * perToken + sampledSequences * (double) model.vocabSize() / tensorParallel * 4;
    }

    private static long notNegative(long value, String name) {
        if (value < 0) throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        return value;
    }
}
