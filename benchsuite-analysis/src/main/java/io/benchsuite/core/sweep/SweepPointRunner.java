package io.benchsuite.core.sweep;

import io.benchsuite.core.report.model.Report;
import java.nio.file.Path;
import java.util.Map;

/**
 * Runs one point of a sweep as a normal run: the scenario with the swept parameters set to {@code values},
 * writing its reports into {@code outputDir}. {@link Sweep#of(io.benchsuite.core.Benchmark.Builder)} runs a
 * benchmark template; the command line runs the point's spec in the same JVM as {@code benchsuite run} would.
 */
@FunctionalInterface
public interface SweepPointRunner {
    /**
     * Runs the point.
     *
     * @param values each swept parameter's value at this point, by parameter name
     * @param outputDir the point's own output directory
     * @return the run's report
     * @throws Exception when the point could not run (it is recorded as failed and the sweep ends there)
     */
    Report run(Map<String, String> values, Path outputDir) throws Exception;
}
