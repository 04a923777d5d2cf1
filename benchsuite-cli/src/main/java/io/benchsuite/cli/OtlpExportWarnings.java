package io.benchsuite.cli;

import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.util.Durations;
import io.micrometer.registry.otlp.OtlpMetricsSender;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.GrpcResponse;
import io.opentelemetry.sdk.common.export.HttpResponse;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.logging.Level;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the user hears when the OTLP endpoint does not take what is sent: one warning line per signal
 * and kind of failure (connection refused, no answer in time, an HTTP or gRPC error status, ...),
 * naming the endpoint and the reason, never a stack trace and never a header value; later failures of
 * the same kind are not printed again. The exporters' own logging (OpenTelemetry's, through
 * {@code java.util.logging}, with a stack trace per failed batch) is quieted while a run exports, and
 * the failures reach this class instead through the exporters' results and the metrics sender.
 */
final class OtlpExportWarnings {
    private static final Logger LOG = LoggerFactory.getLogger("otlp");
    /** The OpenTelemetry exporters' logger; held here so its level sticks (java.util.logging keeps loggers weakly). */
    private static final java.util.logging.Logger EXPORTER_LOG = java.util.logging.Logger.getLogger("io.opentelemetry.exporter");

    private final SecretMask secrets;
    private final Duration timeout;
    private final Set<String> reported = ConcurrentHashMap.newKeySet();
    private final Consumer<String> out;
    private Level previousLevel;
    private boolean quieted;

    /**
     * @param secrets the OTLP header values (and any other secret), masked in every line
     * @param timeout the exporters' time limit, named when an export times out
     */
    OtlpExportWarnings(SecretMask secrets, Duration timeout) {
        this(secrets, timeout, LOG::warn);
    }

    OtlpExportWarnings(SecretMask secrets, Duration timeout, Consumer<String> out) {
        this.secrets = secrets;
        this.timeout = timeout;
        this.out = out;
    }

    /** Silences the OpenTelemetry exporters' own failure logging until {@link #restoreLogging()}. */
    synchronized void quietExporterLogging() {
        if (quieted) return;
        previousLevel = EXPORTER_LOG.getLevel();
        EXPORTER_LOG.setLevel(Level.OFF);
        quieted = true;
    }

    /** Gives the exporters' logger its level back. */
    synchronized void restoreLogging() {
        if (!quieted) return;
        EXPORTER_LOG.setLevel(previousLevel);
        quieted = false;
    }

    /** Reports one failed export of {@code signal} to {@code endpoint}; prints it when its kind is new. */
    void failed(String signal, String endpoint, Throwable cause) {
        String reason = reason(cause);
        if (reported.add(signal + '\n' + reason)) {
            out.accept(secrets.mask("OTLP " + signal + " export to " + SecretMask.stripUserInfo(endpoint) + " failed: " + reason
                    + " (the run goes on; further failures like this one are not repeated)"));
        }
    }

    /** Says once that the final flush was cut short after {@code limit}. */
    void gaveUp(String endpoint, Duration limit) {
        if (reported.add("flush")) {
            out.accept(secrets.mask("OTLP export to " + SecretMask.stripUserInfo(endpoint) + ": gave up flushing after "
                    + Durations.format(limit) + " at the end of the run; what was still buffered is lost (the run's results "
                    + "are written)"));
        }
    }

    /** Why an export failed, in a few words: no class names where a plain reason exists. */
    String reason(Throwable cause) {
        Object response = response(cause);
        if (response instanceof HttpResponse r) return "HTTP " + r.getStatusCode() + snippet(r.getStatusMessage());
        if (response instanceof GrpcResponse r) return "gRPC status " + r.getStatusCode() + snippet(r.getStatusDescription());
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectException) return "connection refused or unreachable (" + message(t) + ")";
            if (t instanceof UnknownHostException) return "unknown host " + message(t);
            if (t instanceof HttpTimeoutException || t instanceof InterruptedIOException) {
                return "no answer within " + Durations.format(timeout) + " (timed out)";
            }
            if (t.getClass().getSimpleName().equals("OtlpHttpMetricsSendUnsuccessfulException")) {
                return "the endpoint refused the metrics: " + message(t);
            }
        }
        if (cause == null) return "no reason given by the exporter";
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        return root.getClass().getSimpleName() + ": " + message(root);
    }

    /**
     * The response a failed OpenTelemetry export carries when the endpoint answered with an error status
     * (its exceptions are internal classes with a public {@code getResponse()}), or null.
     */
    private static Object response(Throwable cause) {
        if (cause == null || !cause.getClass().getName().startsWith("io.opentelemetry.exporter.")) return null;
        try {
            return cause.getClass().getMethod("getResponse").invoke(cause);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static String snippet(String text) {
        if (text == null || text.isBlank()) return "";
        String t = text.replaceAll("\\s+", " ").strip();
        return " " + (t.length() > 200 ? t.substring(0, 200) + " …" : t);
    }

    private static String message(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m.replaceAll("\\s+", " ").strip();
    }

    /** {@code delegate}, reporting its failed exports as {@code signal} to {@code endpoint}. */
    SpanExporter spans(SpanExporter delegate, String endpoint) {
        return new SpanExporter() {
            @Override
            public CompletableResultCode export(Collection<SpanData> spans) {
                return watch(delegate.export(spans), "traces", endpoint);
            }

            @Override
            public CompletableResultCode flush() {
                return delegate.flush();
            }

            @Override
            public CompletableResultCode shutdown() {
                return delegate.shutdown();
            }
        };
    }

    /** {@code delegate}, reporting its failed exports as logs to {@code endpoint}. */
    LogRecordExporter logs(LogRecordExporter delegate, String endpoint) {
        return new LogRecordExporter() {
            @Override
            public CompletableResultCode export(Collection<LogRecordData> logs) {
                return watch(delegate.export(logs), "logs", endpoint);
            }

            @Override
            public CompletableResultCode flush() {
                return delegate.flush();
            }

            @Override
            public CompletableResultCode shutdown() {
                return delegate.shutdown();
            }
        };
    }

    /**
     * {@code delegate}, reporting a failed push as metrics to its address instead of throwing: Micrometer
     * would log each failure with a stack trace.
     */
    OtlpMetricsSender metrics(OtlpMetricsSender delegate) {
        return request -> {
            try {
                delegate.send(request);
            } catch (Exception e) {
                failed("metrics", request.getAddress(), e);
            }
        };
    }

    private CompletableResultCode watch(CompletableResultCode result, String signal, String endpoint) {
        result.whenComplete(() -> {
            if (!result.isSuccess()) failed(signal, endpoint, result.getFailureThrowable());
        });
        return result;
    }

}
