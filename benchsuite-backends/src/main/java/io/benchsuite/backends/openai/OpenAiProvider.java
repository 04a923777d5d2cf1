package io.benchsuite.backends.openai;

import io.benchsuite.backends.http.Environment;

/** Provider {@code openai}: any OpenAI-compatible server; default URL http://localhost:8000. */
public final class OpenAiProvider extends OpenAiCompatibleProvider {
    /** Reads the API key variable from the process environment. */
    public OpenAiProvider() {
        this(Environment.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public OpenAiProvider(Environment environment) {
        super(Preset.OPENAI, environment);
    }
}
