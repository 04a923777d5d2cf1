package io.benchsuite.sim;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.tck.BackendCompatibilityKit;

/** The simulator keeps the backend contract: the compatibility kit against {@link SimBackend}. */
class SimBackendCompatibilityTest extends BackendCompatibilityKit {
    @Override
    protected Backend createBackend() {
        return new SimBackend(SimSettings.builder().timeScale(0.01).build());
    }

    /** A model with a 4-token context: every request exceeds it and is rejected. */
    @Override
    protected Backend createFailingBackend() {
        return new SimBackend(SimSettings.builder().model("tiny-context", new ModelProfile("tiny-context", 490_000_000L, 24, 2, 64, 4))
                .timeScale(0.01).build());
    }

    /** Real time: a 256-token answer takes seconds. */
    @Override
    protected Backend createSlowBackend() {
        return new SimBackend(SimSettings.builder().build());
    }

    @Override
    protected boolean exactOutputLength() {
        return true;
    }
}
