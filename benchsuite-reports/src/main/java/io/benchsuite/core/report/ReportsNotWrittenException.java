package io.benchsuite.core.report;

import io.benchsuite.core.run.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Some of a finished run's files could not be written (the directory became read-only, the disk
 * filled up). Nothing measured is lost: {@link #result()} is the whole result, the files that could
 * be written were written (a {@code requests.jsonl} already on disk stays), and when a report file
 * failed the complete report was written to a new directory under the system's temporary directory
 * instead ({@link #savedTo()}), from which {@code benchsuite report} renders it again.
 */
public final class ReportsNotWrittenException extends UncheckedIOException {
    private final transient RunResult result;
    private final Path directory;
    private final List<String> failures;
    private final Path savedTo;

    /**
     * @param result the run's result
     * @param directory the output directory
     * @param failures each file that could not be written, with the reason: {@code "report.json: permission denied"}
     * @param savedTo where the report was written instead, or null
     * @param cause the first failure
     */
    public ReportsNotWrittenException(RunResult result, Path directory, List<String> failures, Path savedTo,
                                      IOException cause) {
        super(message(directory, failures, savedTo), cause);
        this.result = result;
        this.directory = directory;
        this.failures = List.copyOf(failures);
        this.savedTo = savedTo;
    }

    private static String message(Path directory, List<String> failures, Path savedTo) {
        return "cannot write every report into " + directory + ": " + String.join("; ", failures)
                + (savedTo == null ? "" : ". The report was saved to " + savedTo + " instead");
    }

    /** The run's result: everything it measured. */
    public RunResult result() {
        return result;
    }

    /** The output directory. */
    public Path directory() {
        return directory;
    }

    /** Each file that could not be written, with the reason, e.g. {@code report.json: permission denied}. */
    public List<String> failures() {
        return failures;
    }

    /** The directory the report files were written to instead, when a report file failed and that copy succeeded. */
    public Optional<Path> savedTo() {
        return Optional.ofNullable(savedTo);
    }
}
