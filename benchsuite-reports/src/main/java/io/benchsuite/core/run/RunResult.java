package io.benchsuite.core.run;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.run.RunInfo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a finished run measured. The per-request records are not kept unless the run asked
 * for them ({@code Benchmark.Builder.retainRequests(true)}): every request is in the output
 * directory's {@code requests.jsonl}, and the figures here are folded from the requests as they
 * finished, so memory does not grow with the length of the run.
 *
 * @param info identity and configuration
 * @param status whether the run completed or was stopped
 * @param endedAt wall-clock end
 * @param summary statistics over the measured window
 * @param histograms the lossless distributions behind the summary (measured window)
 * @param timeSeries one sample per second, all windows
 * @param errorSamples the first few error messages of each kind
 * @param sections extra report sections from listeners (server metrics, host and GPU telemetry), by key
 * @param retainedRequests every request in index order when the run retained them, else {@code null}
 * @param reportDir the directory the run's reports were written to, or {@code null} when it wrote none
 *                  (assertion failure messages point here)
 * @param stopReason why the run stopped before its schedule ended when the run itself decided it (e.g. its
 *                   error rate exceeded {@code Benchmark.Builder.maxErrorRate}) or why it {@linkplain Status#FAILED
 *                   failed}; {@code null} when it ran to its end or was stopped by its caller
 */
public record RunResult(RunInfo info, Status status, Instant endedAt, RunSummary summary,
                        LatencyHistograms histograms, List<SecondSample> timeSeries, List<ErrorSample> errorSamples,
                        Map<String, ReportSection> sections, List<RequestRecord> retainedRequests, Path reportDir,
                        String stopReason) {

    /** A result without a stop reason (it ran to its end, or its caller stopped it). */
    public RunResult(RunInfo info, Status status, Instant endedAt, RunSummary summary,
                     LatencyHistograms histograms, List<SecondSample> timeSeries, List<ErrorSample> errorSamples,
                     Map<String, ReportSection> sections, List<RequestRecord> retainedRequests, Path reportDir) {
        this(info, status, endedAt, summary, histograms, timeSeries, errorSamples, sections, retainedRequests, reportDir,
                null);
    }

    public RunResult {
        notNull(info, "info");
        notNull(status, "status");
        notNull(endedAt, "endedAt");
        notNull(summary, "summary");
        notNull(histograms, "histograms");
        timeSeries = List.copyOf(notNull(timeSeries, "timeSeries"));
        errorSamples = List.copyOf(notNull(errorSamples, "errorSamples"));
        sections = Collections.unmodifiableMap(new LinkedHashMap<>(notNull(sections, "sections")));
        retainedRequests = retainedRequests == null ? null : List.copyOf(retainedRequests);
    }

    /**
     * Every request, all windows, in index order.
     *
     * @throws IllegalStateException when the run did not retain them (the default, so that memory
     *     does not grow with the run): call {@code Benchmark.Builder.retainRequests(true)}, or read
     *     the output directory's {@code requests.jsonl}
     */
    public List<RequestRecord> requests() {
        if (retainedRequests == null) {
            throw new IllegalStateException("run '" + info.name() + "' did not retain its request records: call "
                    + "Benchmark.Builder.retainRequests(true) before the run to keep them in memory, or read "
                    + (reportDir == null ? "requests.jsonl of an output directory (Benchmark.Builder.outputDir)"
                            : reportDir.resolve("requests.jsonl").toString()));
        }
        return retainedRequests;
    }

    /** Whether {@link #requests()} holds the request records. */
    public boolean requestsRetained() {
        return retainedRequests != null;
    }

    /** The section contributed under {@code key}, if any. */
    public Optional<ReportSection> section(String key) {
        return Optional.ofNullable(sections.get(notNull(key, "key")));
    }

    /** The first section of the given type, if any (e.g. {@code section(HostSection.class)}). */
    public <T extends ReportSection> Optional<T> section(Class<T> type) {
        notNull(type, "type");
        return sections.values().stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /** A copy recording that the reports were written to {@code dir}. */
    public RunResult withReportDir(Path dir) {
        return new RunResult(info, status, endedAt, summary, histograms, timeSeries, errorSamples, sections,
                retainedRequests, notNull(dir, "dir"), stopReason);
    }

    /** How a run ended. */
    public enum Status {
        /** The schedule ran to its end and every request finished or timed out. */
        COMPLETED,
        /**
         * The run was stopped early (Ctrl-C, {@code RunningBenchmark.stop()}, or by the run itself: see
         * {@link RunResult#stopReason()}); what was measured is kept.
         */
        STOPPED,
        /**
         * The run's input failed before its schedule ended (a dataset record that cannot be read): it sent
         * nothing more, what was sent before is measured, and {@link RunResult#stopReason()} names the
         * file, the line and what was wrong.
         */
        FAILED
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
