/**
 * Publishing a run's metrics to the application's own Micrometer registry:
 * {@link io.benchsuite.examples.metrics.MeterRegistryListener} is the run listener that does it and
 * {@link io.benchsuite.examples.metrics.MicrometerExample} wires it to a run.
 */
package io.benchsuite.examples.metrics;
