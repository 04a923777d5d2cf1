package io.benchsuite.metrics.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.metrics.TestBackendAccess;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

class RequestTracingTest {

    /** An SDK exporting every span to {@code exporter}, propagating W3C trace context. */
    private static OpenTelemetrySdk sdk(InMemorySpanExporter exporter) {
        return OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
    }

    @Test
    void aRehearsalExportsNoSpanAndLeavesNoContext() {
        InMemorySpanExporter exporter = InMemorySpanExporter.create();
        OpenTelemetrySdk sdk = sdk(exporter);
        RequestTracing tracing = new RequestTracing(sdk);
        for (int i = 0; i < 40; i++) tracing.rehearse();

        assertThat(exporter.getFinishedSpanItems()).as("spans exported by rehearsals").isEmpty();
        assertThat(MDC.get("trace_id")).isNull();
        assertThat(Span.current().getSpanContext().isValid()).isFalse();
        sdk.close();
    }

    @Test
    void oneSpanPerRequestWithAttributesFirstTokenEventAndMatchingTraceparent() {
        InMemorySpanExporter exporter = InMemorySpanExporter.create();
        OpenTelemetrySdk sdk = sdk(exporter);
        RequestTracing tracing = new RequestTracing(sdk);
        Map<Long, String> mdcAtSend = new ConcurrentHashMap<>();
        // Registered before tracing, so its listener sits downstream of tracing's: it sees the MDC tracing set.
        RequestDecorator mdcProbe = (request, downstream) -> new RequestDecorator.Decorated(request, new ResponseListener() {
            @Override
            public void onSent(long t) {
                mdcAtSend.put(request.index(), MDC.get("trace_id") + "/" + MDC.get("span_id"));
                downstream.onSent(t);
            }

            @Override
            public void onTokens(long t, int n, String text) {
                downstream.onTokens(t, n, text);
            }

            @Override
            public void onComplete(long t, Usage u) {
                downstream.onComplete(t, u);
            }

            @Override
            public void onError(long t, BackendError e) {
                downstream.onError(t, e);
            }
        });
        TestBackendAccess.Run run;
        List<InferenceRequest> received;
        var backend = new TestBackendAccess.Backend(5);
        try {
            var b = backend.benchmark("traced", 10).decorator(mdcProbe).decorator(tracing).listener(tracing);
            b.run();
            received = backend.received();
        } finally {
            backend.close();
        }
        // (closing the SDK would clear the in-memory exporter: it is closed at the end)
        assertThat(MDC.get("trace_id")).isNull();
        List<SpanData> spans = exporter.getFinishedSpanItems();
        List<SpanData> requests = spans.stream().filter(s -> s.getName().equals("benchsuite.request")).toList();
        SpanData runSpan = spans.stream().filter(s -> s.getName().equals("benchsuite.run")).findFirst().orElseThrow();
        assertThat(requests).hasSize(10);
        assertThat(requests.stream().map(SpanData::getTraceId).distinct()).as("one trace per request").hasSize(10);
        assertThat(runSpan.getAttributes().get(RequestTracing.RUN)).isEqualTo("traced");
        assertThat(received).hasSize(10);
        for (InferenceRequest r : received) {
            SpanData span = requests.stream().filter(s -> s.getAttributes().get(RequestTracing.INDEX) == r.index())
                    .findFirst().orElseThrow();
            assertThat(r.headers().get("traceparent"))
                    .isEqualTo("00-" + span.getTraceId() + "-" + span.getSpanId() + "-" + span.getSpanContext().getTraceFlags().asHex());
            assertThat(span.getSpanContext().isSampled()).isTrue();
            // each request is its own trace (a root span), linked to the run span
            assertThat(span.getParentSpanContext().isValid()).isFalse();
            assertThat(span.getTraceId()).isNotEqualTo(runSpan.getTraceId());
            assertThat(span.getLinks()).hasSize(1);
            assertThat(span.getLinks().get(0).getSpanContext()).isEqualTo(runSpan.getSpanContext());
            assertThat(span.getAttributes().get(RequestTracing.SAMPLING_PROPAGATED)).isTrue();
            assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
            assertThat(span.getAttributes().get(RequestTracing.BACKEND)).isEqualTo("test");
            assertThat(span.getAttributes().get(RequestTracing.RUN)).isEqualTo("traced");
            assertThat(span.getAttributes().get(RequestTracing.MODEL)).isEqualTo("test-model");
            assertThat(span.getAttributes().get(RequestTracing.INPUT_TOKENS)).isEqualTo(8L);
            assertThat(mdcAtSend.get(r.index())).isEqualTo(span.getTraceId() + "/" + span.getSpanId());
            boolean fails = r.index() % 5 == 4;
            if (fails) {
                assertThat(span.getAttributes().get(RequestTracing.OUTCOME)).isEqualTo("failure");
                assertThat(span.getAttributes().get(RequestTracing.ERROR_TYPE)).isEqualTo("http_5xx");
                assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
                assertThat(span.getAttributes().get(RequestTracing.SAMPLING_DECISION)).isEqualTo("error");
                assertThat(span.getEvents()).isEmpty();
            } else {
                assertThat(span.getAttributes().get(RequestTracing.OUTCOME)).isEqualTo("success");
                assertThat(span.getAttributes().get(RequestTracing.OUTPUT_TOKENS)).isEqualTo(4L);
                assertThat(span.getAttributes().get(RequestTracing.ERROR_TYPE)).isNull();
                assertThat(span.getAttributes().get(RequestTracing.SAMPLING_DECISION)).isEqualTo("ratio");
                assertThat(span.getEvents()).hasSize(1);
                assertThat(span.getEvents().get(0).getName()).isEqualTo("first_token");
                assertThat(span.getEvents().get(0).getEpochNanos())
                        .isBetween(span.getStartEpochNanos(), span.getEndEpochNanos());
            }
        }
        sdk.close();
    }

    @Test
    void noopAddsNoHeaderAndNoMdc() {
        RequestTracing tracing = new RequestTracing(OpenTelemetry.noop());
        var backend = new TestBackendAccess.Backend(0);
        try {
            backend.benchmark("noop", 3).decorator(tracing).listener(tracing).run();
            assertThat(backend.received()).hasSize(3).allSatisfy(r -> assertThat(r.headers()).isEmpty());
        } finally {
            backend.close();
        }
    }
}
