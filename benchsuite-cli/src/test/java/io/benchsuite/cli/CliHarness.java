package io.benchsuite.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import picocli.CommandLine;

/** Runs the CLI in this JVM with captured output and a fake environment. */
final class CliHarness {
    final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    final CliContext ctx;

    CliHarness() {
        this(Map.of());
    }

    CliHarness(Map<String, String> env) {
        ctx = new CliContext(new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8), env::get, false);
    }

    int run(String... args) {
        return BenchsuiteCli.execute(ctx, args);
    }

    String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    /** Parses {@code benchsuite run <args>} into a plan without running anything. */
    RunPlan plan(String... runArgs) {
        String[] all = new String[runArgs.length + 1];
        all[0] = "run";
        System.arraycopy(runArgs, 0, all, 1, runArgs.length);
        CommandLine.ParseResult pr;
        try {
            pr = BenchsuiteCli.commandLine(ctx).parseArgs(all);
        } catch (CommandLine.ParameterException e) {
            // a value picocli's converters refused: the usage error the command line prints for it
            throw CliException.usage(BenchsuiteCli.usageMessage(e));
        }
        RunCommand cmd = (RunCommand) pr.subcommand().commandSpec().userObject();
        return cmd.plan();
    }
}
