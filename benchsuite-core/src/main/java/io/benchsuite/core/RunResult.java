package io.benchsuite.core;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a finished run measured.
 *
 * @param info identity and configuration
 * @param status whether the run completed or was stopped
 * @param endedAt wall-clock end
 * @param summary statistics over the measured window
 * @param histograms the lossless distributions behind the summary (measured, successful requests)
 * @param timeSeries one sample per second, all phases
 * @param requests every request, all phases, in index order
 * @param errorSamples the first few error messages of each kind
 * @param sections extra report sections from listeners (server metrics, host and GPU telemetry), by top-level key
 * @param reportDir the directory the run's reports were written to, or {@code null} when it wrote none
 *                  (assertion failure messages point here)
 */
public record RunResult(RunInfo info, Status status, Instant endedAt, RunSummary summary,
                        LatencyHistograms histograms, List<SecondSample> timeSeries, List<RequestRecord> requests,
                        List<ErrorSample> errorSamples, Map<String, JsonNode> sections, Path reportDir) {

    public RunResult {
        notNull(info, "info");
        notNull(status, "status");
        notNull(endedAt, "endedAt");
        notNull(summary, "summary");
        notNull(histograms, "histograms");
        timeSeries = List.copyOf(notNull(timeSeries, "timeSeries"));
        requests = List.copyOf(notNull(requests, "requests"));
        errorSamples = List.copyOf(notNull(errorSamples, "errorSamples"));
        sections = Collections.unmodifiableMap(new LinkedHashMap<>(notNull(sections, "sections")));
    }

    /** A result that wrote no reports. */
    public RunResult(RunInfo info, Status status, Instant endedAt, RunSummary summary, LatencyHistograms histograms,
                     List<SecondSample> timeSeries, List<RequestRecord> requests, List<ErrorSample> errorSamples,
                     Map<String, JsonNode> sections) {
        this(info, status, endedAt, summary, histograms, timeSeries, requests, errorSamples, sections, null);
    }

    /** A copy recording that the reports were written to {@code dir}. */
    public RunResult withReportDir(Path dir) {
        return new RunResult(info, status, endedAt, summary, histograms, timeSeries, requests, errorSamples, sections,
                notNull(dir, "dir"));
    }

    /** How a run ended. */
    public enum Status {
        /** The schedule ran to its end and every request finished or timed out. */
        COMPLETED,
        /** The run was stopped early (Ctrl-C, {@link RunningBenchmark#stop()}); what was measured is kept. */
        STOPPED
    }

    /**
     * One error message kept as an example.
     *
     * @param kind error label, e.g. {@code http_5xx}
     * @param index request index
     * @param message the message (no secrets)
     */
    public record ErrorSample(String kind, long index, String message) {}
}
