package io.benchsuite.cli;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code benchsuite} command line. Each subcommand is one class listed in {@link #SUBCOMMANDS};
 * a subcommand with a constructor taking a {@link CliContext} gets the process context through it.
 */
@Command(name = "benchsuite",
        mixinStandardHelpOptions = true,
        versionProvider = BenchsuiteCli.Version.class,
        description = "Benchmarks LLM serving stacks with honest (schedule-based) timing.",
        footer = {"", "Exit codes: 0 success, 1 run failed (backend unreachable, I/O error) or internal error, "
                + "2 bad usage, unknown backend or bad backend option, 130 interrupted (Ctrl-C; partial reports are written)."})
public final class BenchsuiteCli implements Runnable {
    /** The subcommands, in the order {@code --help} lists them. */
    static final List<Class<?>> SUBCOMMANDS = List.of(RunCommand.class, SweepCommand.class, ServeSimCommand.class,
            ReportCommand.class, CompareCommand.class, ProjectCommand.class, MergeCommand.class, K8sCommand.class,
            BackendsCommand.class, CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing a command (try: benchsuite run)");
    }

    /** Runs the command line and exits with its code (unless the JVM is already shutting down after Ctrl-C). */
    public static void main(String[] args) {
        // Until a run exports its logs over OTLP (which installs its SDK here), the OpenTelemetry log appender
        // drops records instead of buffering them and complaining that its buffer is too small.
        OpenTelemetryAppender.install(
                OpenTelemetry.noop());
        int code = execute(CliContext.system(), args);
        if (RunCommand.interruptedBySignal() || shuttingDown()) {
            // Ctrl-C: the JVM is shutting down and exits (130) once the shutdown hooks return;
            // System.exit here would block forever.
            return;
        }
        System.exit(code);
    }

    private static boolean shuttingDown() {
        try {
            Thread probe = new Thread(() -> { });
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** Runs the command line in this JVM and returns the exit code (never calls System.exit). */
    public static int execute(CliContext ctx, String... args) {
        return commandLine(ctx, args.length > 0 ? args[0] : null).execute(args);
    }

    /** The configured picocli command line, with every subcommand. */
    static CommandLine commandLine(CliContext ctx) {
        return commandLine(ctx, null);
    }

    /**
     * The configured picocli command line, with only the subcommand named {@code command} when there is one of
     * that name (other than {@code help}, which lists its siblings), else with all. picocli builds each
     * subcommand's model from its annotations when it is added: ~90 ms of a run's start-up, and the compiler's
     * time for it, went to the eight subcommands the run did not use.
     */
    static CommandLine commandLine(CliContext ctx, String command) {
        ContextFactory factory = new ContextFactory(ctx);
        CommandLine cmd = new CommandLine(new BenchsuiteCli(), factory);
        Class<?> only = SUBCOMMANDS.stream()
                .filter(c -> c != CommandLine.HelpCommand.class && c.getAnnotation(Command.class).name().equals(command))
                .findFirst().orElse(null);
        for (Class<?> c : SUBCOMMANDS) {
            if (only == null || c == only) cmd.addSubcommand(c);
        }
        // the platform's charset, as System.out's on Java 17: the bytes go to the same console
        cmd.setOut(new PrintWriter(new OutputStreamWriter(ctx.out(), Charset.defaultCharset()), true));
        cmd.setErr(new PrintWriter(new OutputStreamWriter(ctx.err(), Charset.defaultCharset()), true));
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println(c.getCommandSpec().qualifiedName() + ": " + usageMessage(ex));
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for the flags.");
            return ExitCodes.USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, c, parseResult) -> {
            String who = c.getCommandSpec().qualifiedName();
            if (ex instanceof CliException e) {
                c.getErr().println(who + ": " + e.getMessage());
                if (e.flagsHint()) {
                    c.getErr().println("Try '" + who + " --help' for the flags.");
                }
                return e.exitCode();
            }
            // not a user's mistake: a bug or a backend failing in a way it should have reported
            c.getErr().println(who + ": internal error: " + ex);
            if (Boolean.getBoolean("benchsuite.debug")) ex.printStackTrace(ctx.err());
            else c.getErr().println("(set -Dbenchsuite.debug=true for the stack trace)");
            return ExitCodes.FAILURE;
        });
        return cmd;
    }

    /**
     * The message of a bad flag: a converter's own message after the flag's name
     * ({@code --url: expected an http:// or https:// URL, got 'ftp://host'}), else picocli's.
     */
    static String usageMessage(CommandLine.ParameterException ex) {
        if (ex.getCause() instanceof CommandLine.TypeConversionException t
                && ex.getArgSpec() instanceof CommandLine.Model.OptionSpec option) {
            return option.longestName() + ": " + t.getMessage();
        }
        return ex.getMessage();
    }

    /** benchsuite's version from the build. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = BenchsuiteCli.class.getResourceAsStream("/io/benchsuite/cli/cli.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            // unknown below
        }
        String v = p.getProperty("version", "");
        return v.isBlank() || v.startsWith("${") ? "unknown" : v;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"benchsuite " + version(),
                    "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }

    /** Creates commands, passing the context to constructors that take one. */
    private static final class ContextFactory implements CommandLine.IFactory {
        private final CliContext ctx;
        private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

        ContextFactory(CliContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public <K> K create(Class<K> cls) throws Exception {
            try {
                Constructor<K> c = cls.getDeclaredConstructor(CliContext.class);
                c.setAccessible(true);
                return c.newInstance(ctx);
            } catch (NoSuchMethodException e) {
                return fallback.create(cls);
            }
        }
    }
}
