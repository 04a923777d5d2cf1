package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.backend.Quantization;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Everything that defines one simulated serving engine. Build with {@link #builder()} in code, or
 * read from a {@link BackendConfig} with {@link #fromConfig}.
 *
 * @param modelName the model name the engine serves and reports (as the user spelled it)
 * @param model architecture behind {@code modelName}
 * @param device accelerator profile
 * @param quantization weight quantization (changes weight bytes and, for FP8, the FLOP/s)
 * @param engine memory and batching policy
 * @param tensorParallel devices of {@code device}'s kind the model is split over (1, 2, 4 or 8)
 * @param kvCacheDtype element type of the KV cache
 * @param maxBatch most sequences decoding at once
 * @param maxBatchedTokens most tokens (prefill plus decode) in one step; a single prompt longer than this still runs, alone
 * @param memoryUtilization share of device memory for weights plus KV cache, in (0, 1]
 * @param seed seed of the step-time jitter and of the generated words
 * @param jitter relative step-time noise: each step is scaled by a seeded uniform factor in [1 - jitter, 1 + jitter]; in [0, 1)
 * @param timeScale wall-clock seconds per simulated second: 0.1 runs ten times faster than real time
 * @param enforceEager no CUDA graphs: every step runs eagerly (vLLM's {@code --enforce-eager}); only changes
 *     engines whose {@link EnginePreset#compilation()} is {@link EnginePreset.Compilation#CUDA_GRAPHS}
 * @param reasoning the reasoning of a reasoning model ({@link SimReasoning#none()} for none)
 * @param speculative speculative decoding ({@link SimSpeculative#none()} for none)
 */
public record SimSettings(String modelName, ModelProfile model, DeviceProfile device, Quantization quantization,
                          EnginePreset engine, int tensorParallel, SimPhysics.KvCacheDtype kvCacheDtype, int maxBatch, int maxBatchedTokens,
                          double memoryUtilization, long seed, double jitter, double timeScale, boolean enforceEager,
                          SimReasoning reasoning, SimSpeculative speculative) {

    /** Settings without speculative decoding. */
    public SimSettings(String modelName, ModelProfile model, DeviceProfile device, Quantization quantization,
                       EnginePreset engine, int tensorParallel, SimPhysics.KvCacheDtype kvCacheDtype, int maxBatch, int maxBatchedTokens,
                       double memoryUtilization, long seed, double jitter, double timeScale, boolean enforceEager,
                       SimReasoning reasoning) {
        this(modelName, model, device, quantization, engine, tensorParallel, kvCacheDtype, maxBatch, maxBatchedTokens,
                memoryUtilization, seed, jitter, timeScale, enforceEager, reasoning, SimSpeculative.none());
    }

    /** Settings of a model without reasoning. */
    public SimSettings(String modelName, ModelProfile model, DeviceProfile device, Quantization quantization,
                       EnginePreset engine, int tensorParallel, SimPhysics.KvCacheDtype kvCacheDtype, int maxBatch, int maxBatchedTokens,
                       double memoryUtilization, long seed, double jitter, double timeScale, boolean enforceEager) {
        this(modelName, model, device, quantization, engine, tensorParallel, kvCacheDtype, maxBatch, maxBatchedTokens,
                memoryUtilization, seed, jitter, timeScale, enforceEager, SimReasoning.none());
    }

    /** Settings with CUDA graphs as the engine preset has them (not {@link #enforceEager()}). */
    public SimSettings(String modelName, ModelProfile model, DeviceProfile device, Quantization quantization,
                       EnginePreset engine, int tensorParallel, SimPhysics.KvCacheDtype kvCacheDtype, int maxBatch, int maxBatchedTokens,
                       double memoryUtilization, long seed, double jitter, double timeScale) {
        this(modelName, model, device, quantization, engine, tensorParallel, kvCacheDtype, maxBatch, maxBatchedTokens,
                memoryUtilization, seed, jitter, timeScale, false);
    }

    /** Config key: engine preset ({@code vllm}, {@code sglang}, {@code tgi}, {@code tensorrt-llm}, {@code llama.cpp}, {@code transformers}); default {@code vllm}. */
    public static final String ENGINE = "engine";
    /** Config key: tensor-parallel degree, 1, 2, 4 or 8; default 1. */
    public static final String TENSOR_PARALLEL = "tp";
    /** Config key: KV-cache element type, {@code auto} (16-bit) or {@code fp8}; default {@code auto}. */
    public static final String KV_CACHE_DTYPE = "kv-cache-dtype";
    /** Config key: most sequences in the running batch; default 256. */
    public static final String MAX_BATCH = "max-batch";
    /** Config key: step token budget; default from the engine preset. */
    public static final String MAX_BATCHED_TOKENS = "max-batched-tokens";
    /** Config key: relative step-time jitter in [0, 1); default 0. */
    public static final String JITTER = "jitter";
    /** Config key: wall seconds per simulated second; default 1.0. */
    public static final String TIME_SCALE = "time-scale";
    /**
     * Config key: {@code real} (default) runs the engine in (scaled) real time on threads of its own
     * ({@link SimBackend}); {@code virtual} makes the backend a {@link VirtualSimBackend}, which the
     * run drives on a virtual clock: no thread, no sleeping, exact and repeatable.
     */
    public static final String CLOCK = "clock";
    /** Config key: {@code true} turns CUDA graphs off, as vLLM's {@code --enforce-eager}; default {@code false}. */
    public static final String ENFORCE_EAGER = "enforce-eager";
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
        notNull(kvCacheDtype, "kvCacheDtype");
        notNull(reasoning, "reasoning");
        notNull(speculative, "speculative");
        SimPhysics.checkTensorParallel(tensorParallel, model, device);
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
        return new SimPhysics(model, device, quantization, memoryUtilization, tensorParallel, engine, kvCacheDtype);
    }

    /** A builder with the defaults: llama-3-8b on one a100-80gb, no quantization, vllm, seed 0, no jitter, real time. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads the settings from backend configuration keys {@code model}, {@code device},
     * {@code quantization}, {@code seed} (hex), {@link #ENGINE}, {@link #TENSOR_PARALLEL}, {@link #MAX_BATCH},
     * {@link #MAX_BATCHED_TOKENS}, {@link #JITTER}, {@link #TIME_SCALE}, {@link #MEMORY_UTILIZATION}.
     *
     * @throws ConfigurationException naming the key of a bad value
     */
    public static SimSettings fromConfig(BackendConfig config) {
        notNull(config, "config");
        Builder b = builder();
        String modelName = config.string(BackendConfig.MODEL, DEFAULT_MODEL);
        b.model(modelName, keyed(BackendConfig.MODEL, () -> ModelProfile.of(modelName)));
        b.device(keyed(BackendConfig.DEVICE, () -> DeviceProfile.of(config.string(BackendConfig.DEVICE, DEFAULT_DEVICE))));
        b.engine(keyed(ENGINE, () -> EnginePreset.parse(config.string(ENGINE, EnginePreset.VLLM.label()))));
        b.quantization(config.quantization());
        b.tensorParallel(config.integer(TENSOR_PARALLEL, 1));
        b.kvCacheDtype(keyed(KV_CACHE_DTYPE, () -> SimPhysics.KvCacheDtype.parse(config.string(KV_CACHE_DTYPE, "auto"))));
        config.string(BackendConfig.SEED).ifPresent(s -> b.seed(parseSeed(s)));
        b.maxBatch(config.integer(MAX_BATCH, DEFAULT_MAX_BATCH));
        if (config.string(MAX_BATCHED_TOKENS).isPresent()) b.maxBatchedTokens(config.integer(MAX_BATCHED_TOKENS, 1));
        b.jitter(config.number(JITTER, 0));
        b.timeScale(config.number(TIME_SCALE, 1.0));
        b.memoryUtilization(config.number(MEMORY_UTILIZATION, DEFAULT_MEMORY_UTILIZATION));
        b.enforceEager(config.bool(ENFORCE_EAGER, false));
        b.reasoning(SimReasoning.fromConfig(config));
        b.speculative(SimSpeculative.fromConfig(config));
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            // the record names its component (timeScale ...); say which configuration key that is
            String message = String.valueOf(e.getMessage());
            String key = COMPONENT_KEYS.entrySet().stream().filter(k -> message.startsWith(k.getKey() + " "))
                    .map(Map.Entry::getValue).findFirst().orElse(null);
            throw new ConfigurationException(key, key == null ? "backend config: " + message
                    : "backend config key '" + key + "': " + message, e);
        }
    }

    /**
     * The options {@link #fromConfig} reads, with their defaults, as {@link SimBackendProvider} declares them.
     *
     * @return the declarations
     */
    public static List<BackendOption> options() {
        return List.of(
                BackendOption.MODEL.withDefault(DEFAULT_MODEL).withDescription("model profile to simulate (or a name "
                        + "ending in one, e.g. meta-llama/Meta-Llama-3-8B-Instruct): " + String.join(", ", ModelProfile.knownNames())),
                BackendOption.DEVICE.withDefault(DEFAULT_DEVICE).withDescription("device profile: "
                        + String.join(", ", DeviceProfile.knownNames())),
                BackendOption.QUANTIZATION.withDescription("weight quantization: changes weight bytes and, for fp8, the FLOP/s"),
                BackendOption.oneOf(ENGINE, "memory and batching policy of the simulated engine",
                        Arrays.stream(EnginePreset.values()).map(EnginePreset::label).toArray(String[]::new))
                        .withDefault(EnginePreset.VLLM.label()),
                BackendOption.integer(TENSOR_PARALLEL, "tensor-parallel degree: devices the model is split over (1, 2, 4 or 8)")
                        .withDefault("1"),
                BackendOption.oneOf(KV_CACHE_DTYPE, "KV-cache element type: auto keeps the model's 16 bits, fp8 halves the bytes",
                        "auto", "fp8").withDefault("auto"),
                BackendOption.integer(MAX_BATCH, "most sequences decoding at once").withDefault(Integer.toString(DEFAULT_MAX_BATCH)),
                BackendOption.integer(MAX_BATCHED_TOKENS, "most tokens (prefill plus decode) in one engine step; by engine: "
                        + Arrays.stream(EnginePreset.values())
                                .map(e -> e.label() + " " + (e.defaultMaxBatchedTokens() == Integer.MAX_VALUE ? "unlimited"
                                        : Integer.toString(e.defaultMaxBatchedTokens())))
                                .collect(Collectors.joining(", "))).withDefault("per engine"),
                BackendOption.number(MEMORY_UTILIZATION, "share of device memory for weights plus KV cache, in (0, 1]")
                        .withDefault(Double.toString(DEFAULT_MEMORY_UTILIZATION)),
                BackendOption.bool(ENFORCE_EAGER, "true turns CUDA graphs off (vLLM's --enforce-eager): every step runs "
                        + "eagerly and pays its kernel launches; engines vllm, sglang and tgi").withDefault("false"),
                BackendOption.number(JITTER, "relative step-time noise, in [0, 1)").withDefault("0"),
                BackendOption.number(TIME_SCALE, "wall-clock seconds per simulated second (0.1 runs ten times faster); "
                        + "clock=real only").withDefault("1"),
                BackendOption.oneOf(CLOCK, "real: the engine runs in (scaled) real time on its own threads; virtual: the run "
                        + "drives it on a simulated clock (no threads, no sleeping, an hour simulated in seconds, the same "
                        + "seed gives the same requests.jsonl)", "real", "virtual").withDefault("real"),
                BackendOption.SEED.withDefault("0").withDescription("seed of the step-time jitter and the generated words, "
                        + "hex (the run derives it from the scenario seed)"),
                BackendOption.MAX_CONCURRENCY.withDescription("set by the run; the simulator does not use it"),
                SimReasoning.options().get(0), SimReasoning.options().get(1), SimSpeculative.options().get(0),
                SimSpeculative.options().get(1), SimSpeculative.options().get(2));
    }

    private static final Map<String, String> COMPONENT_KEYS = Map.of(
            "maxBatch", MAX_BATCH, "maxBatchedTokens", MAX_BATCHED_TOKENS, "memoryUtilization", MEMORY_UTILIZATION,
            "jitter", JITTER, "timeScale", TIME_SCALE, "tensorParallel", TENSOR_PARALLEL);

    /** Runs a lookup whose {@link IllegalArgumentException} is about {@code key}. */
    private static <T> T keyed(String key, Supplier<T> lookup) {
        try {
            return lookup.get();
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(key, "backend config key '" + key + "': " + e.getMessage(), e);
        }
    }

    /**
     * Parses a hex seed ({@code 0x} prefix optional). Up to 16 digits are the value itself; longer
     * text (such as a 64-digit seed-chain root) is folded by XOR of its 16-digit pieces, so every digit counts.
     *
     * @throws IllegalArgumentException naming the {@code seed} key when the text is not hex
     */
    static long parseSeed(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.startsWith("0x")) s = s.substring(2);
        if (s.isEmpty() || !s.chars().allMatch(HexFormat::isHexDigit)) {
            throw new ConfigurationException(BackendConfig.SEED, "backend config key '" + BackendConfig.SEED
                    + "': expected hex digits, got '" + text + "'");
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
        private int tensorParallel = 1;
        private SimPhysics.KvCacheDtype kvCacheDtype = SimPhysics.KvCacheDtype.AUTO;
        private int maxBatch = DEFAULT_MAX_BATCH;
        private Integer maxBatchedTokens;
        private double memoryUtilization = DEFAULT_MEMORY_UTILIZATION;
        private long seed;
        private double jitter;
        private double timeScale = 1.0;
        private boolean enforceEager;
        private SimReasoning reasoning = SimReasoning.none();
        private SimSpeculative speculative = SimSpeculative.none();

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

        /** Devices the model is split over: 1, 2, 4 or 8 (checked by {@link #build()}). */
        public Builder tensorParallel(int tensorParallel) {
            this.tensorParallel = tensorParallel;
            return this;
        }

        /** The KV cache's element type (default {@code AUTO}, 16-bit). */
        public Builder kvCacheDtype(SimPhysics.KvCacheDtype kvCacheDtype) {
            this.kvCacheDtype = notNull(kvCacheDtype, "kvCacheDtype");
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

        /** Turns CUDA graphs off (vLLM's {@code --enforce-eager}). */
        public Builder enforceEager(boolean enforceEager) {
            this.enforceEager = enforceEager;
            return this;
        }

        /** A reasoning model's reasoning before its answer (default none). */
        public Builder reasoning(SimReasoning reasoning) {
            this.reasoning = notNull(reasoning, "reasoning");
            return this;
        }

        /** Speculative decoding (default none). */
        public Builder speculative(SimSpeculative speculative) {
            this.speculative = notNull(speculative, "speculative");
            return this;
        }

        public SimSettings build() {
            int budget = maxBatchedTokens != null ? maxBatchedTokens : engine.defaultMaxBatchedTokens();
            return new SimSettings(modelName, model, device, quantization, engine, tensorParallel, kvCacheDtype, maxBatch, budget,
                    memoryUtilization, seed, jitter, timeScale, enforceEager, reasoning, speculative);
        }
    }
}
