package io.benchsuite.backends.openai;

import io.benchsuite.backends.http.EnvironmentVariables;

/** Provider {@code transformers}: Hugging Face {@code transformers serve}; default URL http://localhost:8000. */
public final class TransformersProvider extends OpenAiCompatibleProvider {
    /** Reads the API key variable from the process environment. */
    public TransformersProvider() {
        this(EnvironmentVariables.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public TransformersProvider(EnvironmentVariables environment) {
        super(Preset.TRANSFORMERS, environment);
    }
}
