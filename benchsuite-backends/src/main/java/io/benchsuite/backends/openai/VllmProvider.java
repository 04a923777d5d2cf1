package io.benchsuite.backends.openai;

import io.benchsuite.backends.http.EnvironmentVariables;

/** Provider {@code vllm}: vLLM's OpenAI-compatible server, with {@code ignore_eos} and {@code min_tokens} for exact output lengths; default URL http://localhost:8000. */
public final class VllmProvider extends OpenAiCompatibleProvider {
    /** Reads the API key variable from the process environment. */
    public VllmProvider() {
        this(EnvironmentVariables.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public VllmProvider(EnvironmentVariables environment) {
        super(Preset.VLLM, environment);
    }
}
