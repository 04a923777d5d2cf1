package io.benchsuite.core.report.model;

import java.util.Map;

/**
 * The report's {@code backend} block: the backend's identity as it described itself.
 *
 * @param name backend name, e.g. {@code vllm}
 * @param model model served
 * @param endpoint where requests went (no credentials)
 * @param details backend-specific facts (server version, preset, ...)
 */
public record BackendDetails(String name, String model, String endpoint, Map<String, String> details) {
    static final BackendDetails UNKNOWN = new BackendDetails(null, null, null, Map.of());

    public BackendDetails {
        details = Maps.ordered(details);
    }
}
