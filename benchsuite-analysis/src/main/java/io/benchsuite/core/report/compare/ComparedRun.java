package io.benchsuite.core.report.compare;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.RequestLogScan;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run of a comparison: its report and, when the output directory has a
 * {@code requests.jsonl}, the prompt hash of every request index (to check that runs sent the same
 * prompts) and what is wrong with that file (a line cut short, lines that are not request records,
 * another number of requests than the report counts, another run's requests).
 *
 * @param label the name shown for the run (the directory name unless given)
 * @param dir the output directory (may be null for runs built in memory)
 * @param report the report
 * @param promptHashes request index to prompt hash; null when unknown
 * @param logProblems what is wrong with the run's {@code requests.jsonl}, or with it against the report; empty when nothing is
 */
public record ComparedRun(String label, Path dir, Report report, Map<Long, String> promptHashes, List<String> logProblems) {
    public ComparedRun {
        notNull(label, "label");
        notNull(report, "report");
        promptHashes = promptHashes == null ? null : Collections.unmodifiableMap(new TreeMap<>(promptHashes));
        logProblems = logProblems == null ? List.of() : List.copyOf(logProblems);
    }

    /** A run whose request log, if any, has no known problem. */
    public ComparedRun(String label, Path dir, Report report, Map<Long, String> promptHashes) {
        this(label, dir, report, promptHashes, List.of());
    }

    /**
     * Loads an output directory: its complete {@code report.json} ({@link ReportJson#readComplete}) and
     * its {@code requests.jsonl}, checked line by line ({@link RequestLogScan}).
     *
     * @throws InvalidReportException naming the file when report.json is missing, incomplete or not a
     *     report, or requests.jsonl cannot be read
     */
    public static ComparedRun load(Path dir) {
        notNull(dir, "dir");
        Report report = ReportJson.readComplete(dir);
        Path log = dir.resolve(ReportWriters.REQUESTS_JSONL);
        Map<Long, String> hashes = null;
        List<String> problems = new ArrayList<>();
        if (Files.isRegularFile(log)) {
            RequestLogScan scan = RequestLogScan.read(log, true);
            hashes = scan.promptHashes();
            problems.addAll(scan.problems());
            problems.addAll(scan.disagreementsWith(report));
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return new ComparedRun(name == null ? dir.toString() : name.toString(), dir, report, hashes, problems);
    }

    /** The same run under another label. */
    public ComparedRun withLabel(String newLabel) {
        return new ComparedRun(newLabel, dir, report, promptHashes, logProblems);
    }
}
