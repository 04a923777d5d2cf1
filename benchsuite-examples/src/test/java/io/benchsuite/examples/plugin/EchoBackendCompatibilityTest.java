package io.benchsuite.examples.plugin;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.tck.BackendCompatibilityKit;
import java.util.Map;

/**
 * The example plugin passes the backend compatibility kit: what a plugin author writes to check a
 * backend against the contract (from benchsuite-junit, which brings benchsuite-backend-tck). The echo
 * backend cannot be made to fail, so the kit's failure test is skipped.
 */
class EchoBackendCompatibilityTest extends BackendCompatibilityKit {
    private static Backend echo(String tokenDelay) {
        return BackendRegistry.load().create(EchoBackendProvider.NAME, BackendConfig.of(Map.of("token-delay", tokenDelay)));
    }

    @Override
    protected Backend createBackend() {
        return echo("1ms");
    }

    @Override
    protected Backend createSlowBackend() {
        return echo("20ms");
    }

    @Override
    protected int slowMaxTokens() {
        return 100;
    }

    @Override
    protected boolean exactOutputLength() {
        return true;
    }
}
