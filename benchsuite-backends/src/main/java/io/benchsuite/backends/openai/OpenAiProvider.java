package io.benchsuite.backends.openai;

import io.benchsuite.backends.http.EnvironmentVariables;

/** Provider {@code openai}: any OpenAI-compatible server; default URL http://localhost:8000. */
public final class OpenAiProvider extends OpenAiCompatibleProvider {
    /** Reads the API key variable from the process environment. */
    public OpenAiProvider() {
        this(EnvironmentVariables.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public OpenAiProvider(EnvironmentVariables environment) {
        super(Preset.OPENAI, environment);
    }
}
