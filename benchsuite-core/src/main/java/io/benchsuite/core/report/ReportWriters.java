package io.benchsuite.core.report;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.core.report.html.HtmlReport;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ReportFormat;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a run's output directory: {@code requests.jsonl} line by line as requests finish, then the
 * {@link Report} in each of {@link #FORMATS} ({@code report.json}, {@code summary.csv},
 * {@code report.html}) when the run ends. Files are written to a temporary name and moved into
 * place, so a reader never sees half a report.
 */
public final class ReportWriters implements RunListener {
    private static final Logger log = LoggerFactory.getLogger(ReportWriters.class);

    /** File names in an output directory. */
    public static final String REPORT_JSON = ReportJson.FILE_NAME;
    public static final String REQUESTS_JSONL = "requests.jsonl";
    public static final String SUMMARY_CSV = SummaryCsv.FILE_NAME;
    public static final String REPORT_HTML = HtmlReport.FILE_NAME;

    /** The files rendered from the report, in the order they are written. */
    public static final List<ReportFormat> FORMATS = List.of(ReportJson.FORMAT, SummaryCsv.FORMAT, HtmlReport.FORMAT);

    /** The files {@link #regenerate} renders again from a saved {@code report.json}. */
    public static final List<ReportFormat> DERIVED = List.of(SummaryCsv.FORMAT, HtmlReport.FORMAT);

    private final Path dir;
    private final RequestLogWriter requests;
    private volatile boolean requestLogFailed;

    private ReportWriters(Path dir, RequestLogWriter requests) {
        this.dir = dir;
        this.requests = requests;
    }

    /** Creates the directory and opens {@code requests.jsonl}. */
    public static ReportWriters open(Path dir) {
        try {
            Files.createDirectories(dir);
            return new ReportWriters(dir, new RequestLogWriter(dir.resolve(REQUESTS_JSONL)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the output directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The output directory. */
    public Path directory() {
        return dir;
    }

    @Override
    public void onRequestFinished(RequestRecord record) {
        if (requestLogFailed) return;
        try {
            requests.write(record);
        } catch (IOException e) {
            requestLogFailed = true;
            log.error("cannot append to {}: {}; the request log stops here (the report's figures still count every request)",
                    dir.resolve(REQUESTS_JSONL), e.getMessage());
        }
    }

    /**
     * Closes the request log and writes {@code report.json}, {@code summary.csv} and {@code report.html}.
     * A listener section that cannot be written as JSON is dropped with a warning: one plugin's bug
     * must not lose the run's report.
     */
    public void writeFinal(RunResult result) throws IOException {
        requests.close();
        writeReport(withWritableSections(Report.of(result)), dir);
    }

    private static Report withWritableSections(Report report) {
        Map<String, ReportSection> writable = new LinkedHashMap<>();
        report.sections().forEach((key, section) -> {
            try {
                ReportJson.write(section);
                writable.put(key, section);
            } catch (RuntimeException e) {
                log.warn("report section '{}' ({}) cannot be written as JSON and is left out: {}", key,
                        section.getClass().getName(), e.getMessage());
            }
        });
        return writable.size() == report.sections().size() ? report : report.withSections(writable);
    }

    /** Writes every one of {@link #FORMATS} of a report into {@code dir}. */
    public static void writeReport(Report report, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (ReportFormat f : FORMATS) atomicWrite(dir.resolve(f.fileName()), f.render(report));
    }

    /**
     * Renders {@code summary.csv} and {@code report.html} again from the {@code report.json} in
     * {@code dir} (e.g. after an upgrade of the renderer).
     *
     * @throws InvalidReportException when report.json is missing, unreadable or not a report (the message names the file)
     */
    public static void regenerate(Path dir) throws IOException {
        Report report = ReportJson.read(dir);
        for (ReportFormat f : DERIVED) atomicWrite(dir.resolve(f.fileName()), f.render(report));
    }

    /** Writes text to a temporary file beside {@code target} and moves it into place. */
    public static void atomicWrite(Path target, String text) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
