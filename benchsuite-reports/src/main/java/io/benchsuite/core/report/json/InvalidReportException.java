package io.benchsuite.core.report.json;

import java.nio.file.Path;

/** A {@code report.json} that is missing, unreadable, not JSON or not a benchsuite report; the message names the file. */
public final class InvalidReportException extends RuntimeException {
    private final Path file;
    private final String problem;

    public InvalidReportException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
        this.problem = problem;
    }

    /** What is wrong, without the file name, e.g. {@code has schemaVersion 2; this benchsuite reads up to 1}. */
    public String problem() {
        return problem;
    }

    /** The offending file. */
    public Path file() {
        return file;
    }
}
