package io.benchsuite.backends.openai;

import io.benchsuite.backends.http.EnvironmentVariables;

/** Provider {@code llamacpp}: llama.cpp's {@code llama-server}, with {@code ignore_eos} and {@code n_predict}; default URL http://localhost:8080. */
public final class LlamaCppProvider extends OpenAiCompatibleProvider {
    /** Reads the API key variable from the process environment. */
    public LlamaCppProvider() {
        this(EnvironmentVariables.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public LlamaCppProvider(EnvironmentVariables environment) {
        super(Preset.LLAMACPP, environment);
    }
}
