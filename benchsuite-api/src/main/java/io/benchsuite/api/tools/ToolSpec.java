package io.benchsuite.api.tools;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.RequestExtras;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tools a request offers the model and how it may use them (OpenAI's {@code tools} and
 * {@code tool_choice}). Logged as {@code toolsSent} (how many) and {@code toolChoice}.
 *
 * @param tools the functions, at least one, names unique
 * @param choice {@code auto}, {@code none}, {@code required}, or {@code function:NAME} to force the call of
 *     one of {@code tools}
 */
public record ToolSpec(List<ToolDefinition> tools, String choice) implements RequestExtras.Logged {
    /** The choice that lets the model decide. */
    public static final String AUTO = "auto";

    /**
     * Checks the components and copies the list.
     *
     * @param tools the functions, at least one, names unique
     * @param choice {@code auto}, {@code none}, {@code required} or {@code function:NAME}
     */
    public ToolSpec {
        tools = List.copyOf(notNull(tools, "tools"));
        if (tools.isEmpty()) throw new IllegalArgumentException("a tool spec needs at least one tool");
        List<String> names = new ArrayList<>();
        for (ToolDefinition t : tools) {
            if (names.contains(t.name())) throw new IllegalArgumentException("tool name '" + t.name() + "' appears twice");
            names.add(t.name());
        }
        notNull(choice, "choice");
        if (!(choice.equals(AUTO) || choice.equals("none") || choice.equals("required"))) {
            String forced = forcedName(choice).orElseThrow(() -> new IllegalArgumentException(
                    "tool choice must be auto, none, required or function:NAME, got '" + choice + "'"));
            if (!names.contains(forced)) {
                throw new IllegalArgumentException("tool choice names function '" + forced + "', which is not among the tools "
                        + names);
            }
        }
    }

    /**
     * The function a choice forces, if it is {@code function:NAME}.
     *
     * @return the name, or empty when the choice is auto, none or required
     */
    public Optional<String> forced() {
        return forcedName(choice);
    }

    /**
     * The tool of that name.
     *
     * @param name the function's name
     * @return the definition, or empty
     */
    public Optional<ToolDefinition> tool(String name) {
        for (ToolDefinition t : tools) {
            if (t.name().equals(name)) return Optional.of(t);
        }
        return Optional.empty();
    }

    private static Optional<String> forcedName(String choice) {
        return choice.startsWith("function:") && choice.length() > "function:".length()
                ? Optional.of(choice.substring("function:".length())) : Optional.empty();
    }

    @Override
    public Map<String, Object> logFields() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("toolsSent", tools.size());
        f.put("toolChoice", choice);
        return f;
    }
}
