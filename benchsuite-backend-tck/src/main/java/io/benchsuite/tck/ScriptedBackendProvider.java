package io.benchsuite.tck;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.Capability;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.SecretMask;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The {@link ScriptedBackend} by name, {@value #NAME}, for tests that go through configuration (a
 * command line, a registry). Not registered in this jar: a test lists it in its own
 * {@code src/test/resources/META-INF/services/io.benchsuite.api.backend.BackendProvider}, so it
 * never shows among a user's backends. Its options are in {@link #options()}; it also declares the
 * HTTP-style keys ({@code url}, {@code api-key-env}, {@code header.<name>}) so that flags meant for
 * HTTP backends can be tested against it, and {@code org-id}, declared secret although its name
 * does not say so.
 */
public final class ScriptedBackendProvider implements BackendProvider {
    /** The name tests select it by. */
    public static final String NAME = "fake";

    /** Public for {@link java.util.ServiceLoader}. */
    public ScriptedBackendProvider() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "test backend with controlled delays";
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.STREAMING, Capability.SERVER_USAGE, Capability.IN_PROCESS);
    }

    @Override
    public List<BackendOption> options() {
        return List.of(
                BackendOption.duration("first-token", "time from onSent to the first token").withDefault("20ms"),
                BackendOption.duration("token-interval", "time between tokens").withDefault("2ms"),
                BackendOption.bool("fail-requests", "every request fails with HTTP 503").withDefault("false"),
                BackendOption.integer("fail-every", "every N-th request (index % N == N - 1) fails with HTTP 503; 0: none")
                        .withDefault("0"),
                BackendOption.bool("fail-preflight", "pre-flight fails as an unreachable server would").withDefault("false"),
                BackendOption.bool("require-key", "pre-flight requires the variable named by api-key-env to be set")
                        .withDefault("false"),
                BackendOption.bool("fail-create", "create throws IllegalStateException, as a bug would").withDefault("false"),
                BackendOption.string("org-id", "an id declared secret although its name does not say so").asSecret(),
                BackendOption.MODEL.withDefault("fake-model"),
                BackendOption.URL.withDefault("http://127.0.0.1:9").withDescription("named in the pre-flight failure"),
                BackendOption.API_KEY_ENV,
                BackendOption.HEADERS,
                BackendOption.SECRET_HEADERS);
    }

    @Override
    public Backend create(BackendConfig config) {
        if (config.bool("fail-create", false)) throw new IllegalStateException("scripted failure in create");
        ScriptedBackend.Builder b = ScriptedBackend.builder().name(NAME)
                .model(config.string(BackendConfig.MODEL, "fake-model"))
                .detail("device", config.string(BackendConfig.DEVICE, "none"))
                .firstToken(config.duration("first-token", Duration.ofMillis(20)))
                .tokenInterval(config.duration("token-interval", Duration.ofMillis(2)))
                .tokenText("tok ");
        BackendError unavailable = new BackendError(ErrorKind.HTTP_5XX, "HTTP 503 from fake", 503, null);
        if (config.bool("fail-requests", false)) {
            b.failEvery(unavailable);
        }
        int failEvery = config.integer("fail-every", 0);
        if (failEvery > 0) b.failure(index -> index % failEvery == failEvery - 1 ? unavailable : null);
        boolean failPreflight = config.bool("fail-preflight", false);
        boolean requireKey = config.bool("require-key", false);
        String url = config.string(BackendConfig.URL, "http://127.0.0.1:9");
        String keyVariable = config.string(BackendConfig.API_KEY_ENV).orElse(null);
        b.preflightCheck(() -> {
            if (failPreflight) {
                throw new BackendException("cannot reach " + SecretMask.stripUserInfo(url) + "/v1/models: connection refused");
            }
            if (requireKey && keyVariable != null) {
                // read as HTTP backends read it, and never reported
                String key = System.getenv(keyVariable);
                if (key == null || key.isEmpty()) throw new BackendException("API key variable " + keyVariable + " is empty");
            }
        });
        return b.build();
    }
}
