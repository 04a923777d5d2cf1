package io.benchsuite.cli;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A plain OTLP/HTTP receiver on loopback, as a collector listens on 4318: it decodes every
 * {@code /v1/traces}, {@code /v1/metrics} and {@code /v1/logs} request with the OTLP protobuf
 * classes and answers 200.
 */
final class OtlpReceiver implements AutoCloseable {
    final List<ExportTraceServiceRequest> traces = new CopyOnWriteArrayList<>();
    final List<ExportMetricsServiceRequest> metrics = new CopyOnWriteArrayList<>();
    final List<ExportLogsServiceRequest> logs = new CopyOnWriteArrayList<>();
    /** Content type and the Authorization header of each request, by path. */
    final Map<String, List<String>> contentTypes = new ConcurrentHashMap<>();
    final Map<String, List<String>> authorization = new ConcurrentHashMap<>();
    private final HttpServer server;

    OtlpReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/traces", ex -> receive(ex, b -> traces.add(ExportTraceServiceRequest.parseFrom(b))));
        server.createContext("/v1/metrics", ex -> receive(ex, b -> metrics.add(ExportMetricsServiceRequest.parseFrom(b))));
        server.createContext("/v1/logs", ex -> receive(ex, b -> logs.add(ExportLogsServiceRequest.parseFrom(b))));
        server.start();
    }

    private interface Decoder {
        void decode(byte[] body) throws InvalidProtocolBufferException;
    }

    private void receive(HttpExchange ex, Decoder decoder) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            contentTypes.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>()).add(ex.getRequestHeaders().getFirst("Content-Type"));
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            authorization.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>()).add(auth == null ? "" : auth);
            try {
                decoder.decode(ex.getRequestBody().readAllBytes());
            } catch (InvalidProtocolBufferException e) {
                ex.sendResponseHeaders(400, -1);
                return;
            }
            ex.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            ex.sendResponseHeaders(200, -1);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Span> spans() {
        List<Span> out = new ArrayList<>();
        traces.forEach(r -> r.getResourceSpansList().forEach(rs -> rs.getScopeSpansList().forEach(ss -> out.addAll(ss.getSpansList()))));
        return out;
    }

    List<LogRecord> logRecords() {
        List<LogRecord> out = new ArrayList<>();
        logs.forEach(r -> r.getResourceLogsList().forEach(rl -> rl.getScopeLogsList().forEach(sl -> out.addAll(sl.getLogRecordsList()))));
        return out;
    }

    /** Every metric of every push, in arrival order. */
    List<Metric> metricsReceived() {
        List<Metric> out = new ArrayList<>();
        metrics.forEach(r -> r.getResourceMetricsList().forEach(rm -> rm.getScopeMetricsList().forEach(sm -> out.addAll(sm.getMetricsList()))));
        return out;
    }

    List<Resource> resources() {
        List<Resource> out = new ArrayList<>();
        traces.forEach(r -> r.getResourceSpansList().forEach(x -> out.add(x.getResource())));
        metrics.forEach(r -> r.getResourceMetricsList().forEach(x -> out.add(x.getResource())));
        logs.forEach(r -> r.getResourceLogsList().forEach(x -> out.add(x.getResource())));
        return out;
    }

    static String hex(ByteString id) {
        return HexFormat.of().formatHex(id.toByteArray());
    }

    static String attribute(List<KeyValue> attributes, String key) {
        for (KeyValue kv : attributes) {
            if (kv.getKey().equals(key)) {
                var v = kv.getValue();
                return switch (v.getValueCase()) {
                    case STRING_VALUE -> v.getStringValue();
                    case INT_VALUE -> Long.toString(v.getIntValue());
                    case BOOL_VALUE -> Boolean.toString(v.getBoolValue());
                    case DOUBLE_VALUE -> Double.toString(v.getDoubleValue());
                    default -> v.toString();
                };
            }
        }
        return null;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
