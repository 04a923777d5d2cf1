package io.benchsuite.cli;

/** The exit codes of every {@code benchsuite} command. */
public final class ExitCodes {
    private ExitCodes() {}

    /** The command did what it was asked. */
    public static final int OK = 0;
    /** The run could not be done or finished badly: backend unreachable at pre-flight, I/O error, internal error. */
    public static final int FAILURE = 1;
    /**
     * A bad flag, flag value or combination, an unknown backend name, or a bad backend option (a
     * {@link io.benchsuite.api.backend.ConfigurationException}); nothing was run. Any other exception is
     * an internal error ({@link #FAILURE}), never this.
     */
    public static final int USAGE = 2;
    /** Interrupted (Ctrl-C / SIGINT): the reports of what was measured are written; 128 + SIGINT(2). */
    public static final int INTERRUPTED = 130;
}
