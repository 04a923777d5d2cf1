/**
 * The report's {@code server} section: {@link io.benchsuite.metrics.server.ServerMetricsScraper}
 * scrapes a serving stack's Prometheus {@code /metrics} during a run, a
 * {@link io.benchsuite.metrics.server.ServerDialect} maps each stack's metric names to benchsuite's
 * figures, and {@link io.benchsuite.metrics.server.ServerWindow} turns the scrapes into the measured
 * window's counts, rates and distributions.
 */
package io.benchsuite.metrics.server;
