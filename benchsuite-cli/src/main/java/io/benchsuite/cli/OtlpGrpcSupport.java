package io.benchsuite.cli;

import io.opentelemetry.sdk.common.export.GrpcSenderProvider;
import java.util.ServiceLoader;

/**
 * Whether OTLP over gRPC can be sent from this class path. The CLI's jar sends OTLP/HTTP on the JDK's
 * HttpClient, which cannot read the trailers gRPC puts its status in, and leaves out the OkHttp
 * sender (OkHttp, Okio and the Kotlin standard library, 3 MB); a gRPC sender put on the class path
 * ({@code opentelemetry-exporter-sender-okhttp} or {@code -grpc-managed-channel}) is found and used.
 */
final class OtlpGrpcSupport {
    private OtlpGrpcSupport() {}

    /** True when a gRPC sender is on the class path. */
    static boolean available() {
        return ServiceLoader.load(GrpcSenderProvider.class, OtlpGrpcSupport.class.getClassLoader()).findFirst().isPresent();
    }

    /** The usage error for {@code --otlp-protocol grpc} without a gRPC sender. */
    static CliException unavailable() {
        return CliException.usage("--otlp-protocol grpc: this build sends OTLP over http/protobuf only (an OpenTelemetry "
                + "Collector takes it on port 4318); for gRPC put a gRPC sender such as "
                + "io.opentelemetry:opentelemetry-exporter-sender-okhttp on the class path");
    }
}
