package io.benchsuite.metrics.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.run.ForwardingResponseListener;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.metrics.TestBackendAccess;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Per-request traces and the keep rules, through a real SDK: every request span is recorded
 * ({@code alwaysOn}); {@link TailSamplingSpanProcessor} lets through what {@link RequestTracing}
 * keeps. A second, unfiltered processor sees every span, so each decision can be checked.
 */
class PerRequestSamplingTest {
    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private final InMemorySpanExporter everything = InMemorySpanExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().setSampler(Sampler.alwaysOn())
                    .addSpanProcessor(TailSamplingSpanProcessor.wrap(SimpleSpanProcessor.create(exported)))
                    .addSpanProcessor(SimpleSpanProcessor.create(everything))
                    .build())
            .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
            .build();
    /** The current span context while the terminal event is passed on (what exemplar samplers read), by index. */
    private final Map<Long, SpanContext> currentAtEnd = new ConcurrentHashMap<>();

    @AfterEach
    void closeSdk() {
        sdk.close();
    }

    /** Sits downstream of the tracing listener and notes the current context at the terminal event. */
    private RequestDecorator probe() {
        return (request, downstream) -> new RequestDecorator.Decorated(request, new ForwardingResponseListener(downstream) {
            @Override
            public void onComplete(long t, Usage u) {
                currentAtEnd.put(request.index(), Span.current().getSpanContext());
                super.onComplete(t, u);
            }

            @Override
            public void onError(long t, BackendError e) {
                currentAtEnd.put(request.index(), Span.current().getSpanContext());
                super.onError(t, e);
            }
        });
    }

    private static List<SpanData> requestSpans(InMemorySpanExporter exporter) {
        return exporter.getFinishedSpanItems().stream().filter(s -> s.getName().equals("benchsuite.request")).toList();
    }

    private static long index(SpanData s) {
        return s.getAttributes().get(RequestTracing.INDEX);
    }

    private static boolean failed(SpanData s) {
        return "failure".equals(s.getAttributes().get(RequestTracing.OUTCOME));
    }

    /** The W3C sampled bit of the traceparent the backend received. */
    private static boolean sampledFlag(InferenceRequest r) {
        String tp = r.headers().get("traceparent");
        return (Integer.parseInt(tp.substring(tp.length() - 2), 16) & 1) == 1;
    }

    @Test
    void aFifthOfTheOrdinaryRequestsAndEveryFailedOneAreExportedEachInItsOwnTraceLinkedToTheRun() {
        int n = 1000; // every 10th fails (index % 10 == 9): 100 failed, 900 ordinary
        RequestTracing tracing = new RequestTracing(sdk, TraceSampling.ratio(0.2));
        List<InferenceRequest> received;
        try (var backend = new TestBackendAccess.Backend(10)) {
            backend.benchmark("sampled", n, 20).decorator(probe()).decorator(tracing).listener(tracing).run();
            received = backend.received();
        }
        SpanData run = exported.getFinishedSpanItems().stream().filter(s -> s.getName().equals("benchsuite.run"))
                .findFirst().orElseThrow(() -> new AssertionError("the run span is always exported"));
        List<SpanData> all = requestSpans(everything);
        List<SpanData> kept = requestSpans(exported);
        assertThat(all).hasSize(n);

        List<SpanData> keptFailed = kept.stream().filter(PerRequestSamplingTest::failed).toList();
        List<SpanData> keptOrdinary = kept.stream().filter(s -> !failed(s)).toList();
        assertThat(keptFailed).as("every failed request").hasSize(100);
        assertThat(keptFailed).allSatisfy(s -> assertThat(index(s) % 10).isEqualTo(9));
        // Ordinary kept ~ Binomial(900, 0.2): mean 180, sd 12. [120, 240] is mean ± 5 sd: a correct
        // sampler falls outside with probability below 1e-6.
        assertThat(keptOrdinary.size()).as("ordinary requests kept").isBetween(120, 240);
        System.out.printf("sampling 0.2, 10%% errors: %d of 900 ordinary and %d of 100 failed requests exported%n",
                keptOrdinary.size(), keptFailed.size());

        // each exported request is its own trace, a root span linked to the run span
        assertThat(kept.stream().map(SpanData::getTraceId).distinct().count()).isEqualTo(kept.size());
        assertThat(kept).allSatisfy(s -> {
            assertThat(s.getParentSpanContext().isValid()).isFalse();
            assertThat(s.getTraceId()).isNotEqualTo(run.getTraceId());
            assertThat(s.getLinks()).hasSize(1);
            assertThat(s.getLinks().get(0).getSpanContext()).isEqualTo(run.getSpanContext());
        });

        // The server saw the head decision: the sampled bit set exactly for the requests in the ratio share,
        // whose ordinary ones are exactly the ordinary ones exported.
        Map<Long, InferenceRequest> byIndex = received.stream()
                .collect(Collectors.toMap(InferenceRequest::index, Function.identity()));
        Set<Long> headSampled = received.stream().filter(PerRequestSamplingTest::sampledFlag)
                .map(InferenceRequest::index).collect(Collectors.toSet());
        Set<Long> ordinaryHeadSampled = headSampled.stream().filter(i -> i % 10 != 9).collect(Collectors.toSet());
        assertThat(keptOrdinary.stream().map(PerRequestSamplingTest::index).collect(Collectors.toSet()))
                .isEqualTo(ordinaryHeadSampled);
        for (SpanData s : all) {
            InferenceRequest r = byIndex.get(index(s));
            boolean head = TraceSampling.ratio(0.2).headSampled(s.getTraceId());
            assertThat(r.headers().get("traceparent")).isEqualTo("00-" + s.getTraceId() + "-" + s.getSpanId() + "-"
                    + RequestTracing.withSampled(s.getSpanContext(), head).getTraceFlags().asHex());
            assertThat(RequestTracing.withSampled(s.getSpanContext(), head).isSampled()).isEqualTo(head);
            assertThat(s.getAttributes().get(RequestTracing.SAMPLING_PROPAGATED)).isEqualTo(head);
            String decision = s.getAttributes().get(RequestTracing.SAMPLING_DECISION);
            assertThat(decision).isEqualTo(failed(s) ? "error" : head ? "ratio" : "dropped");
            // what exemplar samplers and log appenders saw at the end: this trace, flagged as kept or not
            SpanContext current = currentAtEnd.get(index(s));
            assertThat(current.getTraceId()).isEqualTo(s.getTraceId());
            assertThat(current.getSpanId()).isEqualTo(s.getSpanId());
            assertThat(current.isSampled()).isEqualTo(!decision.equals("dropped"));
        }
        long failedOutsideRatio = keptFailed.stream().filter(s -> !headSampled.contains(index(s))).count();
        assertThat(failedOutsideRatio).as("failed requests the server was told not to sample").isPositive();
    }

    @Test
    void requestsSlowerThanTheThresholdAreKeptAtRatioZero() {
        RequestTracing tracing = new RequestTracing(sdk, TraceSampling.ratio(0).keepSlowerThan(Duration.ofMillis(300)));
        try (var backend = new TestBackendAccess.Backend(0)) {
            backend.delayFirstToken(i -> i % 5 == 2 ? 600 : 0); // 8 of 40 take 600 ms more
            backend.benchmark("slow", 40, 10).decorator(tracing).listener(tracing).run();
        }
        List<SpanData> kept = requestSpans(exported);
        Set<Long> slow = kept.stream().map(PerRequestSamplingTest::index).collect(Collectors.toSet());
        assertThat(slow).containsAll(List.of(2L, 7L, 12L, 17L, 22L, 27L, 32L, 37L));
        assertThat(kept).allSatisfy(s -> {
            assertThat(s.getAttributes().get(RequestTracing.SAMPLING_DECISION)).isEqualTo("slow");
            assertThat(s.getAttributes().get(RequestTracing.SAMPLING_PROPAGATED)).isFalse();
        });
        // a fast request (20 ms of tokens) is kept only if this machine stalled it past 300 ms
        for (SpanData s : requestSpans(everything)) {
            long millis = (s.getEndEpochNanos() - s.getStartEpochNanos()) / 1_000_000;
            if (millis < 250) assertThat(slow).as("request " + index(s) + " took " + millis + " ms").doesNotContain(index(s));
        }
        assertThat(exported.getFinishedSpanItems().stream().filter(s -> s.getName().equals("benchsuite.run"))).hasSize(1);
    }
}
