package io.benchsuite.core.report;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.core.RunListener;
import io.benchsuite.core.RunResult;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.core.report.html.HtmlReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a run's output directory: {@code requests.jsonl} line by line as requests finish, then
 * {@code report.json}, {@code summary.csv} and {@code report.html} when the run ends. Files are written to a temporary
 * name and moved into place, so a reader never sees half a report.
 */
public final class ReportWriters implements RunListener {
    private static final Logger log = LoggerFactory.getLogger(ReportWriters.class);

    /** File names in an output directory. */
    public static final String REPORT_JSON = "report.json";
    public static final String REQUESTS_JSONL = "requests.jsonl";
    public static final String SUMMARY_CSV = "summary.csv";
    public static final String REPORT_HTML = "report.html";

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
            log.error("cannot append to {}: {}; the request log stops here (the report will still hold every request)",
                    dir.resolve(REQUESTS_JSONL), e.getMessage());
        }
    }

    /** Closes the request log and writes {@code report.json}, {@code summary.csv} and {@code report.html}. */
    public void writeFinal(RunResult result) throws IOException {
        requests.close();
        writeReport(result, dir);
    }

    /** Writes {@code report.json}, {@code summary.csv} and {@code report.html} of a result into {@code dir}. */
    public static void writeReport(RunResult result, Path dir) throws IOException {
        Files.createDirectories(dir);
        ObjectNode report = ReportJson.build(result);
        atomicWrite(dir.resolve(REPORT_JSON), Json.MAPPER.writeValueAsString(report) + "\n");
        writeDerived(report, dir);
    }

    /**
     * Renders {@code summary.csv} and {@code report.html} again from the {@code report.json} in
     * {@code dir} (e.g. after an upgrade of the renderer).
     *
     * @throws InvalidReportException when report.json is missing, unreadable or not a report (the message names the file)
     */
    public static void regenerate(Path dir) throws IOException {
        writeDerived(ReportJson.read(dir), dir);
    }

    private static void writeDerived(ObjectNode report, Path dir) throws IOException {
        atomicWrite(dir.resolve(SUMMARY_CSV), SummaryCsv.render(report));
        atomicWrite(dir.resolve(REPORT_HTML), HtmlReport.render(report));
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
