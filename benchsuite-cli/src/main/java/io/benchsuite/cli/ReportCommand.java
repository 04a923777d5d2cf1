package io.benchsuite.cli;

import io.benchsuite.api.util.IoErrors;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.json.InvalidReportException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code benchsuite report <dir>}: renders report.html and summary.csv again from a run's report.json. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Regenerates report.html and summary.csv of an output directory from its report.json.")
final class ReportCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Parameters(index = "0", paramLabel = "<dir>", description = "A run's output directory (holding report.json).")
    Path dir;

    ReportCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        try {
            ReportWriters.regenerate(dir);
        } catch (InvalidReportException e) {
            throw CliException.usage(e.getMessage());
        } catch (IOException e) {
            throw CliException.failure("cannot write the reports into " + dir + ": " + IoErrors.reason(e, dir));
        }
        ctx.out().println("wrote " + dir.resolve(ReportWriters.REPORT_HTML) + " and " + dir.resolve(ReportWriters.SUMMARY_CSV));
        return ExitCodes.OK;
    }
}
