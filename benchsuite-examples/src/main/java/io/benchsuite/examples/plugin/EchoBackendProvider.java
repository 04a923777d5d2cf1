package io.benchsuite.examples.plugin;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.Capability;
import io.benchsuite.api.backend.ConfigurationException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The provider of {@link EchoBackend}, registered in
 * {@code META-INF/services/io.benchsuite.api.backend.BackendProvider} so that
 * {@code BackendRegistry.load()} and {@code benchsuite run --backend example-echo} find it by name.
 * Its options are declared in {@link #options()}, so a misspelt key is rejected before
 * {@link #create} runs and {@code benchsuite backends --describe example-echo} lists them.
 */
public final class EchoBackendProvider implements BackendProvider {
    /** The name users select it by. */
    public static final String NAME = "example-echo";
    /** Config key: time between tokens. */
    public static final String TOKEN_DELAY = "token-delay";

    /** ServiceLoader needs a public no-argument constructor. */
    public EchoBackendProvider() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "example plugin: echoes the prompt's words back, one every token-delay";
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.STREAMING, Capability.SERVER_USAGE, Capability.EXACT_OUTPUT_LENGTH,
                Capability.IN_PROCESS);
    }

    @Override
    public List<BackendOption> options() {
        return List.of(
                BackendOption.MODEL.withDefault("echo").withDescription("model name for the report"),
                BackendOption.duration(TOKEN_DELAY, "time between two echoed words").withDefault("2ms"));
    }

    @Override
    public Backend create(BackendConfig config) {
        Duration delay = config.duration(TOKEN_DELAY, Duration.ofMillis(2));
        if (delay.isNegative()) {
            throw new ConfigurationException(TOKEN_DELAY, "backend config key '" + TOKEN_DELAY + "': expected >= 0, got " + delay);
        }
        return new EchoBackend(config.string(BackendConfig.MODEL, "echo"), delay);
    }
}
