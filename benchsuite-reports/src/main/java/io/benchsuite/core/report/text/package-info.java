/**
 * Sections in plain text: the lines a run's console summary prints and the rows of {@code summary.csv}
 * ({@link io.benchsuite.core.report.text.SummaryRows}), used by the section views that register them.
 */
package io.benchsuite.core.report.text;
