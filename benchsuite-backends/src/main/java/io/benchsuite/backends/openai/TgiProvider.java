package io.benchsuite.backends.openai;

import io.benchsuite.backends.http.Environment;

/** Provider {@code tgi}: Hugging Face TGI through its Messages API ({@code /v1/chat/completions}); default URL http://localhost:8080. */
public final class TgiProvider extends OpenAiCompatibleProvider {
    /** Reads the API key variable from the process environment. */
    public TgiProvider() {
        this(Environment.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public TgiProvider(Environment environment) {
        super(Preset.TGI, environment);
    }
}
