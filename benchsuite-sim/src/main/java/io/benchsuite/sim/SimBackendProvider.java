package io.benchsuite.sim;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.Capability;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Provider of the {@code sim} backend, the tool's default: a simulated LLM serving engine that needs
 * no GPU and no server. Its options are declared by {@link SimSettings#options()}.
 */
public final class SimBackendProvider implements BackendProvider {
    /** The provider name. */
    public static final String NAME = "sim";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "simulated LLM serving engine (no GPU needed): device and model profiles, continuous batching, paged KV cache";
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.STREAMING, Capability.SERVER_USAGE, Capability.EXACT_OUTPUT_LENGTH,
                Capability.QUANTIZATION, Capability.IN_PROCESS);
    }

    @Override
    public List<BackendOption> options() {
        return SimSettings.options();
    }

    @Override
    public Backend create(BackendConfig config) {
        return new SimBackend(SimSettings.fromConfig(config));
    }
}
