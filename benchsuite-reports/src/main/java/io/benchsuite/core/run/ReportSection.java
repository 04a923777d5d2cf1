package io.benchsuite.core.run;

/**
 * A top-level section of {@code report.json} contributed by a {@link RunListener} (server metrics,
 * host and GPU telemetry, in-process cold start, or a plugin's own). Implementations are records whose
 * components are the section's JSON fields: the report writer serializes them, and a report read
 * back gives the same record type for the keys a section catalog registers (benchsuite's own, and a
 * plugin's listed in its {@code META-INF/services}) and a plain map for any other. A value that could not be measured is
 * {@code NaN} or {@code null} (written as JSON {@code null}), never 0.
 */
public interface ReportSection {

    /**
     * The section's top-level key in {@code report.json}, e.g. {@code host}. It must not be one of
     * the report's own keys (those sections are dropped with a warning).
     */
    String key();
}
