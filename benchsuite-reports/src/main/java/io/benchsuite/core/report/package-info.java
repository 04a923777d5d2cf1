/**
 * A run's output directory: {@link io.benchsuite.core.report.ReportWriters} appends
 * {@code requests.jsonl} as requests finish ({@link io.benchsuite.core.report.RequestLogWriter}) and
 * writes the {@link io.benchsuite.core.report.model.Report} in each of its formats when the run
 * ends: {@code report.json} ({@link io.benchsuite.core.report.json.ReportJson}), {@code summary.csv}
 * ({@link io.benchsuite.core.report.SummaryCsv}) and {@code report.html}
 * ({@link io.benchsuite.core.report.html.HtmlReport}). {@code benchsuite report} renders the derived
 * files again from a saved {@code report.json}. The engine does not know this package: the writers
 * are one {@link io.benchsuite.core.run.RunListener} among others.
 */
package io.benchsuite.core.report;
