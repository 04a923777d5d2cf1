package io.benchsuite.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender;
import org.slf4j.Logger;

/**
 * The CLI's logging, configured in code (found by logback as a service). Warnings and errors go to stderr as
 * {@code LEVEL Logger - message}, followed by the trace and span of the request (or run) they concern when there is
 * one ({@code [trace_id=... span_id=...]}, from the MDC). benchsuite's INFO records (run start and end, each failed
 * request) also go to the OpenTelemetry appender, which exports them over OTLP with their trace and span ids when
 * the run exports the logs signal to an OTLP endpoint ({@code --otlp-endpoint}, {@code --otlp-signals}); otherwise it
 * drops them.
 *
 * <p>In code rather than a {@code logback.xml}: reading the XML (a SAX parser, logback's model builders and their
 * lambdas) took ~50 ms of every command's start-up and as much again of the compiler's. A file given with
 * {@code -Dlogback.configurationFile} still replaces this configuration.
 */
public final class CliLogging extends ContextAwareBase implements Configurator {
    /** The stderr line: the MDC's trace and span appended when the record has them. */
    static final String PATTERN = "%level %logger{0} - %msg"
            + "%replace( [trace_id=%X{trace_id} span_id=%X{span_id}]){' \\[trace_id= span_id=\\]', ''}%n";

    /** Made by logback's service loader. */
    public CliLogging() {
        // configured in configure()
    }

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) return ExecutionStatus.INVOKE_NEXT_IF_ANY; // the user's file

        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        ThresholdFilter warnings = new ThresholdFilter();
        warnings.setContext(context);
        warnings.setLevel("WARN");
        warnings.start();
        stderr.addFilter(warnings);
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        stderr.setEncoder(encoder);
        stderr.start();

        OpenTelemetryAppender otlp = new OpenTelemetryAppender();
        otlp.setContext(context);
        otlp.setName("OTLP");
        // the CLI installs its SDK before the run starts; nothing earlier is worth keeping in memory (1 is the
        // smallest buffer the appender accepts)
        otlp.setNumLogsCapturedBeforeOtelInstall(1);
        otlp.setCaptureCodeAttributes(false);
        otlp.start();

        context.getLogger("io.benchsuite").setLevel(Level.INFO);
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        root.addAppender(otlp);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
