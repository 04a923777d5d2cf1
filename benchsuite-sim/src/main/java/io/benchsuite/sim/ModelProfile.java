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
 * The architecture figures of a model that decide its serving cost: weight count (compute and
 * weight bytes) and the attention shape (KV-cache bytes per token).
 *
 * @param name canonical lower-case name, e.g. {@code llama-3-8b}
 * @param parameters total parameter count
 * @param layers transformer layers
 * @param kvHeads key/value heads per layer (grouped-query attention)
 * @param headDim dimension of one attention head
 * @param maxContext longest sequence (prompt plus output) the model accepts, in tokens
 */
public record ModelProfile(String name, long parameters, int layers, int kvHeads, int headDim, int maxContext) {

    // Figures from each model's config.json on Hugging Face (num_hidden_layers, num_key_value_heads,
    // hidden_size / num_attention_heads, max_position_embeddings) and its model card (parameter count).

    /** Meta Llama 3 8B: 8.03B parameters, 32 layers, 8 KV heads of 128, 8k context. */
    public static final ModelProfile LLAMA_3_8B = new ModelProfile("llama-3-8b", 8_030_000_000L, 32, 8, 128, 8192);
    /** Meta Llama 3.1 8B: as Llama 3 8B with a 128k context. */
    public static final ModelProfile LLAMA_3_1_8B = new ModelProfile("llama-3.1-8b", 8_030_000_000L, 32, 8, 128, 131_072);
    /** Meta Llama 3 70B: 70.6B parameters, 80 layers, 8 KV heads of 128, 8k context. */
    public static final ModelProfile LLAMA_3_70B = new ModelProfile("llama-3-70b", 70_600_000_000L, 80, 8, 128, 8192);
    /** Qwen2.5 0.5B: 0.49B parameters, 24 layers, 2 KV heads of 64, 32k context. */
    public static final ModelProfile QWEN2_5_0_5B = new ModelProfile("qwen2.5-0.5b", 490_000_000L, 24, 2, 64, 32_768);
    /** Qwen2.5 7B: 7.62B parameters, 28 layers, 4 KV heads of 128, 32k context. */
    public static final ModelProfile QWEN2_5_7B = new ModelProfile("qwen2.5-7b", 7_620_000_000L, 28, 4, 128, 32_768);

    private static final List<ModelProfile> BUILT_IN = List.of(LLAMA_3_8B, LLAMA_3_1_8B, LLAMA_3_70B, QWEN2_5_0_5B, QWEN2_5_7B);
    private static final Map<String, ModelProfile> BY_NAME = BUILT_IN.stream()
            .collect(Collectors.toUnmodifiableMap(ModelProfile::name, Function.identity()));
    // Suffixes of fine-tuned variants that share the base model's architecture (and so its cost).
    private static final List<String> VARIANT_SUFFIXES = List.of("-instruct", "-chat", "-it", "-base", "-hf");

    public ModelProfile {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
        positive(parameters, "parameters");
        positive(layers, "layers");
        positive(kvHeads, "kvHeads");
        positive(headDim, "headDim");
        positive(maxContext, "maxContext");
    }

    /** KV-cache bytes of one token with 16-bit keys and values: 2 (K and V) x layers x kvHeads x headDim x 2 B. */
    public long kvBytesPerToken() {
        return 2L * layers * kvHeads * headDim * 2L;
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
        return Optional.ofNullable(BY_NAME.get(canonical(name)));
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
