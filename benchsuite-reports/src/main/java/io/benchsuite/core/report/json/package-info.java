/**
 * {@code report.json}, the text form of the report model: the one place the report is written and
 * parsed (Jackson databind over the model's records), where the histograms are base64-encoded and
 * decoded, and where a bad file gets an {@link io.benchsuite.core.report.json.InvalidReportException}
 * naming the file and the problem. Within one process nothing is encoded and decoded again: the
 * other formats render the model itself.
 */
package io.benchsuite.core.report.json;
