package io.benchsuite.cli;

import io.benchsuite.cli.FlagTypes.Header;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import picocli.CommandLine.Option;

/** {@code benchsuite run}'s observability flags: live metrics, server scrapes, GPU figures and OTLP export. */
final class ObservabilityFlags {
    @Option(converter = FlagValues.Port.class, names = "--prometheus-port", paramLabel = "<port>",
            description = "Serve the 28 live metrics at http://<host>:<port>/metrics (Prometheus text) during the run "
                    + "and until the report is written (0: any free port).")
    Integer prometheusPort;

    @Option(names = "--prometheus-host", paramLabel = "<address>", defaultValue = "127.0.0.1",
            description = "Address the --prometheus-port endpoint listens on (default ${DEFAULT-VALUE}: this machine "
                    + "only; 0.0.0.0 for every interface).")
    String prometheusHost;

    @Option(names = "--server-metrics-url", paramLabel = "<url>",
            description = "The server's Prometheus endpoint to scrape during the run (default: --url + /metrics for "
                    + "HTTP backends; none for in-process backends). 'none' turns scraping off.")
    String serverMetricsUrl;

    @Option(converter = FlagValues.PositiveDuration.class, names = "--server-metrics-interval", paramLabel = "<duration>", defaultValue = "1s",
            description = "Period of server scrapes and host/GPU samples (default: ${DEFAULT-VALUE}).")
    Duration serverMetricsInterval;

    @Option(names = "--dcgm-url", paramLabel = "<url>", converter = FlagTypes.HttpUrl.class,
            description = "Read GPU figures from this NVIDIA DCGM exporter /metrics instead of nvidia-smi.")
    URI dcgmUrl;

    @Option(names = "--otlp-endpoint", paramLabel = "<url>", converter = FlagTypes.HttpUrl.class,
            description = "Export traces (a trace per request, linked to the run's span), the 28 live metrics and "
                    + "the run's log records over OTLP, e.g. http://localhost:4318; https:// for TLS.")
    URI otlpEndpoint;

    @Option(names = "--otlp-signals", paramLabel = "<signals>",
            description = "What goes to --otlp-endpoint: a comma-separated subset of traces, metrics, logs "
                    + "(default: all three; with --otlp-protocol grpc: traces,logs, as metrics are pushed over "
                    + "http/protobuf only).")
    String otlpSignals;

    @Option(converter = FlagValues.PositiveDuration.class, names = "--otlp-metrics-interval", paramLabel = "<duration>", defaultValue = "10s",
            description = "Period of the OTLP metrics push; the last push happens when the run ends "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration otlpMetricsInterval;

    @Option(names = "--otlp-protocol", paramLabel = "http/protobuf|grpc", defaultValue = "http/protobuf",
            description = "OTLP transport (default: ${DEFAULT-VALUE}).")
    String otlpProtocol;

    @Option(names = "--otlp-header", paramLabel = "Name=Value", converter = FlagTypes.HeaderConverter.class,
            description = "Header sent to the OTLP endpoint (repeatable), e.g. Authorization=Bearer ...; never printed "
                    + "(a value may be secret:env:NAME or secret:file:PATH).")
    List<Header> otlpHeaders = new ArrayList<>();

    @Option(converter = FlagValues.Ratio.class, names = "--trace-sample-ratio", paramLabel = "<0..1>", defaultValue = "1",
            description = "Fraction of ordinary request traces exported, decided per request; failed requests and "
                    + "those kept by --trace-keep-slower-than are always exported (default: ${DEFAULT-VALUE}).")
    Double traceSampleRatio;

    @Option(names = "--trace-keep-slower-than", paramLabel = "<duration>",
            description = "Always export the trace of a request lasting at least this long (from its dispatch), "
                    + "e.g. 2s (default: none).")
    String traceKeepSlowerThan;

    @Option(names = "--trace-drop-attribute", paramLabel = "<key>",
            description = "Span attribute removed before export (repeatable), e.g. benchsuite.request.index.")
    List<String> traceDropAttributes = new ArrayList<>();

    @Option(names = "--trace-hash-attribute", paramLabel = "<key>",
            description = "Span attribute replaced by its SHA-256 before export (repeatable).")
    List<String> traceHashAttributes = new ArrayList<>();

    /** The settings for a run of {@code plan} ({@code env} resolves secret references); a bad value throws a usage {@link CliException} naming the flag. */
    Observability.Settings settings(RunPlan plan, Function<String, String> env) {
        int port = prometheusPort == null ? -1 : prometheusPort;
        URI server;
        if (serverMetricsUrl == null) {
            server = Observability.defaultServerMetricsUrl(plan.backendConfig());
        } else if (serverMetricsUrl.trim().equalsIgnoreCase("none")) {
            server = null;
        } else {
            server = FlagTypes.convert("--server-metrics-url", serverMetricsUrl, new FlagTypes.HttpUrl());
        }
        String protocol = otlpProtocol.trim().toLowerCase(Locale.ROOT);
        if (!protocol.equals("http/protobuf") && !protocol.equals("grpc")) {
            throw CliException.usage("--otlp-protocol: expected http/protobuf or grpc, got '" + otlpProtocol.trim() + "'");
        }
        Map<String, String> otlpHeaderMap = new LinkedHashMap<>();
        for (Header h : otlpHeaders) otlpHeaderMap.put(h.name(), SecretSlots.otlpHeaderValue(h, env));
        if (otlpEndpoint == null && (!otlpHeaders.isEmpty() || !traceDropAttributes.isEmpty() || !traceHashAttributes.isEmpty())) {
            throw CliException.usage("--otlp-header/--trace-drop-attribute/--trace-hash-attribute: need --otlp-endpoint");
        }
        if (otlpEndpoint == null && otlpSignals != null) throw CliException.usage("--otlp-signals: needs --otlp-endpoint");
        Set<Observability.Signal> signals = Observability.signals(otlpSignals, protocol.equals("grpc"));
        if (otlpEndpoint != null && protocol.equals("grpc") && !OtlpGrpcSupport.available()) throw OtlpGrpcSupport.unavailable();
        Duration keepSlower = Observability.keepSlowerThan(traceKeepSlowerThan);
        String host = prometheusHost.trim();
        if (host.isEmpty()) throw CliException.usage("--prometheus-host: must not be blank");
        try {
            InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw CliException.usage("--prometheus-host: unknown address '" + host + "'");
        }
        return new Observability.Settings(host, port, server, serverMetricsInterval, dcgmUrl, otlpEndpoint, protocol.equals("grpc"),
                otlpHeaderMap, traceSampleRatio, new HashSet<>(traceDropAttributes), new HashSet<>(traceHashAttributes),
                plan.backendConfig().bool("insecure", false), keepSlower, signals, otlpMetricsInterval);
    }
}
