/**
 * The report model: records whose components are the fields of {@code report.json}, schema version
 * {@value io.benchsuite.core.report.model.Report#SCHEMA_VERSION}. {@link io.benchsuite.core.report.model.Report#of}
 * builds it from a finished run; {@link io.benchsuite.core.report.json.ReportJson} reads it back from
 * a file into the same types, so every format (JSON, CSV, HTML, the console summary, comparisons,
 * baselines) renders one model, whether the run just ended or ran a year ago. The known listener
 * sections are typed here too ({@link io.benchsuite.core.report.model.ServerSection},
 * {@link io.benchsuite.core.report.model.HostSection}, {@link io.benchsuite.core.report.model.GpuSection},
 * {@link io.benchsuite.core.report.model.ColdStartSection}); any other top-level key is kept as an
 * {@link io.benchsuite.core.report.model.UnknownSection}. Numbers follow
 * {@link io.benchsuite.core.report.model.ReportNumbers}: 6 decimals, {@code NaN} for what could not
 * be measured (JSON {@code null}).
 */
package io.benchsuite.core.report.model;
