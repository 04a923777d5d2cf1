package io.benchsuite.junit;

import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.RunResult;
import java.nio.file.Path;

/** A run under assertion with the words its failure messages need. */
record Subject(RunResult result) implements Measured {

    @Override
    public String name() {
        return result.info().name();
    }

    @Override
    public LatencyHistograms histograms() {
        return result.histograms();
    }

    @Override
    public RunSummary.Counts counts() {
        return result.summary().counts();
    }

    @Override
    public RunSummary.Throughput throughput() {
        return result.summary().throughput();
    }

    @Override
    public double measuredSeconds() {
        return result.summary().measuredSeconds();
    }

    @Override
    public Path location() {
        return result.reportDir() == null ? null : result.reportDir().resolve(ReportWriters.REPORT_JSON);
    }

    /** The trailing lines of every failure message: the report path when the run wrote one. */
    String reportLine() {
        Path p = location();
        return p == null ? "" : "\n  report: " + p;
    }
}
