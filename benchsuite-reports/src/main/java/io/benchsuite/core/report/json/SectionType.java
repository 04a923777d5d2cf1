package io.benchsuite.core.report.json;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.core.run.ReportSection;
import java.util.List;

/**
 * One kind of {@code report.json} section: its top-level key and the record type a report read back
 * gives for it. Sections are registered in a {@link SectionCatalog}; a key no catalog names is read
 * back as an {@link io.benchsuite.core.report.model.UnknownSection}.
 *
 * @param <S> the section's record type
 */
public interface SectionType<S extends ReportSection> {

    /** The section's top-level key in {@code report.json}, e.g. {@code client}. */
    String key();

    /** The record the section is read back as. */
    Class<S> type();

    /**
     * Keys older reports wrote the section under: a report read back holds it under {@link #key()}, and is
     * written back so. None by default.
     *
     * @return the old keys
     */
    default List<String> oldKeys() {
        return List.of();
    }

    /**
     * The section's lines in the console summary a run prints, after the built-in figures, in catalog order.
     *
     * @param section the section
     * @return the lines, each ending in a newline; empty (the default) for none
     */
    default String consoleText(S section) {
        return "";
    }

    /**
     * Appends the section's rows to {@code summary.csv} ({@code metric,statistic,value,unit}), after the
     * built-in rows, in catalog order; none by default.
     *
     * @param section the section
     * @param csv the file's text so far
     */
    default void csvRows(S section, StringBuilder csv) {}

    /**
     * A section type with nothing more than its key and record.
     *
     * @param key the top-level key
     * @param type the record type
     * @param <S> the record type
     * @return the type
     */
    static <S extends ReportSection> SectionType<S> of(String key, Class<S> type) {
        return renamed(key, type, List.of());
    }

    /**
     * A section type whose key was another in older reports, which are still read.
     *
     * @param key the top-level key
     * @param type the record type
     * @param oldKeys the keys older reports wrote the section under
     * @param <S> the record type
     * @return the type
     */
    static <S extends ReportSection> SectionType<S> renamed(String key, Class<S> type, List<String> oldKeys) {
        return new Plain<>(notNull(key, "key"), notNull(type, "type"), List.copyOf(notNull(oldKeys, "oldKeys")));
    }

    /**
     * A key, a record type and the keys older reports used.
     *
     * @param key the top-level key
     * @param type the record type
     * @param oldKeys the keys older reports wrote the section under
     * @param <S> the record type
     */
    record Plain<S extends ReportSection>(String key, Class<S> type, List<String> oldKeys) implements SectionType<S> {}
}
