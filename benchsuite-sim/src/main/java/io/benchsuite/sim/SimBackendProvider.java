package io.benchsuite.sim;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.Capability;
import io.benchsuite.api.backend.ConfigurationException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
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

    /**
     * {@inheritDoc}
     *
     * <p>{@link SimSettings#options()}, the adapters' ({@link Adapters#options()}) and the endpoint's
     * ({@link SimEndpoint#options()}: the API served, see {@link PooledBatch} and {@link Transcription}).
     */
    @Override
    public List<BackendOption> options() {
        List<BackendOption> all = new ArrayList<>(SimSettings.options());
        all.addAll(Adapters.options());
        all.addAll(SimEndpoint.options());
        return all;
    }

    /**
     * {@inheritDoc}
     *
     * <p>A {@link SimBackend} in real time, or with {@code clock=virtual} a {@link VirtualSimBackend}
     * that the run drives on its simulated clock.
     */
    @Override
    public Backend create(BackendConfig config) {
        SimSettings settings = SimSettings.fromConfig(config);
        Adapters adapters = Adapters.fromConfig(config);
        SimEndpoint endpoint = SimEndpoint.fromConfig(config);
        String clock = config.string(SimSettings.CLOCK, "real").trim().toLowerCase(Locale.ROOT);
        switch (clock) {
            case "real":
                return new SimBackend(settings, adapters, endpoint);
            case "virtual":
                if (config.string(SimSettings.TIME_SCALE).isPresent() && settings.timeScale() != 1.0) {
                    throw new ConfigurationException(SimSettings.TIME_SCALE, "backend config key '" + SimSettings.TIME_SCALE
                            + "': applies to clock=real only; a virtual clock runs as fast as the machine can");
                }
                return new VirtualSimBackend(new SimulatedServer(settings, adapters, endpoint, 0));
            default:
                throw new ConfigurationException(SimSettings.CLOCK, "backend config key '" + SimSettings.CLOCK
                        + "': expected real or virtual, got '" + clock + "'");
        }
    }
}
