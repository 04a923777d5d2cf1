package io.benchsuite.metrics.tracing;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * OpenTelemetry tracing of a run: a {@code benchsuite.run} span for the run, and for each request a
 * {@code benchsuite.request} client span that starts <em>its own trace</em>, linked to the run span
 * (as messaging systems link a message's processing to the batch that carried it). So every request
 * sends a different W3C {@code traceparent} (through the given instance's propagators), the server's
 * own spans join the request's trace, and sampling is decided per request by a
 * {@link TraceSampling}: a ratio of the ordinary requests, and every failed or slow one.
 *
 * <p><b>What the server sees.</b> The {@code sampled} flag of the {@code traceparent} is the head
 * decision, {@link TraceSampling#headSampled} (the ratio rule on the trace id): when the request is
 * sent nobody knows yet whether it will fail or be slow. A failed or slow request outside the ratio
 * share is still exported by this client, but a server that samples parent-based did not record its
 * side. The span attribute {@code benchsuite.sampling.propagated} says which flag was sent.
 *
 * <p><b>The tail decision</b> is taken when the request's terminal event arrives, before the event
 * is passed on, and written to the span as {@code benchsuite.sampling.decision} ({@code error},
 * {@code slow}, {@code ratio}, {@code dropped}). {@link TailSamplingSpanProcessor} drops the spans
 * marked {@code dropped} in an SDK that records every span ({@code Sampler.alwaysOn()}); other SDK
 * set-ups apply their own sampler first.
 *
 * <p><b>Context for logs and exemplars.</b> While a request's send and terminal events are passed on,
 * the request's span context is the current OpenTelemetry context and the SLF4J MDC holds
 * {@code trace_id} and {@code span_id}, so log lines and metric exemplars recorded downstream point to
 * the request's trace. During the terminal event the current context's {@code sampled} flag is the
 * tail decision, so exemplar samplers that honour it only reference traces that are exported. Run
 * start and end, and every failed request (its error kind and HTTP status, never its message), are
 * logged at INFO in that context.
 *
 * <p>Uses only the {@link OpenTelemetry} it is given (never the global one); with
 * {@link OpenTelemetry#noop()} it records nothing and adds no header. Register it as both listener
 * and decorator: {@code builder.listener(tracing).decorator(tracing)}.
 *
 * <p>Request span attributes: {@code benchsuite.run}, {@code benchsuite.backend}, {@code gen_ai.request.model},
 * {@code benchsuite.request.index}, {@code gen_ai.usage.input_tokens},
 * {@code gen_ai.usage.output_tokens}, {@code benchsuite.outcome} ({@code success}, {@code failure},
 * {@code cancelled}), {@code error.type} (the error kind's label) on failure,
 * {@code benchsuite.sampling.decision}, {@code benchsuite.sampling.propagated}; an event
 * {@code first_token} at the first token.
 */
public final class RequestTracing implements RunListener, RequestDecorator {
    /** Instrumentation scope name. */
    public static final String SCOPE = "io.benchsuite";
    /** The backend's name. */
    public static final AttributeKey<String> BACKEND = AttributeKey.stringKey("benchsuite.backend");
    /** The model asked for. */
    public static final AttributeKey<String> MODEL = AttributeKey.stringKey("gen_ai.request.model");
    /** The run's name (run span and request spans). */
    public static final AttributeKey<String> RUN = AttributeKey.stringKey("benchsuite.run");
    /** The request's position in the schedule. */
    public static final AttributeKey<Long> INDEX = AttributeKey.longKey("benchsuite.request.index");
    /** Prompt tokens. */
    public static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    /** Output tokens (the server's count when reported, else streamed tokens). */
    public static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    /** {@code success}, {@code failure} or {@code cancelled}. */
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("benchsuite.outcome");
    /** The error kind's label, on failure. */
    public static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    /** The tail decision: {@code error}, {@code slow}, {@code ratio} or {@code dropped}. */
    public static final AttributeKey<String> SAMPLING_DECISION = AttributeKey.stringKey("benchsuite.sampling.decision");
    /** The {@code sampled} flag the server received in {@code traceparent}. */
    public static final AttributeKey<Boolean> SAMPLING_PROPAGATED = AttributeKey.booleanKey("benchsuite.sampling.propagated");
    /** MDC key of the current request's (or run's) trace id. */
    public static final String MDC_TRACE_ID = "trace_id";
    /** MDC key of the current request's (or run's) span id. */
    public static final String MDC_SPAN_ID = "span_id";

    private static final Logger LOG = LoggerFactory.getLogger(RequestTracing.class);

    private final OpenTelemetry otel;
    private final Tracer tracer;
    private final TraceSampling sampling;
    private volatile Span runSpan = Span.getInvalid();
    private volatile String runName = "";
    private volatile String backend = "unknown";

    /** Tracing with {@code openTelemetry}, keeping every request ({@link TraceSampling#keepAll()}). */
    public RequestTracing(OpenTelemetry openTelemetry) {
        this(openTelemetry, TraceSampling.keepAll());
    }

    /**
     * Tracing with {@code openTelemetry} (e.g. the CLI's OTLP-exporting SDK, or
     * {@link OpenTelemetry#noop()}), keeping the requests {@code sampling} selects.
     */
    public RequestTracing(OpenTelemetry openTelemetry, TraceSampling sampling) {
        this.otel = notNull(openTelemetry, "openTelemetry");
        this.sampling = notNull(sampling, "sampling");
        this.tracer = otel.getTracer(SCOPE);
    }

    /** The sampling policy. */
    public TraceSampling sampling() {
        return sampling;
    }

    @Override
    public void onRunStarted(RunInfo info) {
        backend = info.backend().name();
        runName = info.name();
        Span s = tracer.spanBuilder("benchsuite.run").setNoParent().setSpanKind(SpanKind.INTERNAL)
                .setAttribute(RUN, info.name()).setAttribute(BACKEND, backend)
                .setAttribute(MODEL, info.backend().model()).startSpan();
        runSpan = s;
        try (InContext ignored = new InContext(s.getSpanContext())) {
            LOG.info("run '{}' started: backend {}, model {}", info.name(), backend, info.backend().model());
        }
    }

    @Override
    public void onRunFinished(RunResult result) {
        Span s = runSpan;
        var counts = result.summary().counts();
        String status = result.status().name().toLowerCase(Locale.ROOT);
        s.setAttribute("benchsuite.run.status", status);
        s.setAttribute("benchsuite.requests.measured", counts.measured());
        s.setAttribute("benchsuite.requests.succeeded", counts.succeeded());
        s.setAttribute("benchsuite.requests.failed", counts.failed());
        try (InContext ignored = new InContext(s.getSpanContext())) {
            LOG.info("run '{}' {}: {} measured, {} succeeded, {} failed", runName, status, counts.measured(),
                    counts.succeeded(), counts.failed());
        }
        s.end();
    }

    @Override
    public Decorated decorate(InferenceRequest request, ResponseListener downstream) {
        var builder = tracer.spanBuilder("benchsuite.request").setNoParent().setSpanKind(SpanKind.CLIENT)
                .setAttribute(RUN, runName).setAttribute(BACKEND, backend).setAttribute(MODEL, request.model())
                .setAttribute(INDEX, request.index()).setAttribute(INPUT_TOKENS, (long) request.inputTokens());
        SpanContext run = runSpan.getSpanContext();
        if (run.isValid()) builder.addLink(run);
        long started = System.nanoTime();
        Span span = builder.startSpan();
        SpanContext ctx = span.getSpanContext();
        boolean head = ctx.isValid() && ctx.isSampled() && sampling.headSampled(ctx.getTraceId());
        span.setAttribute(SAMPLING_PROPAGATED, head);
        SpanContext sent = withSampled(ctx, head);
        Map<String, String> headers = new LinkedHashMap<>();
        otel.getPropagators().getTextMapPropagator().inject(Context.root().with(Span.wrap(sent)), headers,
                (carrier, key, value) -> carrier.put(key, value));
        InferenceRequest out = headers.isEmpty() ? request : request.withHeaders(headers);
        return new Decorated(out, new Traced(span, sent, started, request.index(), downstream));
    }

    /**
     * Decorates a throwaway request end to end (sent, a token, completed) through a tracer that records
     * nothing ({@link OpenTelemetry#noop()}): this class's code and the OpenTelemetry API's run before the
     * clock, and no span reaches the run's exporter. (The first real request otherwise loaded and linked
     * them: ~2 ms of a replay's first burst.)
     */
    @Override
    public void rehearse() {
        Decorated d = RehearsalParts.TRACING.decorate(RehearsalParts.REQUEST, RehearsalParts.IGNORED);
        ResponseListener l = d.listener();
        long t = System.nanoTime();
        l.onSent(t);
        l.onTokens(t + 1, 1, "a");
        l.onComplete(t + 2, Usage.unknown());
    }

    /** What {@link #rehearse} uses, made once, on first use. */
    private static final class RehearsalParts {
        static final RequestTracing TRACING = new RequestTracing(OpenTelemetry.noop(), TraceSampling.keepAll());
        static final InferenceRequest REQUEST = new InferenceRequest(0, "rehearsal",
                List.of(ChatMessage.user("rehearsal")), 1, 1, true, 0.0, 0, true, Map.of());
        static final ResponseListener IGNORED = new ResponseListener.Ignoring();
    }

    /** {@code ctx} with its {@code sampled} flag set or cleared (other flags, e.g. W3C {@code random}, kept). */
    static SpanContext withSampled(SpanContext ctx, boolean sampled) {
        if (!ctx.isValid()) return ctx;
        byte flags = ctx.getTraceFlags().asByte();
        flags = (byte) (sampled ? flags | TraceFlags.getSampled().asByte() : flags & ~TraceFlags.getSampled().asByte());
        return SpanContext.create(ctx.getTraceId(), ctx.getSpanId(), TraceFlags.fromByte(flags), ctx.getTraceState());
    }

    /**
     * Carries the span current on this thread (the request's, while its terminal event is passed on) to
     * the listeners' thread, so metrics recorded there sample exemplars from it and logs carry its ids.
     */
    @Override
    public Runnable carry(Runnable delivery) {
        SpanContext current = Span.current().getSpanContext();
        if (!current.isValid()) return delivery;
        return () -> {
            try (InContext ignored = new InContext(current)) {
                delivery.run();
            }
        };
    }

    /** Forwards every event, recording the first token, the outcome and the tail decision on the span. */
    private final class Traced implements ResponseListener {
        private final Span span;
        private final SpanContext sent;
        private final long startedNanos;
        private final long index;
        private final ResponseListener downstream;
        private boolean firstToken;
        private long streamedTokens;

        Traced(Span span, SpanContext sent, long startedNanos, long index, ResponseListener downstream) {
            this.span = span;
            this.sent = sent;
            this.startedNanos = startedNanos;
            this.index = index;
            this.downstream = downstream;
        }

        @Override
        public void onConnected(long connectNanos) {
            downstream.onConnected(connectNanos);
        }

        @Override
        public void onConnectionRetry(long nanoTime, String reason) {
            span.addEvent("connection_retry", Attributes.of(AttributeKey.stringKey("reason"), reason));
            downstream.onConnectionRetry(nanoTime, reason);
        }

        @Override
        public void onOutputKinds(OutputKinds kinds) {
            downstream.onOutputKinds(kinds);
        }

        @Override
        public void onExtra(Object extra) {
            downstream.onExtra(extra);
        }

        @Override
        public void onMark(String mark, long nanoTime) {
            downstream.onMark(mark, nanoTime);
        }

        @Override
        public void onSent(long nanoTime) {
            try (InContext ignored = new InContext(sent)) {
                downstream.onSent(nanoTime);
            }
        }

        @Override
        public void onReasoningTokens(long nanoTime, int tokenCount, String text) {
            firstToken(nanoTime, tokenCount);
            downstream.onReasoningTokens(nanoTime, tokenCount, text);
        }

        @Override
        public void onTokens(long nanoTime, int tokenCount, String text) {
            firstToken(nanoTime, tokenCount);
            downstream.onTokens(nanoTime, tokenCount, text);
        }

        private void firstToken(long nanoTime, int tokenCount) {
            if (tokenCount > 0) {
                streamedTokens += tokenCount;
                if (!firstToken) {
                    firstToken = true;
                    // a span that records nothing (no tracing configured) needs no wall-clock instant: two
                    // clock reads per request saved
                    if (span.isRecording()) span.addEvent("first_token", wallClock(nanoTime), TimeUnit.NANOSECONDS);
                }
            }
        }

        // The span ends before the engine hears of the terminal event: once the engine has seen every
        // request end, the run may end too, and every request span must be complete by then.
        @Override
        public void onComplete(long nanoTime, Usage usage) {
            TraceSampling.Decision decision = decide(false, nanoTime);
            span.setAttribute(OUTPUT_TOKENS, usage.hasCompletionTokens() ? usage.completionTokens() : streamedTokens);
            span.setAttribute(OUTCOME, "success");
            span.setAttribute(SAMPLING_DECISION, decision.label());
            end(nanoTime);
            try (InContext ignored = new InContext(withSampled(sent, decision.kept()))) {
                downstream.onComplete(nanoTime, usage);
            }
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            TraceSampling.Decision decision = decide(true, nanoTime);
            span.setAttribute(OUTPUT_TOKENS, streamedTokens);
            span.setAttribute(OUTCOME, error.kind() == ErrorKind.CANCELLED ? "cancelled" : "failure");
            span.setAttribute(ERROR_TYPE, error.kind().label());
            span.setAttribute(SAMPLING_DECISION, decision.label());
            span.setStatus(StatusCode.ERROR, error.kind().label());
            try (InContext ignored = new InContext(withSampled(sent, decision.kept()))) {
                if (error.httpStatus() > 0) {
                    LOG.info("request {} failed: {} (HTTP {})", index, error.kind().label(), error.httpStatus());
                } else {
                    LOG.info("request {} failed: {}", index, error.kind().label());
                }
                end(nanoTime);
                downstream.onError(nanoTime, error);
            }
        }

        /** Ends the span at the instant the backend observed (converted to the wall clock only when it records). */
        private void end(long nanoTime) {
            if (span.isRecording()) span.end(wallClock(nanoTime), TimeUnit.NANOSECONDS);
            else span.end();
        }

        private TraceSampling.Decision decide(boolean failed, long endNanos) {
            return sampling.decide(failed, Math.max(0, endNanos - startedNanos), sent.isSampled());
        }
    }

    /**
     * Makes a span context current (OpenTelemetry context and SLF4J MDC) until closed, restoring
     * what was there before; does nothing for an invalid context.
     */
    private static final class InContext implements AutoCloseable {
        private final Scope scope;
        private final String savedTrace;
        private final String savedSpan;

        // The scope is owned by this object and closed by close(); callers use it in try-with-resources.
        @SuppressWarnings("MustBeClosedChecker")
        InContext(SpanContext ctx) {
            if (!ctx.isValid()) {
                scope = null;
                savedTrace = null;
                savedSpan = null;
                return;
            }
            savedTrace = MDC.get(MDC_TRACE_ID);
            savedSpan = MDC.get(MDC_SPAN_ID);
            MDC.put(MDC_TRACE_ID, ctx.getTraceId());
            MDC.put(MDC_SPAN_ID, ctx.getSpanId());
            scope = Context.current().with(Span.wrap(ctx)).makeCurrent();
        }

        @Override
        public void close() {
            if (scope == null) return;
            scope.close();
            restore(MDC_TRACE_ID, savedTrace);
            restore(MDC_SPAN_ID, savedSpan);
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
        Instant now = Instant.now();
        long epochNow = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        return epochNow - (nowNano - nanoTime);
    }
}
