package io.benchsuite.core.report.model;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.annotation.JsonValue;
import io.benchsuite.core.run.ReportSection;

/**
 * A top-level field of a report that benchsuite does not know: a plugin's own section, or a marker
 * such as a baseline file's {@code baselineVersion}. Kept as read (maps, lists, strings, numbers,
 * booleans, {@code null}) so that a report written back loses nothing.
 *
 * @param key the top-level key
 * @param value the value as plain Java objects
 */
public record UnknownSection(String key, @JsonValue Object value) implements ReportSection {
    public UnknownSection {
        notNull(key, "key");
    }
}
