package io.benchsuite.api.tools;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.RequestExtras;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tool calls one response made, in index order; empty when a request offered tools and the model
 * answered in text. Logged as {@code toolCalls} (how many), {@code toolNames} and
 * {@code toolArgsJson} (how many calls' arguments parsed as JSON).
 *
 * @param calls the calls
 */
public record ToolCalls(List<ToolCall> calls) implements RequestExtras.Logged {
    /**
     * Copies the list.
     *
     * @param calls the calls
     */
    public ToolCalls {
        calls = List.copyOf(notNull(calls, "calls"));
    }

    /**
     * How many calls had arguments that parsed as JSON.
     *
     * @return the count
     */
    public int withJsonArguments() {
        int n = 0;
        for (ToolCall c : calls) if (c.argumentsJson()) n++;
        return n;
    }

    @Override
    public Map<String, Object> logFields() {
        List<String> names = new ArrayList<>(calls.size());
        for (ToolCall c : calls) names.add(c.name());
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("toolCalls", calls.size());
        f.put("toolNames", names);
        f.put("toolArgsJson", withJsonArguments());
        return f;
    }
}
