package io.benchsuite.api.tools;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.RequestExtras;
import java.util.Map;

/**
 * The shape the answer must take (OpenAI's {@code response_format} of type {@code json_schema}): a JSON
 * value valid against {@code schema}. Logged as {@code responseFormat}.
 *
 * @param name the schema's name (OpenAI requires one), not blank
 * @param schema the JSON schema, as JSON text
 * @param strict whether the server is asked to follow the schema strictly
 */
public record ResponseFormat(String name, String schema, boolean strict) implements RequestExtras.Logged {
    /**
     * Checks the components.
     *
     * @param name the schema's name, not blank
     * @param schema the JSON schema, as JSON text
     * @param strict whether the server is asked to follow the schema strictly
     */
    public ResponseFormat {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("a response format needs a name");
        notNull(schema, "schema");
        if (!schema.strip().startsWith("{")) throw new IllegalArgumentException("a response format's schema must be a JSON object");
    }

    @Override
    public Map<String, Object> logFields() {
        return Map.of("responseFormat", "json_schema:" + name);
    }
}
