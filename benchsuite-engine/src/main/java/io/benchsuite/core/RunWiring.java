package io.benchsuite.core;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.core.inprocess.ColdStartListener;
import io.benchsuite.core.inprocess.EngineSnapshotListener;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.workload.ContextLimit;
import java.util.List;
import java.util.Map;

/** What {@link Benchmark} adds to every run besides the caller's settings: standard listeners, the secrets to mask. */
final class RunWiring {
    /** Backend details that declare the model's context length, in order of preference. */
    private static final List<String> DECLARED_CONTEXT_KEYS = List.of("max-context", "max_model_len");

    private RunWiring() {}

    /**
     * The context limit the backend declares in its details, with the detail's name ({@code backend max_model_len}), or
     * {@code null} when it declares none; a detail that is not a number is no limit.
     */
    static Map.Entry<ContextLimit, String> declaredContextLimit(BackendInfo info) {
        for (String key : DECLARED_CONTEXT_KEYS) {
            String v = info.details().get(key);
            if (v == null) continue;
            try {
                return Map.entry(new ContextLimit(Integer.parseInt(v.trim())), "backend " + key);
            } catch (IllegalArgumentException notANumber) {
                // a detail we cannot read is no limit
            }
        }
        return null;
    }

    /**
     * The sections of {@link io.benchsuite.core.inprocess} every report carries: the {@code engineSnapshot} section of a
     * backend that sees its own serving engine, and the {@code coldStart} section (cold start against steady state from the request
     * records, for every backend; the JIT compile time only for a backend running in this JVM), unless the
     * caller added their own.
     */
    static void addInProcessListeners(List<RunListener> all, Backend b) {
        all.add(new EngineSnapshotListener(b));
        boolean coldStartGiven = all.stream().anyMatch(l -> l instanceof ColdStartListener);
        if (!coldStartGiven) {
            all.add(new ColdStartListener(ColdStartListener.DEFAULT_COLD_START_REQUESTS, "in-process".equals(b.info().endpoint())));
        }
    }

    /** The configuration's secrets and the API key it names, for masking error messages. */
    static SecretMask secrets(BackendConfig config) {
        SecretMask mask = config.secretMask();
        String apiKey = config.string(BackendConfig.API_KEY_ENV).map(String::trim).filter(v -> !v.isEmpty())
                .map(System::getenv).orElse(null);
        return apiKey == null ? mask : mask.and(SecretMask.of(List.of(apiKey)));
    }
}
