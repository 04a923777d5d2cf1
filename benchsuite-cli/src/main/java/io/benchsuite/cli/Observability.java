package io.benchsuite.cli;

import com.sun.net.httpserver.HttpServer;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import io.benchsuite.metrics.BenchsuiteMetrics;
import io.benchsuite.metrics.gpu.GpuTelemetry;
import io.benchsuite.metrics.host.HostTelemetry;
import io.benchsuite.metrics.server.ServerMetricsScraper;
import io.benchsuite.metrics.tracing.RequestTracing;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * The observability of one CLI run: live metrics (and their Prometheus endpoint), OTLP tracing,
 * server {@code /metrics} scraping, host and GPU telemetry. Everything it starts it stops in
 * {@link #close()}, after the reports are written.
 */
final class Observability implements AutoCloseable {
    /**
     * What the flags asked for.
     *
     * @param prometheusHost address the {@code /metrics} endpoint listens on (loopback unless the user says otherwise)
     * @param prometheusPort port of the {@code /metrics} endpoint, or -1 for none
     * @param serverMetricsUrl the server's metrics URL, or null for none
     * @param serverMetricsInterval scrape and sample period
     * @param dcgmUrl a DCGM exporter's metrics URL, or null to use nvidia-smi when present
     * @param otlpEndpoint OTLP endpoint, or null for no tracing export
     * @param otlpGrpc gRPC instead of HTTP/protobuf
     * @param otlpHeaders headers sent to the collector (secrets: never printed)
     * @param sampleRatio fraction of traces kept
     * @param dropAttributes span attributes removed before export
     * @param hashAttributes span attributes replaced by their SHA-256 before export
     * @param insecure skip TLS verification when scraping the server (the backend's {@code --insecure})
     */
    record Settings(String prometheusHost, int prometheusPort, URI serverMetricsUrl, Duration serverMetricsInterval, URI dcgmUrl,
                    URI otlpEndpoint, boolean otlpGrpc, Map<String, String> otlpHeaders, double sampleRatio,
                    Set<String> dropAttributes, Set<String> hashAttributes, boolean insecure) {
        Settings {
            otlpHeaders = Map.copyOf(otlpHeaders);
            dropAttributes = Set.copyOf(dropAttributes);
            hashAttributes = Set.copyOf(hashAttributes);
        }

        @Override
        public String toString() {
            return "Settings[prometheusPort=" + prometheusPort + ", serverMetricsUrl=" + serverMetricsUrl
                    + ", otlpEndpoint=" + otlpEndpoint + ", otlpHeaders=" + otlpHeaders.keySet() + "]";
        }
    }

    private final PrometheusMeterRegistry registry;
    private final HttpServer http;
    private final OpenTelemetrySdk sdk;
    private final BenchsuiteMetrics metrics;
    private final RequestTracing tracing;
    private final ServerMetricsScraper scraper;
    private final HostTelemetry host;
    private final GpuTelemetry gpu;

    private Observability(Settings s) throws IOException {
        Duration every = s.serverMetricsInterval();
        scraper = s.serverMetricsUrl() == null ? null : ServerMetricsScraper.every(s.serverMetricsUrl(), every, s.insecure());
        host = HostTelemetry.builder().interval(every).build();
        gpu = s.dcgmUrl() != null ? GpuTelemetry.dcgm(s.dcgmUrl(), every) : GpuTelemetry.nvidiaSmiIfPresent(every);
        sdk = s.otlpEndpoint() == null ? null : tracingSdk(s);
        tracing = new RequestTracing(sdk == null ? OpenTelemetry.noop() : sdk);
        if (s.prometheusPort() >= 0) {
            registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            BenchsuiteMetrics.Builder mb = BenchsuiteMetrics.builder(registry).host(host).gpu(gpu);
            if (scraper != null) mb.server(scraper);
            metrics = mb.build();
            http = serve(registry, s.prometheusHost(), s.prometheusPort());
        } else {
            registry = null;
            metrics = null;
            http = null;
        }
    }

    /** Starts what {@code s} asks for (the Prometheus endpoint listens at once). */
    static Observability start(Settings s) {
        try {
            return new Observability(s);
        } catch (IOException e) {
            throw CliException.failure("--prometheus-port: cannot listen on " + s.prometheusHost() + ":" + s.prometheusPort()
                    + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
    }

    /**
     * The server metrics URL for a backend: {@code <url>/metrics} for HTTP backends (without user
     * information, and without the {@code /v1} that users paste from OpenAI clients: servers serve
     * {@code /metrics} at their root), else none.
     */
    static URI defaultServerMetricsUrl(BackendConfig config) {
        return config.string(BackendConfig.URL).map(u -> {
            String base = io.benchsuite.api.backend.SecretMask.stripUserInfo(u.trim()).replaceAll("/+$", "");
            if (base.endsWith("/v1")) base = base.substring(0, base.length() - 3);
            return URI.create(base + "/metrics");
        }).orElse(null);
    }

    private static OpenTelemetrySdk tracingSdk(Settings s) {
        String endpoint = s.otlpEndpoint().toString();
        SpanExporter exporter;
        if (s.otlpGrpc()) {
            var b = OtlpGrpcSpanExporter.builder().setEndpoint(endpoint);
            s.otlpHeaders().forEach(b::addHeader);
            exporter = b.build();
        } else {
            String url = endpoint.endsWith("/v1/traces") ? endpoint : endpoint.replaceAll("/+$", "") + "/v1/traces";
            var b = OtlpHttpSpanExporter.builder().setEndpoint(url);
            s.otlpHeaders().forEach(b::addHeader);
            exporter = b.build();
        }
        if (!s.dropAttributes().isEmpty() || !s.hashAttributes().isEmpty()) {
            exporter = new AttributeFilter(exporter, s.dropAttributes(), s.hashAttributes());
        }
        SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(Attributes.of(
                        io.opentelemetry.api.common.AttributeKey.stringKey("service.name"), "benchsuite"))))
                .setSampler(Sampler.parentBased(Sampler.traceIdRatioBased(s.sampleRatio())))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter).build())
                .build();
        return OpenTelemetrySdk.builder().setTracerProvider(provider)
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance())).build();
    }

    private static HttpServer serve(PrometheusMeterRegistry registry, String host, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
        server.createContext("/metrics", ex -> {
            try (ex) {
                byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                ex.sendResponseHeaders(200, body.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        server.setExecutor(null); // the server's own (single) dispatcher thread
        server.start();
        return server;
    }

    /** Registers the listeners and decorators on the run. */
    void install(Benchmark.Builder b) {
        if (scraper != null) b.listener(scraper);
        b.listener(host).listener(gpu);
        b.listener(tracing).decorator(tracing);
        if (metrics != null) metrics.install(b);
    }

    /** Lets the live metrics read queued and in-flight counts from the running engine. */
    void bind(RunningBenchmark running) {
        if (metrics != null) metrics.bind(running);
    }

    /** The URL of the Prometheus endpoint, or null when there is none. */
    String prometheusUrl() {
        if (http == null) return null;
        java.net.InetAddress a = http.getAddress().getAddress();
        String host = a.isAnyLocalAddress() ? "localhost" : a.getHostAddress();
        if (host.indexOf(':') >= 0) host = "[" + host + "]";
        return "http://" + host + ":" + http.getAddress().getPort() + "/metrics";
    }

    /** The port the Prometheus endpoint listens on, or -1. */
    int prometheusPort() {
        return http == null ? -1 : http.getAddress().getPort();
    }

    /** Stops the endpoint, flushes and shuts down the tracing SDK, stops the samplers. */
    @Override
    public void close() {
        if (scraper != null) scraper.close();
        host.close();
        gpu.close();
        if (http != null) http.stop(0);
        if (metrics != null) metrics.close();
        if (registry != null) registry.close();
        if (sdk != null) sdk.shutdown().join(10, java.util.concurrent.TimeUnit.SECONDS);
    }
}
