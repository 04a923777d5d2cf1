package io.benchsuite.cli;

import io.benchsuite.api.util.IoErrors;
import io.benchsuite.core.report.compare.ComparedRun;
import io.benchsuite.core.report.compare.Comparison;
import io.benchsuite.core.report.json.InvalidReportException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code benchsuite compare <dir> <dir>... --output-dir X}: side-by-side comparison of finished runs. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares runs from their output directories: writes comparison.json and comparison.html.",
                "Runs with different workloads, seeds or prompts are compared, but the page says so prominently."})
final class CompareCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Parameters(arity = "2..*", paramLabel = "<dir>", description = "Output directories of the runs (each holding report.json).")
    List<Path> dirs;

    @Option(names = "--output-dir", required = true, paramLabel = "<dir>", description = "Where to write comparison.json and comparison.html.")
    Path outputDir;

    @Option(names = "--baseline", paramLabel = "<n|dir>",
            description = "The run the others are compared with: its position among the directories (1 = first) or its directory (default: 1).")
    String baseline;

    CompareCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        int base = baselineIndex();
        List<ComparedRun> runs = new ArrayList<>();
        for (Path d : dirs) {
            try {
                runs.add(ComparedRun.load(d));
            } catch (InvalidReportException e) {
                throw CliException.usage(e.getMessage());
            }
        }
        Comparison c = Comparison.of(runs, base);
        try {
            c.write(outputDir);
        } catch (IOException e) {
            throw CliException.failure("cannot write the comparison into " + outputDir + ": " + IoErrors.reason(e, outputDir));
        }
        for (String note : c.unfairness()) ctx.err().println("warning: unfair comparison: " + note);
        ctx.out().println("compared " + runs.size() + " runs against baseline '" + c.runs().get(base).label() + "'"
                + (c.unfairness().isEmpty() ? "" : " (UNFAIR: " + c.unfairness().size() + " difference(s), see comparison.html)"));
        var o = c.orthogonality();
        ctx.out().println("orthogonality: " + (o.vifAbsent() != null ? "VIF absent (" + o.vifAbsent() + ")"
                : o.flagged().isEmpty() ? "no metric with VIF > " + o.vifLimit() : "VIF > " + o.vifLimit() + ": " + String.join(", ", o.flagged())));
        ctx.out().println("pareto front: " + (c.pareto().front().isEmpty() ? "none (" + String.join("; ", c.pareto().notes()) + ")"
                : String.join(", ", c.pareto().front())));
        ctx.out().println("wrote " + outputDir.resolve(Comparison.COMPARISON_JSON) + " and " + outputDir.resolve(Comparison.COMPARISON_HTML));
        return ExitCodes.OK;
    }

    private int baselineIndex() {
        if (baseline == null) return 0;
        if (baseline.matches("\\d+")) {
            int n = Integer.parseInt(baseline);
            if (n < 1 || n > dirs.size()) {
                throw CliException.usage("--baseline: expected a position 1.." + dirs.size() + " or one of the directories, got '" + baseline + "'");
            }
            return n - 1;
        }
        Path wanted = Path.of(baseline).toAbsolutePath().normalize();
        for (int i = 0; i < dirs.size(); i++) {
            if (dirs.get(i).toAbsolutePath().normalize().equals(wanted)) return i;
        }
        throw CliException.usage("--baseline: '" + baseline + "' is neither a position 1.." + dirs.size() + " nor one of the compared directories");
    }
}
