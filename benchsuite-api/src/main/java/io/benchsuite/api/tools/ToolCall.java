package io.benchsuite.api.tools;

import static io.benchsuite.api.util.Checks.notNull;

/**
 * One tool call a response made, assembled from its streamed pieces.
 *
 * @param index the call's position in the response ({@code tool_calls[].index})
 * @param id the server's id for the call, or empty when it sent none
 * @param name the function called, or empty when the server sent none
 * @param arguments the arguments as the server sent them (JSON text when the model did it right)
 * @param argumentsJson whether {@code arguments} parsed as one JSON value
 */
public record ToolCall(int index, String id, String name, String arguments, boolean argumentsJson) {
    /**
     * Checks the components.
     *
     * @param index the call's position in the response
     * @param id the server's id for the call, or empty
     * @param name the function called, or empty
     * @param arguments the arguments as sent
     * @param argumentsJson whether {@code arguments} parsed as one JSON value
     */
    public ToolCall {
        if (index < 0) throw new IllegalArgumentException("index must be >= 0, got " + index);
        notNull(id, "id");
        notNull(name, "name");
        notNull(arguments, "arguments");
    }
}
