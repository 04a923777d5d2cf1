package io.benchsuite.cli;

import com.sun.net.httpserver.HttpServer;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import io.benchsuite.metrics.BenchsuiteMetrics;
import io.benchsuite.metrics.gpu.GpuTelemetry;
import io.benchsuite.metrics.host.HostTelemetry;
import io.benchsuite.metrics.server.ServerMetricsScraper;
import io.benchsuite.metrics.tracing.RequestTracing;
import io.benchsuite.metrics.tracing.TailSamplingSpanProcessor;
import io.benchsuite.metrics.tracing.TraceSampling;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.ipc.http.HttpUrlConnectionSender;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.micrometer.registry.otlp.OtlpConfig;
import io.micrometer.registry.otlp.OtlpHttpMetricsSender;
import io.micrometer.registry.otlp.OtlpMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.logs.OtlpGrpcLogRecordExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.export.BatchLogRecordProcessor;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The observability of one CLI run: live metrics (and their Prometheus endpoint), one OTLP pipe for
 * traces, metrics and logs, server {@code /metrics} scraping, host and GPU telemetry. Everything it
 * starts it stops in {@link #close()}, after the reports are written, flushing what is still
 * buffered (the last metrics push, spans and log records), so a short run loses nothing.
 *
 * <p>Metrics go over OTLP through Micrometer's OTLP registry, beside the Prometheus registry: the
 * 27 meters are Micrometer meters, so the same meters, names, units (seconds) and histogram buckets
 * reach both, and one dashboard serves either path. That registry speaks OTLP/HTTP only, so with
 * {@code --otlp-protocol grpc} metrics are not exported over OTLP (the default signals are then
 * traces and logs, and asking for metrics is a usage error).
 *
 * <p><b>An endpoint that does not answer</b> costs the run a warning line per signal and kind of failure
 * ({@link OtlpExportWarnings}: endpoint and reason, no stack trace, no header value) and at most
 * {@link #FLUSH_LIMIT} at its end: every export gives up after {@link #EXPORT_TIMEOUT} (connect within
 * {@link #CONNECT_TIMEOUT}, one quick retry for traces and logs), the last metrics push and the flush of
 * spans and log records run side by side when the run ends, and whatever has not gone by
 * {@code FLUSH_LIMIT} is dropped with a warning. The reports are written before, whatever the endpoint does.
 */
final class Observability implements AutoCloseable {
    /** Longest an export (one push of a batch) may take. */
    static final Duration EXPORT_TIMEOUT = Duration.ofMillis(1500);
    /** Longest the connection to the OTLP endpoint may take to open. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    /** Longest the end of a run waits for the last push and flush. */
    static final Duration FLUSH_LIMIT = Duration.ofSeconds(2);
    /** One more try, soon, for a failed batch of spans or log records (the SDK's default waits up to 5 s, 5 times). */
    private static final RetryPolicy QUICK_RETRY = RetryPolicy.builder().setMaxAttempts(2)
            .setInitialBackoff(Duration.ofMillis(200)).setMaxBackoff(Duration.ofMillis(200)).build();

    /** What {@code --otlp-signals} can name. */
    enum Signal {
        TRACES, METRICS, LOGS;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What the flags asked for.
     *
     * @param prometheusHost address the {@code /metrics} endpoint listens on (loopback unless the user says otherwise)
     * @param prometheusPort port of the {@code /metrics} endpoint, or -1 for none
     * @param serverMetricsUrl the server's metrics URL, or null for none
     * @param serverMetricsInterval scrape and sample period
     * @param dcgmUrl a DCGM exporter's metrics URL, or null to use nvidia-smi when present
     * @param otlpEndpoint OTLP endpoint, or null for no OTLP export
     * @param otlpGrpc gRPC instead of HTTP/protobuf
     * @param otlpHeaders headers sent to the collector (secrets: never printed)
     * @param sampleRatio share of the ordinary request traces kept (failed ones always are)
     * @param dropAttributes span attributes removed before export
     * @param hashAttributes span attributes replaced by their SHA-256 before export
     * @param insecure skip TLS verification when scraping the server (the backend's {@code --insecure})
     * @param keepSlowerThan requests lasting at least this long are always traced, or null
     * @param otlpSignals what goes to the OTLP endpoint
     * @param otlpMetricsInterval period of the OTLP metrics push
     */
    record Settings(String prometheusHost, int prometheusPort, URI serverMetricsUrl, Duration serverMetricsInterval, URI dcgmUrl,
                    URI otlpEndpoint, boolean otlpGrpc, Map<String, String> otlpHeaders, double sampleRatio,
                    Set<String> dropAttributes, Set<String> hashAttributes, boolean insecure,
                    Duration keepSlowerThan, Set<Signal> otlpSignals, Duration otlpMetricsInterval) {
        Settings {
            otlpHeaders = Map.copyOf(otlpHeaders);
            dropAttributes = Set.copyOf(dropAttributes);
            hashAttributes = Set.copyOf(hashAttributes);
            otlpSignals = otlpSignals.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(otlpSignals));
        }

        /** Whether {@code signal} is exported over OTLP. */
        boolean exports(Signal signal) {
            return otlpEndpoint != null && otlpSignals.contains(signal);
        }

        /** The per-request sampling policy of {@code --trace-sample-ratio} and {@code --trace-keep-slower-than}. */
        TraceSampling sampling() {
            TraceSampling t = TraceSampling.ratio(sampleRatio);
            return keepSlowerThan == null ? t : t.keepSlowerThan(keepSlowerThan);
        }

        @Override
        public String toString() {
            return "Settings[prometheusPort=" + prometheusPort + ", serverMetricsUrl=" + serverMetricsUrl
                    + ", otlpEndpoint=" + otlpEndpoint + ", otlpSignals=" + otlpSignals + ", otlpHeaders="
                    + otlpHeaders.keySet() + "]";
        }
    }

    /**
     * Parses {@code --otlp-signals}: a comma-separated subset of traces, metrics, logs; null means the
     * default, all three over http/protobuf and traces and logs over gRPC.
     */
    static Set<Signal> signals(String text, boolean grpc) {
        if (text == null) return grpc ? EnumSet.of(Signal.TRACES, Signal.LOGS) : EnumSet.allOf(Signal.class);
        Set<Signal> out = EnumSet.noneOf(Signal.class);
        for (String part : text.split(",", -1)) {
            String p = part.trim().toLowerCase(Locale.ROOT);
            Optional<Signal> s = EnumSet.allOf(Signal.class).stream().filter(x -> x.label().equals(p)).findFirst();
            if (s.isEmpty()) {
                throw CliException.usage("--otlp-signals: expected a comma-separated list of traces, metrics, logs; got '"
                        + part.trim() + "'");
            }
            out.add(s.get());
        }
        if (grpc && out.contains(Signal.METRICS)) {
            throw CliException.usage("--otlp-signals: metrics are pushed over http/protobuf only; with --otlp-protocol grpc "
                    + "choose from traces, logs (or use --otlp-protocol http/protobuf)");
        }
        return out;
    }

    /** Parses {@code --trace-keep-slower-than}: a duration, or {@code none} (null) for no latency rule. */
    static Duration keepSlowerThan(String text) {
        if (text == null || text.trim().equalsIgnoreCase("none")) return null;
        return Flags.duration("--trace-keep-slower-than", text, false);
    }

    /**
     * The base URL of the OTLP/HTTP endpoint: {@code http://host:4318} stays as it is, and a
     * signal-specific URL ({@code .../v1/traces}) loses its signal path, so each signal gets its own.
     */
    static String otlpHttpBase(URI endpoint) {
        String base = endpoint.toString().replaceAll("/+$", "");
        for (String path : new String[] {"/v1/traces", "/v1/metrics", "/v1/logs"}) {
            if (base.endsWith(path)) return base.substring(0, base.length() - path.length());
        }
        return base;
    }

    private final PrometheusMeterRegistry registry;
    private final OtlpMeterRegistry otlpRegistry;
    private final HttpServer http;
    private final TracesAndLogs sdk;
    private final boolean logsInstalled;
    private final BenchsuiteMetrics metrics;
    private final RequestTracing tracing;
    private final ServerMetricsScraper scraper;
    private final HostTelemetry host;
    private final GpuTelemetry gpu;
    private final OtlpExportWarnings warnings;
    private final String otlpEndpoint;

    private Observability(Settings s) throws IOException {
        otlpEndpoint = s.otlpEndpoint() == null ? null : s.otlpEndpoint().toString();
        warnings = otlpEndpoint == null ? null
                : new OtlpExportWarnings(SecretMask.of(s.otlpHeaders().values()), EXPORT_TIMEOUT);
        if (warnings != null) warnings.quietExporterLogging();
        Duration every = s.serverMetricsInterval();
        scraper = s.serverMetricsUrl() == null ? null : ServerMetricsScraper.every(s.serverMetricsUrl(), every, s.insecure());
        host = HostTelemetry.builder().interval(every).build();
        gpu = s.dcgmUrl() != null ? GpuTelemetry.dcgm(s.dcgmUrl(), every) : GpuTelemetry.nvidiaSmiIfPresent(every);
        boolean traced = s.exports(Signal.TRACES);
        sdk = traced || s.exports(Signal.LOGS) ? otelSdk(s, warnings) : null;
        tracing = new RequestTracing(traced ? sdk : OpenTelemetry.noop(), s.sampling());
        logsInstalled = s.exports(Signal.LOGS);
        if (logsInstalled) OpenTelemetryAppender.install(sdk);
        List<MeterRegistry> registries = new ArrayList<>();
        HttpServer server = null;
        PrometheusMeterRegistry prometheus = null;
        OtlpMeterRegistry otlp = null;
        try {
            if (s.prometheusPort() >= 0) {
                // exemplars (trace ids on the latency buckets, OpenMetrics format) when requests are traced
                prometheus = traced ? new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), Clock.SYSTEM,
                        CurrentSpanExemplars.INSTANCE) : new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
                registries.add(prometheus);
                server = serve(prometheus, s.prometheusHost(), s.prometheusPort());
            }
            if (s.exports(Signal.METRICS)) {
                otlp = otlpMeterRegistry(s, traced, warnings);
                registries.add(otlp);
            }
        } catch (IOException | RuntimeException e) {
            if (otlp != null) otlp.close();
            if (prometheus != null) prometheus.close();
            closeOtel(System.nanoTime() + FLUSH_LIMIT.toNanos());
            if (warnings != null) warnings.restoreLogging();
            throw e;
        }
        registry = prometheus;
        otlpRegistry = otlp;
        http = server;
        if (registries.isEmpty()) {
            metrics = null;
        } else {
            MeterRegistry target = registries.size() == 1 ? registries.get(0) : new CompositeMeterRegistry(Clock.SYSTEM, registries);
            BenchsuiteMetrics.Builder mb = BenchsuiteMetrics.builder(target).host(host).gpu(gpu);
            if (scraper != null) mb.server(scraper);
            metrics = mb.build();
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
            String base = SecretMask.stripUserInfo(u.trim()).replaceAll("/+$", "");
            if (base.endsWith("/v1")) base = base.substring(0, base.length() - 3);
            return URI.create(base + "/metrics");
        }).orElse(null);
    }

    /** What every signal says about its source: service benchsuite, this version. */
    private static Map<String, String> resourceAttributes() {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("service.name", "benchsuite");
        r.put("service.version", BenchsuiteCli.version());
        return r;
    }

    /**
     * The SDK behind traces and logs. Every request span is recorded ({@code alwaysOn}) so that
     * {@link RequestTracing} can keep failed and slow requests whatever the ratio; the ratio is its
     * head decision, and {@link TailSamplingSpanProcessor} drops what it did not keep.
     */
    private static TracesAndLogs otelSdk(Settings s, OtlpExportWarnings warnings) {
        var attrs = Attributes.builder();
        resourceAttributes().forEach((k, v) -> attrs.put(AttributeKey.stringKey(k), v));
        Resource resource = Resource.getDefault().merge(Resource.create(attrs.build()));
        String endpoint = s.otlpEndpoint().toString();
        String base = otlpHttpBase(s.otlpEndpoint());
        SdkTracerProvider tracers = null;
        SdkLoggerProvider loggers = null;
        if (s.exports(Signal.TRACES)) {
            SpanExporter exporter;
            if (s.otlpGrpc()) {
                var e = OtlpGrpcSpanExporter.builder().setEndpoint(endpoint).setTimeout(EXPORT_TIMEOUT)
                        .setConnectTimeout(CONNECT_TIMEOUT).setRetryPolicy(QUICK_RETRY);
                s.otlpHeaders().forEach(e::addHeader);
                exporter = warnings.spans(e.build(), endpoint);
            } else {
                var e = OtlpHttpSpanExporter.builder().setEndpoint(base + "/v1/traces").setTimeout(EXPORT_TIMEOUT)
                        .setConnectTimeout(CONNECT_TIMEOUT).setRetryPolicy(QUICK_RETRY);
                s.otlpHeaders().forEach(e::addHeader);
                exporter = warnings.spans(e.build(), base + "/v1/traces");
            }
            if (!s.dropAttributes().isEmpty() || !s.hashAttributes().isEmpty()) {
                exporter = new AttributeFilter(exporter, s.dropAttributes(), s.hashAttributes());
            }
            tracers = SdkTracerProvider.builder().setResource(resource).setSampler(Sampler.alwaysOn())
                    .addSpanProcessor(TailSamplingSpanProcessor.wrap(BatchSpanProcessor.builder(exporter).build()))
                    .build();
        }
        if (s.exports(Signal.LOGS)) {
            LogRecordExporter exporter;
            if (s.otlpGrpc()) {
                var e = OtlpGrpcLogRecordExporter.builder().setEndpoint(endpoint).setTimeout(EXPORT_TIMEOUT)
                        .setConnectTimeout(CONNECT_TIMEOUT).setRetryPolicy(QUICK_RETRY);
                s.otlpHeaders().forEach(e::addHeader);
                exporter = warnings.logs(e.build(), endpoint);
            } else {
                var e = OtlpHttpLogRecordExporter.builder().setEndpoint(base + "/v1/logs").setTimeout(EXPORT_TIMEOUT)
                        .setConnectTimeout(CONNECT_TIMEOUT).setRetryPolicy(QUICK_RETRY);
                s.otlpHeaders().forEach(e::addHeader);
                exporter = warnings.logs(e.build(), base + "/v1/logs");
            }
            loggers = SdkLoggerProvider.builder().setResource(resource)
                    .addLogRecordProcessor(BatchLogRecordProcessor.builder(exporter).build()).build();
        }
        return new TracesAndLogs(tracers, loggers, ContextPropagators.create(W3CTraceContextPropagator.getInstance()));
    }

    /**
     * Micrometer's OTLP/HTTP registry: cumulative sums and explicit-bucket histograms in seconds, pushed
     * every {@code --otlp-metrics-interval} on a daemon thread and once more when closed. Configured
     * here only (no environment variables), with the same resource as the traces and logs.
     */
    private static OtlpMeterRegistry otlpMeterRegistry(Settings s, boolean exemplars, OtlpExportWarnings warnings) {
        String url = otlpHttpBase(s.otlpEndpoint()) + "/v1/metrics";
        Map<String, String> headers = s.otlpHeaders();
        Duration step = s.otlpMetricsInterval();
        Map<String, String> resource = resourceAttributes();
        OtlpConfig config = new OtlpConfig() {
            @Override
            public String get(String key) {
                return null;
            }

            @Override
            public String url() {
                return url;
            }

            @Override
            public Duration step() {
                return step;
            }

            @Override
            public Map<String, String> headers() {
                return headers;
            }

            @Override
            public Map<String, String> resourceAttributes() {
                return resource;
            }

            @Override
            public TimeUnit baseTimeUnit() {
                return TimeUnit.SECONDS;
            }
        };
        var builder = OtlpMeterRegistry.builder(config).metricsSender(warnings.metrics(new OtlpHttpMetricsSender(
                new HttpUrlConnectionSender(CONNECT_TIMEOUT, EXPORT_TIMEOUT)))).threadFactory(r -> {
            Thread t = new Thread(r, "benchsuite-otlp-metrics");
            t.setDaemon(true);
            return t;
        });
        if (exemplars) builder.exemplarContextProvider(CurrentSpanExemplars.INSTANCE);
        return builder.build();
    }

    /** OpenMetrics text: the format that carries exemplars (Prometheus asks for it first when scraping). */
    static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private static HttpServer serve(PrometheusMeterRegistry registry, String host, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
        server.createContext("/metrics", ex -> {
            try (ex) {
                String accept = ex.getRequestHeaders().getFirst("Accept");
                String type = accept != null && accept.contains("application/openmetrics-text") ? OPENMETRICS : PROMETHEUS_TEXT;
                String text = registry.scrape(type);
                if (type.equals(OPENMETRICS)) text = OpenMetricsExemplars.keepWhereEveryPrometheusAccepts(text);
                byte[] body = text.getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().add("Content-Type", type);
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
        InetAddress a = http.getAddress().getAddress();
        String host = a.isAnyLocalAddress() ? "localhost" : a.getHostAddress();
        if (host.indexOf(':') >= 0) host = "[" + host + "]";
        return "http://" + host + ":" + http.getAddress().getPort() + "/metrics";
    }

    /** The port the Prometheus endpoint listens on, or -1. */
    int prometheusPort() {
        return http == null ? -1 : http.getAddress().getPort();
    }

    /**
     * Stops the samplers and the endpoint, pushes the metrics one last time (the meters still
     * registered) while it flushes and shuts down the SDK (spans and log records), and waits for both at
     * most {@link #FLUSH_LIMIT}.
     */
    @Override
    public void close() {
        if (scraper != null) scraper.close();
        host.close();
        gpu.close();
        if (http != null) http.stop(0);
        long deadline = System.nanoTime() + FLUSH_LIMIT.toNanos();
        Thread lastPush = null;
        if (otlpRegistry != null) {
            lastPush = new Thread(otlpRegistry::close, "benchsuite-otlp-last-push");
            lastPush.setDaemon(true);
            lastPush.start();
        }
        CompletableResultCode flushed = closeOtel(deadline);
        boolean done = flushed.isDone();
        if (lastPush != null) {
            try {
                lastPush.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            done &= !lastPush.isAlive();
        }
        if (!done && warnings != null) warnings.gaveUp(otlpEndpoint, FLUSH_LIMIT);
        if (metrics != null) metrics.close();
        if (registry != null) registry.close();
        if (warnings != null) warnings.restoreLogging();
    }

    /** Shuts the SDK down, waiting for it until {@code deadline} (a {@link System#nanoTime()}) at most. */
    private CompletableResultCode closeOtel(long deadline) {
        if (logsInstalled) OpenTelemetryAppender.install(OpenTelemetry.noop());
        if (sdk == null) return CompletableResultCode.ofSuccess();
        CompletableResultCode r = sdk.shutdown();
        r.join(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        return r;
    }
}
