package io.benchsuite.backends.openai;

import io.benchsuite.backends.http.EnvironmentVariables;

/** Provider {@code tgi}: Hugging Face TGI through its Messages API ({@code /v1/chat/completions}); default URL http://localhost:8080. */
public final class TgiProvider extends OpenAiCompatibleProvider {
    /** Reads the API key variable from the process environment. */
    public TgiProvider() {
        this(EnvironmentVariables.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public TgiProvider(EnvironmentVariables environment) {
        super(Preset.TGI, environment);
    }
}
