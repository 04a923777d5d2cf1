package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.common.export.GrpcSenderProvider;
import io.opentelemetry.sdk.common.export.HttpSenderProvider;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The OTLP exporters send on the JDK's HttpClient: its sender is the only one on the class path (the
 * OkHttp one brought OkHttp, Okio and Kotlin into the jar), so {@link OtlpPipeTest}'s end-to-end runs
 * go through it.
 */
class OtlpSenderTest {
    @Test
    void theJdkHttpSenderIsTheOnlySender() {
        assertThat(ServiceLoader.load(HttpSenderProvider.class).stream().map(p -> p.type().getName()))
                .containsExactly("io.opentelemetry.exporter.sender.jdk.internal.JdkHttpSenderProvider");
        assertThat(ServiceLoader.load(GrpcSenderProvider.class).stream()).isEmpty();
        assertThat(OtlpGrpcSupport.available()).isFalse();
    }
}
