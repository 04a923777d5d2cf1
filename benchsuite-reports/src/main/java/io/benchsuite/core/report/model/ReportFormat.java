package io.benchsuite.core.report.model;

/**
 * One way to render a {@link Report} as a file of an output directory: {@code report.json},
 * {@code summary.csv}, {@code report.html}. Formats read only the model, so a report of any past
 * run renders again from its {@code report.json}.
 */
public interface ReportFormat {

    /** The file name in an output directory, e.g. {@code summary.csv}. */
    String fileName();

    /** The file's text. */
    String render(Report report);
}
