package io.benchsuite.cli;

import java.io.PrintStream;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a command needs from the process it runs in: output streams, the environment and whether a
 * person is watching a terminal. Tests pass their own; {@link #system()} is the real process.
 *
 * @param out where results go (the summary table)
 * @param err where progress, warnings and errors go
 * @param env reads an environment variable (null when unset); only ever asked whether a variable is set
 * @param terminal whether progress may redraw one line with {@code \r}
 */
public record CliContext(PrintStream out, PrintStream err, Function<String, String> env, boolean terminal) {
    public CliContext {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        Objects.requireNonNull(env, "env");
    }

    /** The running process: {@code System.out}, {@code System.err}, {@code System.getenv}, {@code System.console()}. */
    public static CliContext system() {
        return new CliContext(System.out, System.err, System::getenv, System.console() != null);
    }
}
