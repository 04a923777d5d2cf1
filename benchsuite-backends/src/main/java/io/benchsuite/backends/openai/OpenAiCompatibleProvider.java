package io.benchsuite.backends.openai;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.Capability;
import io.benchsuite.backends.http.EnvironmentVariables;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Base of the providers of the OpenAI-compatible family: each subclass is one {@link Preset} under
 * its own name, all creating an {@link OpenAiBackend}. Subclasses have a public no-argument
 * constructor (for {@link java.util.ServiceLoader}, reading the process environment) and one taking
 * an {@link EnvironmentVariables} (for tests and embedding).
 */
public abstract class OpenAiCompatibleProvider implements BackendProvider {
    private final Preset preset;
    private final EnvironmentVariables environment;

    protected OpenAiCompatibleProvider(Preset preset, EnvironmentVariables environment) {
        this.preset = notNull(preset, "preset");
        this.environment = notNull(environment, "environment");
    }

    /** The preset this provider applies. */
    public final Preset preset() {
        return preset;
    }

    @Override
    public final String name() {
        return preset.providerName();
    }

    @Override
    public final String description() {
        return preset.description() + ", default " + preset.defaultUrl();
    }

    @Override
    public Set<Capability> capabilities() {
        EnumSet<Capability> c = EnumSet.of(Capability.STREAMING, Capability.SERVER_USAGE);
        if (preset.exactLength()) c.add(Capability.EXACT_OUTPUT_LENGTH);
        // These servers publish Prometheus /metrics (SGLang and llama.cpp once enabled by a flag).
        if (preset != Preset.OPENAI && preset != Preset.TRANSFORMERS) c.add(Capability.SERVER_METRICS);
        return Set.copyOf(c);
    }

    @Override
    public final List<BackendOption> options() {
        return OpenAiSettings.options(preset);
    }

    @Override
    public final Backend create(BackendConfig config) {
        return OpenAiBackend.create(OpenAiSettings.from(notNull(config, "config"), preset), environment);
    }
}
