/**
 * {@code report.html}: one self-contained page per run rendered from the report model, with the
 * twelve {@link io.benchsuite.core.report.html.Headline} metrics, rate honesty, latency CDFs and
 * histograms, the per-second series, telemetry, errors and configuration. {@code HtmlReport} is the
 * page frame; each section with a box of its own is drawn by a
 * {@link io.benchsuite.core.report.html.SectionView} registered in a section catalog
 * ({@link io.benchsuite.core.report.html.BuiltInSections} for benchsuite's own). No script and no
 * network; charts are inline SVG drawn by the classes in {@code internal}.
 */
package io.benchsuite.core.report.html;
