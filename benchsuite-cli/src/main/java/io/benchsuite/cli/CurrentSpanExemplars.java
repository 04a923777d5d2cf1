package io.benchsuite.cli;

import io.micrometer.registry.otlp.ExemplarContextProvider;
import io.micrometer.registry.otlp.OtlpExemplarContext;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;

/**
 * Exemplars for both meter registries from the current OpenTelemetry span context. While a request's
 * terminal event is handled, {@code RequestTracing} makes the request's context current with the
 * {@code sampled} flag set only when its trace is exported, so a latency recorded then carries the
 * trace id of a trace that exists in the tracing back end; elsewhere nothing is current and no
 * exemplar is taken.
 */
final class CurrentSpanExemplars implements io.prometheus.metrics.tracer.common.SpanContext, ExemplarContextProvider {
    static final CurrentSpanExemplars INSTANCE = new CurrentSpanExemplars();

    private CurrentSpanExemplars() {}

    private static SpanContext current() {
        return Span.current().getSpanContext();
    }

    @Override
    public String getCurrentTraceId() {
        SpanContext c = current();
        return c.isValid() ? c.getTraceId() : null;
    }

    @Override
    public String getCurrentSpanId() {
        SpanContext c = current();
        return c.isValid() ? c.getSpanId() : null;
    }

    @Override
    public boolean isCurrentSpanSampled() {
        SpanContext c = current();
        return c.isValid() && c.isSampled();
    }

    @Override
    public void markCurrentSpanAsExemplar() {
        // The current span is the request's context, not a live span: nothing to mark.
    }

    @Override
    public OtlpExemplarContext getExemplarContext() {
        SpanContext c = current();
        return c.isValid() && c.isSampled() ? new OtlpExemplarContext(c.getTraceId(), c.getSpanId()) : null;
    }
}
