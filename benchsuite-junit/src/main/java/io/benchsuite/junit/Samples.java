package io.benchsuite.junit;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.junit.internal.AssertionNumbers;

/** The "sample:" part of failure messages: how much data a figure rests on. */
final class Samples {
    private Samples() {}

    static String latency(Measured m, LatencyMetric metric) {
        long values = m.histograms().count(metric);
        RunSummary.Counts c = m.counts();
        return values + " " + metric.displayName() + " values from " + c.succeeded() + " successful of "
                + c.measured() + " measured requests";
    }

    static String requests(Measured m) {
        RunSummary.Counts c = m.counts();
        return c.measured() + " measured requests (" + c.succeeded() + " succeeded, " + c.failed() + " failed) over "
                + AssertionNumbers.number(m.measuredSeconds()) + " s";
    }
}
