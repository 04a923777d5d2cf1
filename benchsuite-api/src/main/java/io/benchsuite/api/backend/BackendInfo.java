package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Map;

/**
 * The identity of a backend, recorded in every report.
 *
 * @param name provider name, e.g. {@code sim} or {@code vllm}
 * @param model model served
 * @param endpoint where it is (URL without credentials, or {@code in-process})
 * @param details other facts worth recording (device, quantization, server version, token-count source); never secrets
 */
public record BackendInfo(String name, String model, String endpoint, Map<String, String> details) {
    /**
     * Checks the components are present and copies the details.
     *
     * @param name provider name, e.g. {@code sim} or {@code vllm}
     * @param model model served
     * @param endpoint where it is (URL without credentials, or {@code in-process})
     * @param details other facts worth recording (device, quantization, server version, token-count source); never secrets
     */
    public BackendInfo {
        notNull(name, "name");
        notNull(model, "model");
        notNull(endpoint, "endpoint");
        details = Map.copyOf(notNull(details, "details"));
    }
}
