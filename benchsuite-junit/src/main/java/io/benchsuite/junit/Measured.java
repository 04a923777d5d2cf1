package io.benchsuite.junit;

import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.run.LatencyHistograms;
import java.nio.file.Path;

/**
 * The figures a gate compares, read either from a fresh {@link io.benchsuite.core.run.RunResult} or from a
 * saved {@link Baseline}, so both sides of a comparison are judged the same way.
 */
interface Measured {
    String name();

    LatencyHistograms histograms();

    RunSummary.Counts counts();

    RunSummary.Throughput throughput();

    double measuredSeconds();

    /** Where its report or baseline file lies, or null. */
    Path location();
}
