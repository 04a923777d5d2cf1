package io.benchsuite.core.report;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.util.IoErrors;
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
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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

    /**
     * The files benchsuite writes into an output directory; the only ones {@link #open(Path, boolean)}
     * removes when it may overwrite (with their temporary {@code .tmp} names).
     */
    public static final List<String> OWN_FILES = List.of(REPORT_JSON, REQUESTS_JSONL, SUMMARY_CSV, REPORT_HTML);

    private static final String TMP = ".tmp";

    private final Path dir;
    private final RequestLogQueue requests;
    private volatile String requestLogFailure;

    /** Whether {@link #open(Path, boolean)} created the directory (so {@link #abandon()} may remove it). */
    private final boolean createdDir;

    private ReportWriters(Path dir, RequestLogWriter requests, boolean createdDir) {
        this.dir = dir;
        this.requests = new RequestLogQueue(requests, this::requestLogFailed);
        this.createdDir = createdDir;
    }

    /** Creates the directory and opens {@code requests.jsonl}; a directory that holds anything is refused. */
    public static ReportWriters open(Path dir) {
        return open(dir, false);
    }

    /**
     * Creates the directory and opens {@code requests.jsonl}.
     *
     * @param overwrite whether a directory that holds files may be used: benchsuite's own files
     *     ({@link #OWN_FILES}) are then removed first, and every other file is kept
     * @throws OutputDirectoryNotEmptyException when the directory holds anything and {@code overwrite} is false
     * @throws UncheckedIOException naming the directory and the reason when it cannot be created or cleared
     */
    public static ReportWriters open(Path dir, boolean overwrite) {
        checkUsable(dir, overwrite);
        boolean created = !Files.exists(dir);
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new UncheckedIOException("cannot create the output directory " + dir + ": " + e.getFile()
                    + " exists and is not a directory", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the output directory " + dir + ": " + IoErrors.reason(e, dir), e);
        }
        if (overwrite) {
            List<String> kept = clearOwnFiles(dir);
            if (!kept.isEmpty()) {
                log.info("output directory {}: kept {} that benchsuite did not write", dir, names(kept));
            }
        }
        Path log = dir.resolve(REQUESTS_JSONL);
        try {
            return new ReportWriters(dir, new RequestLogWriter(log), created);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + log + ": " + IoErrors.reason(e, log), e);
        }
    }

    /**
     * Refuses, before anything runs, an output directory that holds anything unless {@code overwrite}.
     *
     * @throws OutputDirectoryNotEmptyException when it does
     * @throws UncheckedIOException naming the directory when it exists but cannot be listed
     */
    public static void checkUsable(Path dir, boolean overwrite) {
        if (overwrite || !Files.isDirectory(dir)) return;
        List<String> entries = entries(dir);
        if (!entries.isEmpty()) throw new OutputDirectoryNotEmptyException(dir, entries);
    }

    /** The names in a directory, sorted (none when it does not exist). */
    public static List<String> entries(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the output directory " + dir + ": " + IoErrors.reason(e, dir), e);
        }
    }

    /** The entries of {@code dir} that {@link #open(Path, boolean)} keeps when it overwrites: what benchsuite did not write. */
    public static List<String> foreignEntries(Path dir) {
        return entries(dir).stream().filter(name -> !isOwn(dir.resolve(name))).toList();
    }

    /** Whether benchsuite wrote this file: one of {@link #OWN_FILES} or its temporary name, and a regular file. */
    private static boolean isOwn(Path p) {
        String name = p.getFileName().toString();
        String base = name.endsWith(TMP) ? name.substring(0, name.length() - TMP.length()) : name;
        return OWN_FILES.contains(base) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
    }

    /** Deletes benchsuite's own files; returns the names kept. */
    private static List<String> clearOwnFiles(Path dir) {
        List<String> kept = new ArrayList<>();
        for (String name : entries(dir)) {
            Path p = dir.resolve(name);
            if (!isOwn(p)) {
                kept.add(name);
                continue;
            }
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove " + p + " (overwriting the output directory): "
                        + IoErrors.reason(e, p), e);
            }
        }
        return kept;
    }

    /** Up to five names, then how many more: {@code "a, b, c and 4 more"}. */
    static String names(List<String> names) {
        if (names.size() <= 5) return String.join(", ", names);
        return String.join(", ", names.subList(0, 5)) + " and " + (names.size() - 5) + " more";
    }

    /**
     * Undoes {@link #open(Path, boolean)} for a run that never started (its input was refused before the
     * first request): removes the empty {@code requests.jsonl}, and the directory when this created it
     * and it is empty, so nothing is left that looks like a run. What cannot be removed stays, with a warning.
     */
    public void abandon() {
        Path log = dir.resolve(REQUESTS_JSONL);
        try {
            requests.close();
            if (requests.lines() == 0) Files.deleteIfExists(log);
            if (createdDir && entries(dir).isEmpty()) Files.deleteIfExists(dir);
        } catch (IOException e) {
            ReportWriters.log.warn("cannot remove the empty {} of a run that did not start: {}", log, IoErrors.reason(e, log));
        } catch (UncheckedIOException e) {
            ReportWriters.log.warn("cannot remove the empty {} of a run that did not start: {}", log,
                    IoErrors.reason(e.getCause(), log));
        }
    }

    /** The output directory. */
    public Path directory() {
        return dir;
    }

    @Override
    public void onRunStarted(RunInfo info) {
        requests.runId(info.id());
    }

    @Override
    public void onRequestFinished(RequestRecord record) {
        // formatted and written on the log's own thread, in the order requests finish
        requests.add(record);
    }

    private void requestLogFailed(IOException e) {
        Path file = dir.resolve(REQUESTS_JSONL);
        requestLogFailure = "stopped after " + requests.lines() + " request(s): " + IoErrors.reason(e, file);
        log.error("cannot append to {}: {}; the request log stops here (the report's figures still count every request)",
                file, IoErrors.reason(e, file));
    }

    /**
     * Closes the request log and writes {@code report.json}, {@code summary.csv} and {@code report.html}.
     * A listener section that cannot be written as JSON is dropped with a warning: one plugin's bug
     * must not lose the run's report. Each file is tried even when another failed; when a report
     * file fails, the whole report is written to a new directory under the system's temporary
     * directory instead, so the figures outlive the process.
     *
     * @throws ReportsNotWrittenException listing each file that failed and why, carrying the result
     */
    public void writeFinal(RunResult result) {
        List<String> failures = new ArrayList<>();
        IOException first = null;
        try {
            requests.close();
        } catch (IOException e) {
            first = e;
            failures.add(REQUESTS_JSONL + ": " + IoErrors.reason(e, dir.resolve(REQUESTS_JSONL)));
        }
        if (requestLogFailure != null) failures.add(REQUESTS_JSONL + ": " + requestLogFailure);
        Report report = withWritableSections(Report.of(result));
        boolean reportFailed = false;
        for (ReportFormat f : FORMATS) {
            Path target = dir.resolve(f.fileName());
            try {
                atomicWrite(target, f.render(report));
            } catch (IOException e) {
                first = first == null ? e : first;
                reportFailed = true;
                failures.add(f.fileName() + ": " + IoErrors.reason(e, target));
            }
        }
        if (failures.isEmpty()) return;
        Path savedTo = null;
        if (reportFailed) {
            try {
                savedTo = Files.createTempDirectory("benchsuite-unsaved-");
                writeReport(report, savedTo);
                log.warn("the report of run '{}' could not be written into {}; it was saved to {}", result.info().name(),
                        dir, savedTo);
            } catch (IOException e) {
                failures.add("the copy in " + System.getProperty("java.io.tmpdir") + ": " + IoErrors.reason(e));
                savedTo = null;
            }
        }
        throw new ReportsNotWrittenException(result, dir, failures, savedTo, first);
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
     * @throws InvalidReportException when report.json is missing, unreadable, not a report or an
     *     incomplete one ({@link ReportJson#readComplete}), or when the directory's {@code requests.jsonl}
     *     is of another run than its {@code report.json} (the message names the file and what is wrong)
     */
    public static void regenerate(Path dir) throws IOException {
        Report report = ReportJson.readComplete(dir);
        Path log = dir.resolve(REQUESTS_JSONL);
        if (Files.isRegularFile(log)) {
            String other = RequestLogScan.read(log, false).otherRunThan(report);
            if (other != null) {
                throw new InvalidReportException(dir.resolve(REPORT_JSON), "belongs to another run than " + REQUESTS_JSONL
                        + " beside it: " + other + ". The two files were left by different runs (re-run into an empty "
                        + "directory, or use --overwrite); refusing to render them as one", null);
            }
        }
        for (ReportFormat f : DERIVED) atomicWrite(dir.resolve(f.fileName()), f.render(report));
    }

    /** Writes text to a temporary file beside {@code target} and moves it into place. */
    public static void atomicWrite(Path target, String text) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + TMP);
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // a half-written temporary file (disk full) must not stay behind; a directory in its way is not ours
            if (Files.isRegularFile(tmp, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the first failure is the one to report
                }
            }
            throw e;
        }
    }
}
