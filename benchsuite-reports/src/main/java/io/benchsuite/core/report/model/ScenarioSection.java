package io.benchsuite.core.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.benchsuite.core.run.ReportSection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The report's {@code scenario} section: the scenario file a run came from, resolved (its keys after
 * every command-line flag has overridden them, the seed made explicit, header values masked), and which
 * of its phases this run is. {@code resolved} is itself a scenario: {@code benchsuite run -f report.json}
 * runs it again, with the same schedule and prompts for the same seed.
 *
 * @param file the scenario file as given, or {@code null} for a run from flags alone
 * @param phase the phase's name, or {@code null} for a scenario without phases
 * @param phaseIndex the phase's position, from 1 (0 without phases)
 * @param phases how many phases the scenario runs (0 without phases)
 * @param resolved the resolved scenario: run flags by key (without {@code --}), {@code injections}, {@code phases}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScenarioSection(String file, String phase, int phaseIndex, int phases, Map<String, Object> resolved)
        implements ReportSection {
    /** The section's key. */
    public static final String KEY = "scenario";

    public ScenarioSection {
        resolved = resolved == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(resolved));
    }

    @Override
    public String key() {
        return KEY;
    }
}
