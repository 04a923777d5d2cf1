/**
 * OpenTelemetry tracing of a run: {@link io.benchsuite.metrics.tracing.RequestTracing} makes one span
 * for the run and one trace per request linked to it; {@link io.benchsuite.metrics.tracing.TraceSampling}
 * decides which request traces are kept (a head ratio plus slow and failed requests), and
 * {@link io.benchsuite.metrics.tracing.TailSamplingSpanProcessor} carries out that decision in the SDK.
 */
package io.benchsuite.metrics.tracing;
