package io.benchsuite.metrics.testing;

import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.helpers.BasicMDCAdapter;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * Test logging: messages go to stderr (surefire keeps them in the test output file) and the MDC
 * works (slf4j-simple's MDC is a no-op, which would hide what the tracing tests check).
 */
public final class MdcTestLoggingProvider implements SLF4JServiceProvider {
    private final BasicMDCAdapter mdc = new BasicMDCAdapter();
    private final BasicMarkerFactory markers = new BasicMarkerFactory();
    private final ILoggerFactory loggers = name -> new StderrLogger(name);

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
    }
}
