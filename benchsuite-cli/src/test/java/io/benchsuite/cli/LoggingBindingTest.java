package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/** The CLI's logging backend ({@link CliLogging}): warnings on stderr with the MDC's trace, INFO kept off the console. */
class LoggingBindingTest {

    @Test
    void warningsGoToStderrWithTheTraceOfTheRequestAndInfoDoesNot() {
        assertThat(LoggerFactory.getILoggerFactory().getClass().getName())
                .as("logback is the binding and its configuration loaded").isEqualTo("ch.qos.logback.classic.LoggerContext");
        ch.qos.logback.classic.LoggerContext context = (ch.qos.logback.classic.LoggerContext) LoggerFactory.getILoggerFactory();
        assertThat(context.getStatusManager().getCopyOfStatusList())
                .as("no configuration errors").noneMatch(s -> s.getLevel() >= ch.qos.logback.core.status.Status.WARN);
        // as BenchsuiteCli.main does first: without it the appender buffers records for an SDK to come and, its one
        // slot full, prints that its buffer is too small (this test passed alone only after another had done it)
        io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender.install(
                io.opentelemetry.api.OpenTelemetry.noop());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        Logger log = LoggerFactory.getLogger("io.benchsuite.core.engine.RunEngine");
        try {
            log.warn("plain warning");
            log.info("an INFO record, for the OTLP appender only");
            MDC.put("trace_id", "0af7651916cd43dd8448eb211c80319c");
            MDC.put("span_id", "b7ad6b7169203331");
            log.warn("request 7 went wrong");
        } finally {
            MDC.clear();
            System.setErr(original);
        }
        assertThat(err.toString(StandardCharsets.UTF_8).lines().toList()).containsExactly(
                "WARN RunEngine - plain warning",
                "WARN RunEngine - request 7 went wrong [trace_id=0af7651916cd43dd8448eb211c80319c span_id=b7ad6b7169203331]");
        assertThat(log.isInfoEnabled()).as("benchsuite's INFO records reach the OTLP appender").isTrue();
        assertThat(LoggerFactory.getLogger("org.example.Library").isInfoEnabled()).isFalse();
    }

    @Test
    void theConfigurationIsTheCodeOneAndAUsersFileReplacesIt() {
        ch.qos.logback.classic.LoggerContext context = (ch.qos.logback.classic.LoggerContext) LoggerFactory.getILoggerFactory();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertThat(root.getAppender("STDERR")).as("configured by CliLogging").isNotNull();
        assertThat(root.getAppender("OTLP")).isInstanceOf(
                io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender.class);
        assertThat(CliLogging.class.getResource("/logback.xml")).as("no XML read at start-up").isNull();

        ch.qos.logback.classic.LoggerContext fresh = new ch.qos.logback.classic.LoggerContext();
        String before = System.getProperty("logback.configurationFile");
        System.setProperty("logback.configurationFile", "my-logback.xml");
        try {
            CliLogging logging = new CliLogging();
            logging.setContext(fresh);
            assertThat(logging.configure(fresh)).as("a user's file goes first")
                    .isEqualTo(ch.qos.logback.classic.spi.Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
            assertThat(fresh.getLogger(Logger.ROOT_LOGGER_NAME).iteratorForAppenders().hasNext()).isFalse();
        } finally {
            if (before == null) System.clearProperty("logback.configurationFile");
            else System.setProperty("logback.configurationFile", before);
            fresh.stop();
        }
    }
}
