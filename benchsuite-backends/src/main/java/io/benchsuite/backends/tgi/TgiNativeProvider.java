package io.benchsuite.backends.tgi;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.Capability;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.http.HttpOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Provider {@code tgi-native}: TGI's own {@code /generate_stream} API (see {@link TgiNativeBackend}). */
public final class TgiNativeProvider implements BackendProvider {
    private final EnvironmentVariables environment;

    /** Reads the API key variable from the process environment. */
    public TgiNativeProvider() {
        this(EnvironmentVariables.system());
    }

    /** Reads the API key variable from {@code environment}. */
    public TgiNativeProvider(EnvironmentVariables environment) {
        this.environment = notNull(environment, "environment");
    }

    @Override
    public String name() {
        return TgiNativeBackend.NAME;
    }

    @Override
    public String description() {
        return "Hugging Face TGI native API (/generate_stream), default " + TgiNativeBackend.DEFAULT_URL;
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.STREAMING, Capability.SERVER_USAGE, Capability.SERVER_METRICS);
    }

    @Override
    public List<BackendOption> options() {
        List<BackendOption> all = new ArrayList<>();
        all.add(BackendOption.MODEL.withDefault("the server's model_id from /info")
                .withDescription("model name for the report (TGI serves one model)"));
        all.addAll(HttpOptions.connection(TgiNativeBackend.DEFAULT_URL));
        return List.copyOf(all);
    }

    @Override
    public Backend create(BackendConfig config) {
        return TgiNativeBackend.create(notNull(config, "config"), environment);
    }
}
