/**
 * {@code report.html}: one self-contained page per run rendered from the report model, with the
 * twelve {@link io.benchsuite.core.report.html.Headline} metrics, rate honesty, latency CDFs and
 * histograms, the per-second series, telemetry, errors and configuration. No script and no network;
 * charts are inline SVG drawn by the classes in {@code internal}.
 */
package io.benchsuite.core.report.html;
