/**
 * Live metrics of a run for dashboards: {@link io.benchsuite.metrics.BenchsuiteMetrics} publishes them
 * to the {@code MeterRegistry} the caller passes, under the names listed in
 * {@link io.benchsuite.metrics.MetricNames} and described in {@code docs/metrics.md}. The report's
 * figures do not come from here; the subpackages add report sections measured beside the run (server,
 * host, GPU) and request tracing.
 */
package io.benchsuite.metrics;
