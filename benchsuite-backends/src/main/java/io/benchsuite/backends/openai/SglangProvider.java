package io.benchsuite.backends.openai;

import io.benchsuite.backends.http.EnvironmentVariables;

/** Provider {@code sglang}: SGLang's OpenAI-compatible server, with {@code ignore_eos}; default URL http://localhost:30000. */
public final class SglangProvider extends OpenAiCompatibleProvider {
    /** Reads the API key variable from the process environment. */
    public SglangProvider() {
        this(EnvironmentVariables.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public SglangProvider(EnvironmentVariables environment) {
        super(Preset.SGLANG, environment);
    }
}
