package io.benchsuite.core.report.json;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.core.run.ReportSection;

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
     * A section type with nothing more than its key and record.
     *
     * @param key the top-level key
     * @param type the record type
     * @param <S> the record type
     * @return the type
     */
    static <S extends ReportSection> SectionType<S> of(String key, Class<S> type) {
        return new Plain<>(notNull(key, "key"), notNull(type, "type"));
    }

    /**
     * A key and a record type.
     *
     * @param key the top-level key
     * @param type the record type
     * @param <S> the record type
     */
    record Plain<S extends ReportSection>(String key, Class<S> type) implements SectionType<S> {}
}
