package io.benchsuite.cli;

/**
 * Ends a command with an exit code and a one-line message (no stack trace). See {@link ExitCodes}.
 */
public final class CliException extends RuntimeException {
    private final int exitCode;
    private final boolean flagsHint;

    public CliException(int exitCode, String message) {
        this(exitCode, message, exitCode == ExitCodes.USAGE);
    }

    private CliException(int exitCode, String message, boolean flagsHint) {
        super(message, null, false, false);
        this.exitCode = exitCode;
        this.flagsHint = flagsHint;
    }

    /**
     * An input file that is not what it should be (a dataset, trace or scenario file: the message names the
     * file and the line): exit {@value ExitCodes#USAGE}, one line, no pointer to the flags' help.
     */
    public static CliException badInput(String message) {
        return new CliException(ExitCodes.USAGE, message, false);
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

    /** Whether the error line is followed by the pointer to {@code --help} (a mistake in the flags). */
    boolean flagsHint() {
        return flagsHint;
    }
}
