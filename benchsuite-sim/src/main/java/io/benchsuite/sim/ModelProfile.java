package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The architecture figures of a dense decoder-only model that decide its serving cost: the weight
 * count (compute and weight bytes), the attention shape (attention FLOPs, KV-cache bytes per token,
 * how tensor parallelism splits it), and the sizes that set activation memory and all-reduce messages.
 *
 * <p>Built-in figures come from each model's {@code config.json} on Hugging Face
 * ({@code num_hidden_layers}, {@code hidden_size}, {@code num_attention_heads},
 * {@code num_key_value_heads}, {@code head_dim} or hidden / heads, {@code intermediate_size},
 * {@code vocab_size}, {@code max_position_embeddings}); parameter counts are the model cards' or,
 * where the card rounds, the count the config gives (q, k, v, o, a 3-matrix SwiGLU MLP and two norms
 * per layer, embedding, LM head unless tied, final norm). Sources per model in {@code docs/simulator.md}.
 *
 * @param name canonical lower-case name, e.g. {@code llama-3-8b}
 * @param parameters total parameter count
 * @param layers transformer layers
 * @param hiddenSize width of the residual stream (all-reduce message per token: hidden x 2 bytes)
 * @param queryHeads attention (query) heads per layer
 * @param kvHeads key/value heads per layer (grouped-query attention)
 * @param headDim dimension of one attention head
 * @param intermediateSize width of the MLP
 * @param vocabSize vocabulary size (logits per sampled token)
 * @param maxContext longest sequence (prompt plus output) the model accepts, in tokens
 */
public record ModelProfile(String name, long parameters, int layers, int hiddenSize, int queryHeads, int kvHeads,
                           int headDim, int intermediateSize, int vocabSize, int maxContext) {

    /** Meta Llama 3 8B: 8.03B parameters, 32 layers of 4096, 32 query / 8 KV heads of 128, MLP 14336, 8k context. */
    public static final ModelProfile LLAMA_3_8B =
            new ModelProfile("llama-3-8b", 8_030_000_000L, 32, 4096, 32, 8, 128, 14_336, 128_256, 8192);
    /** Meta Llama 3.1 8B: as Llama 3 8B with a 128k context. */
    public static final ModelProfile LLAMA_3_1_8B =
            new ModelProfile("llama-3.1-8b", 8_030_000_000L, 32, 4096, 32, 8, 128, 14_336, 128_256, 131_072);
    /** Meta Llama 3 70B: 70.6B parameters, 80 layers of 8192, 64 query / 8 KV heads of 128, MLP 28672, 8k context. */
    public static final ModelProfile LLAMA_3_70B =
            new ModelProfile("llama-3-70b", 70_554_000_000L, 80, 8192, 64, 8, 128, 28_672, 128_256, 8192);
    /** Meta Llama 3.1 70B (and 3.3 70B, the same architecture): as Llama 3 70B with a 128k context. */
    public static final ModelProfile LLAMA_3_1_70B =
            new ModelProfile("llama-3.1-70b", 70_554_000_000L, 80, 8192, 64, 8, 128, 28_672, 128_256, 131_072);
    /** Meta Llama 3.1 405B: 126 layers of 16384, 128 query / 8 KV heads of 128, MLP 53248, 128k context. */
    public static final ModelProfile LLAMA_3_1_405B =
            new ModelProfile("llama-3.1-405b", 405_850_000_000L, 126, 16_384, 128, 8, 128, 53_248, 128_256, 131_072);
    /** Meta Llama 2 7B (the "LLaMA 7B" of older benchmarks): 6.74B parameters, 32 layers, multi-head attention (32 KV heads), 4k context. */
    public static final ModelProfile LLAMA_2_7B =
            new ModelProfile("llama-2-7b", 6_738_000_000L, 32, 4096, 32, 32, 128, 11_008, 32_000, 4096);
    /** Meta Llama 2 70B (MLPerf's llama2-70b): 68.98B parameters, 80 layers, 64 query / 8 KV heads, 4k context. */
    public static final ModelProfile LLAMA_2_70B =
            new ModelProfile("llama-2-70b", 68_977_000_000L, 80, 8192, 64, 8, 128, 28_672, 32_000, 4096);
    /** Mistral 7B v0.1: 7.24B parameters, 32 layers, 32 query / 8 KV heads, 32k context. */
    public static final ModelProfile MISTRAL_7B =
            new ModelProfile("mistral-7b", 7_242_000_000L, 32, 4096, 32, 8, 128, 14_336, 32_000, 32_768);
    /** Qwen2.5 0.5B: 0.49B parameters, 24 layers of 896, 14 query / 2 KV heads of 64, 32k context. */
    public static final ModelProfile QWEN2_5_0_5B =
            new ModelProfile("qwen2.5-0.5b", 494_000_000L, 24, 896, 14, 2, 64, 4864, 151_936, 32_768);
    /** Qwen2.5 7B: 7.62B parameters, 28 layers of 3584, 28 query / 4 KV heads of 128, 32k context. */
    public static final ModelProfile QWEN2_5_7B =
            new ModelProfile("qwen2.5-7b", 7_616_000_000L, 28, 3584, 28, 4, 128, 18_944, 152_064, 32_768);

    private static final List<ModelProfile> BUILT_IN = List.of(LLAMA_3_8B, LLAMA_3_1_8B, LLAMA_3_70B, LLAMA_3_1_70B,
            LLAMA_3_1_405B, LLAMA_2_7B, LLAMA_2_70B, MISTRAL_7B, QWEN2_5_0_5B, QWEN2_5_7B);
    private static final Map<String, ModelProfile> BY_NAME = BUILT_IN.stream()
            .collect(Collectors.toUnmodifiableMap(ModelProfile::name, Function.identity()));
    // Other names of the same architectures.
    private static final Map<String, String> ALIASES = Map.of(
            "llama-3.3-70b", "llama-3.1-70b",
            "llama-7b", "llama-2-7b",
            "llama2-7b", "llama-2-7b",
            "llama2-70b", "llama-2-70b",
            "mistral-7b-v0.1", "mistral-7b");
    // Suffixes of fine-tuned variants that share the base model's architecture (and so its cost).
    private static final List<String> VARIANT_SUFFIXES = List.of("-instruct", "-chat", "-it", "-base", "-hf", "-fp8");

    public ModelProfile {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
        positive(parameters, "parameters");
        positive(layers, "layers");
        positive(hiddenSize, "hiddenSize");
        positive(queryHeads, "queryHeads");
        positive(kvHeads, "kvHeads");
        positive(headDim, "headDim");
        positive(intermediateSize, "intermediateSize");
        positive(vocabSize, "vocabSize");
        positive(maxContext, "maxContext");
        if (queryHeads % kvHeads != 0) {
            throw new IllegalArgumentException("queryHeads (" + queryHeads + ") must be a multiple of kvHeads (" + kvHeads + ")");
        }
    }

    /**
     * A profile from the figures that decide KV memory alone, the rest estimated for a standard
     * transformer: hidden size {@code sqrt(parameters / (12 x layers))} rounded to a multiple of 64,
     * multi-head attention over {@code hidden / headDim} heads (at least {@code kvHeads}), an MLP of
     * four times the hidden size and a 32,000-token vocabulary. Use the full constructor when the
     * config is known.
     *
     * @param name canonical lower-case name
     * @param parameters total parameter count
     * @param layers transformer layers
     * @param kvHeads key/value heads per layer
     * @param headDim dimension of one attention head
     * @param maxContext longest sequence in tokens
     */
    public ModelProfile(String name, long parameters, int layers, int kvHeads, int headDim, int maxContext) {
        this(name, parameters, layers, estimatedHidden(parameters, layers), estimatedHeads(parameters, layers, kvHeads, headDim),
                kvHeads, headDim, 4 * estimatedHidden(parameters, layers), 32_000, maxContext);
    }

    private static int estimatedHidden(long parameters, int layers) {
        if (parameters <= 0 || layers <= 0) return 64; // the canonical constructor names the bad argument
        return (int) Math.max(64, Math.round(Math.sqrt(parameters / (12.0 * layers)) / 64) * 64);
    }

    private static int estimatedHeads(long parameters, int layers, int kvHeads, int headDim) {
        if (kvHeads <= 0 || headDim <= 0) return 1;
        int heads = Math.max(kvHeads, estimatedHidden(parameters, layers) / headDim);
        return heads / kvHeads * kvHeads;
    }

    /** KV-cache bytes of one token with 16-bit keys and values: 2 (K and V) x layers x kvHeads x headDim x 2 B. */
    public long kvBytesPerToken() {
        return 2L * layers * kvHeads * headDim * 2L;
    }

    /**
     * FLOPs of attention per (query token, attended position) pair over all layers:
     * {@code QK^T} and the weighted sum of {@code V}, each 2 FLOPs per multiply-add over
     * {@code queryHeads x headDim}: {@code 4 x layers x queryHeads x headDim}.
     */
    public double attentionFlopsPerPair() {
        return 4.0 * layers * queryHeads * headDim;
    }

    /** The built-in profiles, in a fixed order. */
    public static List<ModelProfile> builtIn() {
        return BUILT_IN;
    }

    /** Names of the built-in profiles, sorted. */
    public static List<String> knownNames() {
        return BY_NAME.keySet().stream().sorted().toList();
    }

    /**
     * The built-in profile for a model name, case-insensitive, accepting Hugging Face ids and their
     * fine-tuned variants: {@code meta-llama/Meta-Llama-3-8B-Instruct} and
     * {@code meta-llama/Llama-3-8B-Instruct} both resolve to {@code llama-3-8b}.
     */
    public static Optional<ModelProfile> find(String name) {
        String key = canonical(name);
        return Optional.ofNullable(BY_NAME.get(ALIASES.getOrDefault(key, key)));
    }

    /**
     * Like {@link #find} but failing.
     *
     * @throws IllegalArgumentException listing the known names
     */
    public static ModelProfile of(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown model '" + name + "'; known models: " + String.join(", ", knownNames())));
    }

    private static String canonical(String name) {
        notNull(name, "name");
        String s = name.trim().toLowerCase(Locale.ROOT);
        int slash = s.lastIndexOf('/');
        if (slash >= 0) s = s.substring(slash + 1);
        if (s.startsWith("meta-llama-")) s = s.substring("meta-".length());
        boolean stripped = true;
        while (stripped) {
            stripped = false;
            for (String suffix : VARIANT_SUFFIXES) {
                if (s.endsWith(suffix)) {
                    s = s.substring(0, s.length() - suffix.length());
                    stripped = true;
                }
            }
        }
        return s;
    }
}
