/**
 * The drawing kit of the HTML pages (run report and comparison): escaping and the page shell,
 * locale-independent number formats, axes, line charts and histograms as inline SVG, and chart data
 * from HdrHistograms. Not API: it changes with the pages.
 */
package io.benchsuite.core.report.html.internal;
