package io.benchsuite.core.report.json;

import java.util.List;

/**
 * A list of report section types, found with {@link java.util.ServiceLoader}: an implementation named
 * in {@code META-INF/services/io.benchsuite.core.report.json.SectionCatalog} makes {@code report.json}
 * read its sections back as their records, and those of its types that are also
 * {@code io.benchsuite.core.report.html.SectionView}s draw them in {@code report.html}. Adding a
 * section to a catalog's list is its one registration line.
 */
public interface SectionCatalog {

    /**
     * The section types, in the order their views appear on the page.
     *
     * @return the types; no two with one key
     */
    List<SectionType<?>> sections();
}
