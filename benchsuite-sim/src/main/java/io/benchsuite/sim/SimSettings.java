package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.Quantization;
import java.util.HexFormat;

/**
 * Everything that defines one simulated serving engine. Build with {@link #builder()} in code, or
 * read from a {@link BackendConfig} with {@link #fromConfig}.
 *
 * @param modelName the model name the engine serves and reports (as the user spelled it)
 * @param model architecture behind {@code modelName}
 * @param device accelerator profile
 * @param quantization weight quantization (changes weight bytes and, for FP8, the FLOP/s)
 * @param engine memory and batching policy
 * @param maxBatch most sequences decoding at once
 * @param maxBatchedTokens most tokens (prefill plus decode) in one step; a single prompt longer than this still runs, alone
 * @param memoryUtilization share of device memory for weights plus KV cache, in (0, 1]
 * @param seed seed of the step-time jitter and of the generated words
 * @param jitter relative step-time noise: each step is scaled by a seeded uniform factor in [1 - jitter, 1 + jitter]; in [0, 1)
 * @param timeScale wall-clock seconds per simulated second: 0.1 runs ten times faster than real time
 */
public record SimSettings(String modelName, ModelProfile model, DeviceProfile device, Quantization quantization,
                          EnginePreset engine, int maxBatch, int maxBatchedTokens, double memoryUtilization,
                          long seed, double jitter, double timeScale) {

    /** Config key: engine preset ({@code vllm}, {@code tgi}, {@code transformers}); default {@code vllm}. */
    public static final String ENGINE = "engine";
    /** Config key: most sequences in the running batch; default 256. */
    public static final String MAX_BATCH = "max-batch";
    /** Config key: step token budget; default from the engine preset. */
    public static final String MAX_BATCHED_TOKENS = "max-batched-tokens";
    /** Config key: relative step-time jitter in [0, 1); default 0. */
    public static final String JITTER = "jitter";
    /** Config key: wall seconds per simulated second; default 1.0. */
    public static final String TIME_SCALE = "time-scale";
    /** Config key: share of device memory for weights and KV cache; default 0.9. */
    public static final String MEMORY_UTILIZATION = "memory-utilization";

    /** Default model name. */
    public static final String DEFAULT_MODEL = "llama-3-8b";
    /** Default device name. */
    public static final String DEFAULT_DEVICE = "a100-80gb";
    /** Default running-batch limit (vLLM's {@code max_num_seqs}). */
    public static final int DEFAULT_MAX_BATCH = 256;
    /** Default memory utilization (vLLM's {@code gpu_memory_utilization}). */
    public static final double DEFAULT_MEMORY_UTILIZATION = 0.9;

    public SimSettings {
        notNull(modelName, "modelName");
        notNull(model, "model");
        notNull(device, "device");
        notNull(quantization, "quantization");
        notNull(engine, "engine");
        positive(maxBatch, "maxBatch");
        positive(maxBatchedTokens, "maxBatchedTokens");
        if (!(memoryUtilization > 0 && memoryUtilization <= 1)) {
            throw new IllegalArgumentException("memoryUtilization must be in (0, 1], got " + memoryUtilization);
        }
        if (!(jitter >= 0 && jitter < 1)) {
            throw new IllegalArgumentException("jitter must be in [0, 1), got " + jitter);
        }
        if (!(timeScale > 0) || Double.isInfinite(timeScale)) {
            throw new IllegalArgumentException("timeScale must be a finite number > 0, got " + timeScale);
        }
    }

    /** The cost model of these settings. */
    public SimPhysics physics() {
        return new SimPhysics(model, device, quantization, memoryUtilization);
    }

    /** A builder with the defaults: llama-3-8b on a100-80gb, no quantization, vllm, seed 0, no jitter, real time. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads the settings from backend configuration keys {@code model}, {@code device},
     * {@code quantization}, {@code seed} (hex), {@link #ENGINE}, {@link #MAX_BATCH},
     * {@link #MAX_BATCHED_TOKENS}, {@link #JITTER}, {@link #TIME_SCALE}, {@link #MEMORY_UTILIZATION}.
     *
     * @throws IllegalArgumentException naming the key of a bad value
     */
    public static SimSettings fromConfig(BackendConfig config) {
        notNull(config, "config");
        Builder b = builder();
        String modelName = config.string(BackendConfig.MODEL, DEFAULT_MODEL);
        try {
            b.model(modelName, ModelProfile.of(modelName));
            b.device(DeviceProfile.of(config.string(BackendConfig.DEVICE, DEFAULT_DEVICE)));
            b.engine(EnginePreset.parse(config.string(ENGINE, EnginePreset.VLLM.label())));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("backend config: " + e.getMessage(), e);
        }
        b.quantization(config.quantization());
        config.string(BackendConfig.SEED).ifPresent(s -> b.seed(parseSeed(s)));
        b.maxBatch(config.integer(MAX_BATCH, DEFAULT_MAX_BATCH));
        if (config.string(MAX_BATCHED_TOKENS).isPresent()) b.maxBatchedTokens(config.integer(MAX_BATCHED_TOKENS, 1));
        b.jitter(config.number(JITTER, 0));
        b.timeScale(config.number(TIME_SCALE, 1.0));
        b.memoryUtilization(config.number(MEMORY_UTILIZATION, DEFAULT_MEMORY_UTILIZATION));
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("backend config: " + e.getMessage(), e);
        }
    }

    /**
     * Parses a hex seed ({@code 0x} prefix optional). Up to 16 digits are the value itself; longer
     * text (such as a 64-digit seed-chain root) is folded by XOR of its 16-digit pieces, so every digit counts.
     *
     * @throws IllegalArgumentException naming the {@code seed} key when the text is not hex
     */
    static long parseSeed(String text) {
        String s = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (s.startsWith("0x")) s = s.substring(2);
        if (s.isEmpty() || !s.chars().allMatch(HexFormat::isHexDigit)) {
            throw new IllegalArgumentException("backend config key '" + BackendConfig.SEED + "': expected hex digits, got '" + text + "'");
        }
        long seed = 0;
        for (int end = s.length(); end > 0; end -= 16) {
            seed ^= Long.parseUnsignedLong(s.substring(Math.max(0, end - 16), end), 16);
        }
        return seed;
    }

    /** Builds {@link SimSettings}; every setter rejects null naming the argument. */
    public static final class Builder {
        private String modelName = DEFAULT_MODEL;
        private ModelProfile model = ModelProfile.LLAMA_3_8B;
        private DeviceProfile device = DeviceProfile.A100_80GB;
        private Quantization quantization = Quantization.NONE;
        private EnginePreset engine = EnginePreset.VLLM;
        private int maxBatch = DEFAULT_MAX_BATCH;
        private Integer maxBatchedTokens;
        private double memoryUtilization = DEFAULT_MEMORY_UTILIZATION;
        private long seed;
        private double jitter;
        private double timeScale = 1.0;

        private Builder() {
        }

        /** A built-in model by name or alias ({@link ModelProfile#of}). */
        public Builder model(String name) {
            return model(name, ModelProfile.of(notNull(name, "name")));
        }

        /** A model served under {@code name} with the architecture {@code profile} (e.g. a custom profile). */
        public Builder model(String name, ModelProfile profile) {
            this.modelName = notNull(name, "name");
            this.model = notNull(profile, "profile");
            return this;
        }

        public Builder device(DeviceProfile device) {
            this.device = notNull(device, "device");
            return this;
        }

        public Builder quantization(Quantization quantization) {
            this.quantization = notNull(quantization, "quantization");
            return this;
        }

        public Builder engine(EnginePreset engine) {
            this.engine = notNull(engine, "engine");
            return this;
        }

        public Builder maxBatch(int maxBatch) {
            this.maxBatch = maxBatch;
            return this;
        }

        public Builder maxBatchedTokens(int maxBatchedTokens) {
            this.maxBatchedTokens = maxBatchedTokens;
            return this;
        }

        public Builder memoryUtilization(double memoryUtilization) {
            this.memoryUtilization = memoryUtilization;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder jitter(double jitter) {
            this.jitter = jitter;
            return this;
        }

        public Builder timeScale(double timeScale) {
            this.timeScale = timeScale;
            return this;
        }

        public SimSettings build() {
            int budget = maxBatchedTokens != null ? maxBatchedTokens : engine.defaultMaxBatchedTokens();
            return new SimSettings(modelName, model, device, quantization, engine, maxBatch, budget,
                    memoryUtilization, seed, jitter, timeScale);
        }
    }
}
