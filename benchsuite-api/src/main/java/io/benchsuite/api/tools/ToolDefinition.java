package io.benchsuite.api.tools;

import static io.benchsuite.api.util.Checks.notNull;

/**
 * One function a model may call, as OpenAI's {@code tools[].function} describes it.
 *
 * @param name the function's name, not blank
 * @param description what it does, possibly empty
 * @param parameters the JSON schema of its arguments, as JSON text (an object schema)
 */
public record ToolDefinition(String name, String description, String parameters) {
    /**
     * Checks the components.
     *
     * @param name the function's name, not blank
     * @param description what it does, possibly empty
     * @param parameters the JSON schema of its arguments, as JSON text
     */
    public ToolDefinition {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("a tool's name must not be blank");
        notNull(description, "description");
        notNull(parameters, "parameters");
        if (!parameters.strip().startsWith("{")) {
            throw new IllegalArgumentException("tool '" + name + "': parameters must be a JSON schema object, got '"
                    + (parameters.length() > 40 ? parameters.substring(0, 40) + "..." : parameters) + "'");
        }
    }
}
