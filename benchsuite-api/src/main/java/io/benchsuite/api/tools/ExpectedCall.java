package io.benchsuite.api.tools;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.RequestExtras;
import java.util.Map;

/**
 * The call a dataset expects the model to make, for grading (never sent to the server). The arguments
 * follow the possible-answer form of the Berkeley Function-Calling Leaderboard: a JSON object mapping
 * each parameter to an array of acceptable values, where an empty string among them means the parameter
 * may be left out, e.g. {@code {"base": [10], "unit": ["units", ""]}}. Logged as {@code expectedTool}.
 *
 * @param name the function expected, not blank
 * @param acceptable parameter name to acceptable values, as JSON text; {@code {}} checks the name and the
 *     schema only
 */
public record ExpectedCall(String name, String acceptable) implements RequestExtras.Logged {
    /**
     * Checks the components.
     *
     * @param name the function expected, not blank
     * @param acceptable parameter name to acceptable values, as JSON text
     */
    public ExpectedCall {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("an expected call needs a function name");
        notNull(acceptable, "acceptable");
        if (!acceptable.strip().startsWith("{")) throw new IllegalArgumentException("acceptable arguments must be a JSON object");
    }

    @Override
    public Map<String, Object> logFields() {
        return Map.of("expectedTool", name);
    }
}
