package io.benchsuite.cli;

/**
 * Ends a command with an exit code and a one-line message (no stack trace). See {@link ExitCodes}.
 */
public final class CliException extends RuntimeException {
    private final int exitCode;

    public CliException(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    /** A bad flag value or combination: exit {@value ExitCodes#USAGE}. */
    public static CliException usage(String message) {
        return new CliException(ExitCodes.USAGE, message);
    }

    /** The run could not be done (backend unreachable, I/O): exit {@value ExitCodes#FAILURE}. */
    public static CliException failure(String message) {
        return new CliException(ExitCodes.FAILURE, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
