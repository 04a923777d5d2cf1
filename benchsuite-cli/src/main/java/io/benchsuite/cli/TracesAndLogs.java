package io.benchsuite.cli;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * The OpenTelemetry of a CLI run: the SDK's tracer and logger providers, each only when its signal is
 * exported, and no-op metrics. Not {@code OpenTelemetrySdk}: that one builds a meter provider of the
 * metrics SDK whatever it is given, and the run's metrics go over OTLP through Micrometer, so the jar
 * does not carry the metrics SDK.
 */
final class TracesAndLogs implements OpenTelemetry {
    private final SdkTracerProvider tracers;
    private final SdkLoggerProvider loggers;
    private final ContextPropagators propagators;

    /**
     * @param tracers the spans' provider, or null when traces are not exported
     * @param loggers the log records' provider, or null when logs are not exported
     * @param propagators how a span's context travels in request headers
     */
    TracesAndLogs(SdkTracerProvider tracers, SdkLoggerProvider loggers, ContextPropagators propagators) {
        this.tracers = tracers;
        this.loggers = loggers;
        this.propagators = propagators;
    }

    @Override
    public TracerProvider getTracerProvider() {
        return tracers != null ? tracers : TracerProvider.noop();
    }

    @Override
    public LoggerProvider getLogsBridge() {
        return loggers != null ? loggers : LoggerProvider.noop();
    }

    @Override
    public ContextPropagators getPropagators() {
        return propagators;
    }

    /** Flushes and stops both providers; the result completes when both have. */
    CompletableResultCode shutdown() {
        List<CompletableResultCode> all = new ArrayList<>(2);
        if (tracers != null) all.add(tracers.shutdown());
        if (loggers != null) all.add(loggers.shutdown());
        return CompletableResultCode.ofAll(all);
    }
}
