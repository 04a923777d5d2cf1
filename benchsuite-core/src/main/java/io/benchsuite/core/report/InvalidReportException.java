package io.benchsuite.core.report;

import java.nio.file.Path;

/** A {@code report.json} that is missing, unreadable, not JSON or not a benchsuite report; the message names the file. */
public final class InvalidReportException extends RuntimeException {
    private final Path file;

    public InvalidReportException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
    }

    /** The offending file. */
    public Path file() {
        return file;
    }
}
