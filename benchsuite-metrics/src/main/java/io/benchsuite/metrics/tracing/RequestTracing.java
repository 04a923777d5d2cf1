package io.benchsuite.metrics.tracing;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.core.run.RequestDecorator;
import io.benchsuite.core.run.RunInfo;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.MDC;

/**
 * OpenTelemetry tracing of a run: a {@code benchsuite.run} span for the run and a
 * {@code benchsuite.request} client span per request, its child, with the W3C {@code traceparent}
 * (through the given instance's propagators) added to the request headers so the server's own
 * traces join ours. While the request's send and terminal events are handled, the SLF4J MDC holds
 * {@code trace_id} and {@code span_id}, so log lines correlate with the trace.
 *
 * <p>Uses only the {@link OpenTelemetry} it is given (never the global one); with
 * {@link OpenTelemetry#noop()} it does nothing and adds no header. Register it as both listener and
 * decorator: {@code builder.listener(tracing).decorator(tracing)}.
 *
 * <p>Request span attributes: {@code benchsuite.backend}, {@code gen_ai.request.model},
 * {@code benchsuite.request.index}, {@code gen_ai.usage.input_tokens},
 * {@code gen_ai.usage.output_tokens}, {@code benchsuite.outcome} ({@code success}, {@code failure},
 * {@code cancelled}), {@code error.type} (the error kind's label) on failure; an event
 * {@code first_token} at the first token.
 */
public final class RequestTracing implements RunListener, RequestDecorator {
    /** Instrumentation scope name. */
    public static final String SCOPE = "io.benchsuite";
    public static final AttributeKey<String> BACKEND = AttributeKey.stringKey("benchsuite.backend");
    public static final AttributeKey<String> MODEL = AttributeKey.stringKey("gen_ai.request.model");
    public static final AttributeKey<String> RUN = AttributeKey.stringKey("benchsuite.run");
    public static final AttributeKey<Long> INDEX = AttributeKey.longKey("benchsuite.request.index");
    public static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    public static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("benchsuite.outcome");
    public static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    /** MDC keys. */
    public static final String MDC_TRACE_ID = "trace_id";
    public static final String MDC_SPAN_ID = "span_id";

    private final OpenTelemetry otel;
    private final Tracer tracer;
    private volatile Span runSpan = Span.getInvalid();
    private volatile Context runContext = Context.root();
    private volatile String backend = "unknown";

    /** Tracing with {@code openTelemetry} (e.g. the CLI's OTLP-exporting SDK, or {@link OpenTelemetry#noop()}). */
    public RequestTracing(OpenTelemetry openTelemetry) {
        this.otel = notNull(openTelemetry, "openTelemetry");
        this.tracer = otel.getTracer(SCOPE);
    }

    @Override
    public void onRunStarted(RunInfo info) {
        backend = info.backend().name();
        Span s = tracer.spanBuilder("benchsuite.run").setNoParent().setSpanKind(SpanKind.INTERNAL)
                .setAttribute(RUN, info.name()).setAttribute(BACKEND, backend)
                .setAttribute(MODEL, info.backend().model()).startSpan();
        runSpan = s;
        runContext = Context.root().with(s);
    }

    @Override
    public void onRunFinished(RunResult result) {
        Span s = runSpan;
        s.setAttribute("benchsuite.run.status", result.status().name().toLowerCase(java.util.Locale.ROOT));
        s.setAttribute("benchsuite.requests.measured", result.summary().counts().measured());
        s.setAttribute("benchsuite.requests.succeeded", result.summary().counts().succeeded());
        s.setAttribute("benchsuite.requests.failed", result.summary().counts().failed());
        s.end();
    }

    @Override
    public Decorated decorate(InferenceRequest request, ResponseListener downstream) {
        Span span = tracer.spanBuilder("benchsuite.request").setParent(runContext).setSpanKind(SpanKind.CLIENT)
                .setAttribute(BACKEND, backend).setAttribute(MODEL, request.model())
                .setAttribute(INDEX, request.index()).setAttribute(INPUT_TOKENS, (long) request.inputTokens())
                .startSpan();
        Map<String, String> headers = new LinkedHashMap<>();
        otel.getPropagators().getTextMapPropagator().inject(Context.root().with(span), headers,
                (carrier, key, value) -> carrier.put(key, value));
        InferenceRequest sent = headers.isEmpty() ? request : request.withHeaders(headers);
        return new Decorated(sent, new Traced(span, downstream));
    }

    /** Forwards every event, recording the first token and the outcome on the span. */
    private static final class Traced implements ResponseListener {
        private final Span span;
        private final ResponseListener downstream;
        private final SpanContext ctx;
        private boolean firstToken;
        private long streamedTokens;

        Traced(Span span, ResponseListener downstream) {
            this.span = span;
            this.downstream = downstream;
            this.ctx = span.getSpanContext();
        }

        @Override
        public void onConnected(long connectNanos) {
            downstream.onConnected(connectNanos);
        }

        @Override
        public void onConnectionRetry(long nanoTime, String reason) {
            span.addEvent("connection_retry", io.opentelemetry.api.common.Attributes.of(
                    io.opentelemetry.api.common.AttributeKey.stringKey("reason"), reason));
            downstream.onConnectionRetry(nanoTime, reason);
        }

        @Override
        public void onSent(long nanoTime) {
            String[] saved = enterMdc();
            try {
                downstream.onSent(nanoTime);
            } finally {
                leaveMdc(saved);
            }
        }

        @Override
        public void onTokens(long nanoTime, int tokenCount, String text) {
            if (tokenCount > 0) {
                streamedTokens += tokenCount;
                if (!firstToken) {
                    firstToken = true;
                    span.addEvent("first_token", wallClock(nanoTime), TimeUnit.NANOSECONDS);
                }
            }
            downstream.onTokens(nanoTime, tokenCount, text);
        }

        // The span ends before the engine hears of the terminal event: once the engine has seen every
        // request end, the run may end too, and every request span must be complete by then.
        @Override
        public void onComplete(long nanoTime, Usage usage) {
            String[] saved = enterMdc();
            try {
                span.setAttribute(OUTPUT_TOKENS, usage.hasCompletionTokens() ? usage.completionTokens() : streamedTokens);
                span.setAttribute(OUTCOME, "success");
                span.end(wallClock(nanoTime), TimeUnit.NANOSECONDS);
                downstream.onComplete(nanoTime, usage);
            } finally {
                leaveMdc(saved);
            }
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            String[] saved = enterMdc();
            try {
                span.setAttribute(OUTPUT_TOKENS, streamedTokens);
                span.setAttribute(OUTCOME, error.kind() == ErrorKind.CANCELLED ? "cancelled" : "failure");
                span.setAttribute(ERROR_TYPE, error.kind().label());
                span.setStatus(StatusCode.ERROR, error.kind().label());
                span.end(wallClock(nanoTime), TimeUnit.NANOSECONDS);
                downstream.onError(nanoTime, error);
            } finally {
                leaveMdc(saved);
            }
        }

        private String[] enterMdc() {
            if (!ctx.isValid()) return null;
            String[] saved = {MDC.get(MDC_TRACE_ID), MDC.get(MDC_SPAN_ID)};
            MDC.put(MDC_TRACE_ID, ctx.getTraceId());
            MDC.put(MDC_SPAN_ID, ctx.getSpanId());
            return saved;
        }

        private static void leaveMdc(String[] saved) {
            if (saved == null) return;
            restore(MDC_TRACE_ID, saved[0]);
            restore(MDC_SPAN_ID, saved[1]);
        }

        private static void restore(String key, String value) {
            if (value == null) MDC.remove(key); else MDC.put(key, value);
        }
    }

    /**
     * Converts a monotonic {@link System#nanoTime()} stamp to epoch nanoseconds, so events carry
     * the instant the backend observed rather than the (later) instant the listener ran.
     */
    static long wallClock(long nanoTime) {
        long nowNano = System.nanoTime();
        java.time.Instant now = java.time.Instant.now();
        long epochNow = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        return epochNow - (nowNano - nanoTime);
    }
}
