package io.benchsuite.core.report.html;

import io.benchsuite.core.report.json.SectionType;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.run.ReportSection;

/**
 * How {@code report.html} draws one section type: registered in a
 * {@link io.benchsuite.core.report.json.SectionCatalog} like any section type, so that one entry makes
 * {@code report.json} read the section back as its record and the page draw it. The page frame
 * ({@link HtmlReport}) calls {@link #render} for a report that has the section, at the view's
 * {@link #place()}; {@link PageBlocks} has the page's shared pieces (boxes, figures, rows).
 *
 * @param <S> the section's record type
 */
public interface SectionView<S extends ReportSection> extends SectionType<S> {

    /** Where on the page a view goes; views of one place keep their catalog order. */
    enum Place {
        /** After rate honesty, before the latency distributions: what the run was (client, shards, workload, models). */
        AFTER_RATES,
        /** After the latency distributions, before the per-second series. */
        AFTER_LATENCY,
        /** After the server, host and GPU tables, before errors and configuration. */
        AFTER_TELEMETRY
    }

    /**
     * Where the view goes on the page.
     *
     * @return {@link Place#AFTER_TELEMETRY} unless the view says otherwise
     */
    default Place place() {
        return Place.AFTER_TELEMETRY;
    }

    /**
     * The section to draw when the report has none, e.g. one derived from the report's other blocks.
     *
     * @param report the report
     * @return the section, or {@code null} to draw nothing (the default)
     */
    default S whenAbsent(Report report) {
        return null;
    }

    /**
     * Appends the section's HTML (a {@code <section>} element with an {@code id}) to the page. Text
     * taken from the report is escaped ({@code Html.esc}); numbers use {@link java.util.Locale#ROOT}.
     *
     * @param page the page so far
     * @param section the section
     * @param report the whole report, for figures the section refers to
     */
    void render(StringBuilder page, S section, Report report);
}
