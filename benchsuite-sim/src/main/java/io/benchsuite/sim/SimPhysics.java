package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.Quantization;

/**
 * The simulator's cost model: how long one engine step takes on a device, from first principles.
 *
 * <p>A step runs a forward pass over some tokens (the whole uncached prompt of each newly admitted
 * request, one token of each decoding request). It costs the larger of (roofline):
 * <ul>
 *   <li><b>compute</b>: 2 FLOPs per parameter per token, {@code 2 x P x tokens / (FLOP/s x MFU)};
 *       this dominates prefill;</li>
 *   <li><b>memory</b>: every weight is read once per step, plus the KV cache of every decoding
 *       sequence, {@code (weight bytes + KV bytes) / (bandwidth x efficiency)}; this dominates decode.</li>
 * </ul>
 * Attention FLOPs, activations and kernel-launch overheads are left out: for the prompt lengths
 * benchmarks use they are second-order, and leaving them out keeps every figure checkable by hand.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class SimPhysics {
    /**
     * Model FLOP utilisation of a forward pass. Large prefill GEMMs in vLLM and TensorRT-LLM reach
     * 50-70% of dense peak; norms, rotary embeddings, attention and sampling pull the whole pass
     * down. 0.5 is the round middle.
     */
    public static final double MFU = 0.5;
    /**
     * Fraction of the datasheet memory bandwidth a decode step achieves. Streaming weight reads
     * (GEMV-like decode kernels) sustain about 80% of peak HBM bandwidth on A100/H100.
     */
    public static final double BANDWIDTH_EFFICIENCY = 0.8;
    /** Tokens per KV-cache block of a paged engine (vLLM's default block size). */
    public static final int BLOCK_TOKENS = 16;
    /**
     * Bytes per weight of 4-bit AWQ/GPTQ: 0.5 B for the weight plus, per group of 128 weights, one
     * FP16 scale (2 B) and one packed 4-bit zero point (0.5 B): 0.5 + 2.5/128 = 0.51953125. The
     * whole parameter count is charged at this rate although real checkpoints keep the embeddings
     * in 16 bit, so 4-bit weight bytes are slightly optimistic.
     */
    public static final double FOUR_BIT_BYTES_PER_PARAMETER = 0.5 + 2.5 / 128;
    /** KV-cache element size: vLLM's default {@code kv_cache_dtype=auto} keeps the model's 16-bit dtype. */
    public static final int KV_ELEMENT_BYTES = 2;

    private final ModelProfile model;
    private final DeviceProfile device;
    private final Quantization quantization;
    private final double memoryUtilization;

    /**
     * @param memoryUtilization share of device memory the engine may use for weights and KV cache (vLLM's
     *     {@code gpu_memory_utilization}, 0.9 by default)
     */
    public SimPhysics(ModelProfile model, DeviceProfile device, Quantization quantization, double memoryUtilization) {
        this.model = notNull(model, "model");
        this.device = notNull(device, "device");
        this.quantization = notNull(quantization, "quantization");
        if (!(memoryUtilization > 0 && memoryUtilization <= 1)) {
            throw new IllegalArgumentException("memoryUtilization must be in (0, 1], got " + memoryUtilization);
        }
        this.memoryUtilization = memoryUtilization;
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

    /** Bytes of all weights, read once per step. */
    public double weightBytes() {
        return model.parameters() * bytesPerParameter(quantization);
    }

    /** KV-cache bytes per token ({@link ModelProfile#kvBytesPerToken()}). */
    public long kvBytesPerToken() {
        return model.kvBytesPerToken();
    }

    /**
     * Peak FLOP/s the matmuls run at: FP8 tensor cores for FP8 weights where the device has them;
     * otherwise 16-bit tensor cores (INT8, AWQ and GPTQ are weight-only in vLLM's default kernels, and
     * FP8 on Ampere runs as weight-only Marlin): they dequantize to 16 bit before the multiply.
     */
    public double peakFlops() {
        return quantization == Quantization.FP8 && device.hasFp8() ? device.fp8Flops() : device.denseFlops();
    }

    /** {@link #peakFlops()} x {@link #MFU}. */
    public double effectiveFlops() {
        return peakFlops() * MFU;
    }

    /** Datasheet bandwidth x {@link #BANDWIDTH_EFFICIENCY}. */
    public double effectiveBandwidth() {
        return device.memoryBandwidth() * BANDWIDTH_EFFICIENCY;
    }

    /**
     * Tokens of KV cache that fit: {@code (memory x utilization - weight bytes) / KV bytes per token},
     * or a value &lt;= 0 when the weights alone do not fit.
     */
    public long kvCapacityTokens() {
        return (long) Math.floor((device.memoryBytes() * memoryUtilization - weightBytes()) / kvBytesPerToken());
    }

    /** Seconds of compute for a forward pass over {@code tokens} tokens. */
    public double computeSeconds(long tokens) {
        notNegative(tokens, "tokens");
        return 2.0 * model.parameters() * tokens / effectiveFlops();
    }

    /** Seconds to read the weights and {@code kvTokensRead} tokens of KV cache. */
    public double memorySeconds(long kvTokensRead) {
        notNegative(kvTokensRead, "kvTokensRead");
        return (weightBytes() + (double) kvTokensRead * kvBytesPerToken()) / effectiveBandwidth();
    }

    /**
     * Seconds of one step: the larger of compute over {@code computeTokens} and memory traffic of the
     * weights plus {@code kvTokensRead} KV tokens.
     */
    public double stepSeconds(long computeTokens, long kvTokensRead) {
        return Math.max(computeSeconds(computeTokens), memorySeconds(kvTokensRead));
    }

    /** Seconds of a step that only prefills {@code promptTokens} (nothing decoding alongside). */
    public double prefillSeconds(long promptTokens) {
        return stepSeconds(promptTokens, 0);
    }

    /** Seconds of a decode step of {@code batch} sequences holding {@code contextTokens} tokens of KV in all. */
    public double decodeStepSeconds(int batch, long contextTokens) {
        return stepSeconds(batch, contextTokens);
    }

    private static long notNegative(long value, String name) {
        if (value < 0) throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        return value;
    }
}
