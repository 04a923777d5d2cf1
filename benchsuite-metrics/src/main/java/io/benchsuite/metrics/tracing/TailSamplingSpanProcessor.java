package io.benchsuite.metrics.tracing;

import static io.benchsuite.api.util.Checks.notNull;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * Carries out {@link RequestTracing}'s tail decision in an OpenTelemetry SDK: forwards every ended
 * span to the exporting processor it wraps, except the request spans marked
 * {@code benchsuite.sampling.decision = dropped}.
 *
 * <p>For the decision to see every request, the SDK must record every request span
 * ({@code Sampler.alwaysOn()}); {@link RequestTracing} then applies its {@link TraceSampling}:
 *
 * <pre>{@code
 * SdkTracerProvider.builder()
 *     .setSampler(Sampler.alwaysOn())
 *     .addSpanProcessor(TailSamplingSpanProcessor.wrap(BatchSpanProcessor.builder(exporter).build()))
 *     .build();
 * }</pre>
 *
 * <p>Needs {@code io.opentelemetry:opentelemetry-sdk-trace} on the class path (an optional
 * dependency of this module).
 */
public final class TailSamplingSpanProcessor implements SpanProcessor {
    private final SpanProcessor exporting;

    private TailSamplingSpanProcessor(SpanProcessor exporting) {
        this.exporting = exporting;
    }

    /** Filters what reaches {@code exporting} (typically a {@code BatchSpanProcessor}). */
    public static SpanProcessor wrap(SpanProcessor exporting) {
        return new TailSamplingSpanProcessor(notNull(exporting, "exporting"));
    }

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {
        exporting.onStart(parentContext, span);
    }

    @Override
    public boolean isStartRequired() {
        return exporting.isStartRequired();
    }

    @Override
    public void onEnd(ReadableSpan span) {
        String decision = span.getAttribute(RequestTracing.SAMPLING_DECISION);
        if (TraceSampling.Decision.DROPPED.label().equals(decision)) return;
        exporting.onEnd(span);
    }

    @Override
    public boolean isEndRequired() {
        return true;
    }

    @Override
    public CompletableResultCode shutdown() {
        return exporting.shutdown();
    }

    @Override
    public CompletableResultCode forceFlush() {
        return exporting.forceFlush();
    }
}
