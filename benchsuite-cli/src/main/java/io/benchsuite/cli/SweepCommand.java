package io.benchsuite.cli;

import io.benchsuite.api.result.Slo;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.core.analysis.sweep.PointFigure;
import io.benchsuite.core.analysis.sweep.StopRule;
import io.benchsuite.core.analysis.sweep.SweepSlo;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.spec.RunSpec;
import io.benchsuite.core.sweep.Sweep;
import io.benchsuite.core.sweep.SweepAxis;
import io.benchsuite.core.sweep.SweepDocument;
import io.benchsuite.core.sweep.SweepParameters;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code benchsuite sweep}: one scenario over a grid of one or two parameters, each point a normal
 * {@code benchsuite run} with its own output directory, then {@code sweep.json} and {@code sweep.html}.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 100,
        description = {
            "Runs a scenario over a grid of one or two parameters: every point is a normal run (any flag of "
                    + "'benchsuite run' is accepted and applies to every point) with its own output directory under "
                    + "<output-dir>/points. Then writes sweep.json and sweep.html: the TPS-FTL curve, its knee (Kneedle), "
                    + "the highest load meeting the SLOs (grid, then refinement points), scaling efficiency, the correlation and "
                    + "VIFs of the headline metrics and the Pareto front over energy per token, latency and accuracy.",
            "A numeric first parameter is the load: it is climbed from low to high and the climb stops early at a "
                    + "saturated point (errors, or an SLO figure far beyond its limit), saying so."},
        footer = {"",
            "Parameters: a run flag without its dashes (max-concurrent, rate, input-length, output-length, quantization, "
                    + "device, model, ...) or a backend option (engine, tp, time-scale, clock, ...).",
            "Values: 1,2,4,8 or a sequence continued by '...': 1,2,4,...,256 (doubling), 10,20,...,100 (adding).",
            "Example: benchsuite sweep --backend sim --backend-option clock=virtual --sweep max-concurrent=1,2,4,...,256 "
                    + "--sweep-slo ttft-p99=500ms --num-requests 400",
            "Exit codes: 0 done (also when the SLOs were never met: see sweep.json), 1 every point failed or I/O error, "
                    + "2 bad flag, 130 interrupted (sweep.json covers the points run)."})
final class SweepCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Option(names = "--sweep", required = true, paramLabel = "param=v1,v2,...",
            description = "A swept parameter and its values (repeat once for a second parameter), e.g. max-concurrent=1,2,4,...,256 "
                    + "or engine=vllm,sglang.")
    List<String> sweeps = new ArrayList<>();

    @Option(names = "--sweep-slo", paramLabel = "figure=limit,...",
            description = "Objectives a point must meet, on its percentiles: ttft-p50, ttft-p99, tpot-p50, tpot-p99, e2e-p50, "
                    + "e2e-p99, e.g. ttft-p99=500ms,tpot-p99=50ms (default: from --slo, as p99 limits; else none).")
    String sweepSlo;

    @Option(names = "--sweep-max-error-rate", paramLabel = "<0..1>", defaultValue = "0",
            description = "Largest failed share of requests a point meeting the SLOs may have (default: ${DEFAULT-VALUE}).")
    String maxErrorRate;

    @Option(names = "--stop-error-rate", paramLabel = "<0..1>", defaultValue = "0.1",
            description = "A point with at least this failed share is saturated: higher loads are not run (default: ${DEFAULT-VALUE}).")
    String stopErrorRate;

    @Option(names = "--stop-slo-factor", paramLabel = "<x>", defaultValue = "2",
            description = "A point with an SLO figure at this multiple of its limit is saturated (default: ${DEFAULT-VALUE}).")
    String stopSloFactor;

    @Option(names = "--max-refinements", paramLabel = "<n>", defaultValue = "8",
            description = "Most refinement points, each halving the bracket between the last load meeting the SLOs and the first failing one (default: ${DEFAULT-VALUE}).")
    String maxRefinements;

    @Option(names = "--ftl", paramLabel = "<figure>", defaultValue = "ttft-p99",
            description = "The latency read as FTL for the latency knee and balance point: ttft-p50 or ttft-p99 (default: ${DEFAULT-VALUE}).")
    String ftl;

    @Option(names = "--pareto-latency", paramLabel = "<figure>", defaultValue = "e2e-p99",
            description = "The latency figure the Pareto front compares (default: ${DEFAULT-VALUE}).")
    String paretoLatency;

    @Option(names = "--output-dir", paramLabel = "<dir>",
            description = "Where sweep.json, sweep.html and points/ go (default: ./reports/sweep-<yyyyMMdd-HHmmss>).")
    Path outputDir;

    @Unmatched
    List<String> runArgs = new ArrayList<>();

    SweepCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    /** The sweep's settings, parsed and checked: every point's run flags are parsed before anything runs. */
    record Plan(List<SweepAxis> axes, SweepSlo slo, StopRule stop, int maxRefinements, PointFigure ftl, PointFigure paretoLatency,
                Path outputDir, RunCommand run, RunPlan template) {}

    Plan plan() {
        if (sweeps.size() > 2) throw CliException.usage("--sweep: at most two parameters, got " + sweeps.size());
        List<SweepAxis> axes = new ArrayList<>();
        for (String s : sweeps) {
            SweepAxis a = Flags.parse("--sweep", s, SweepAxis::parse);
            if (axes.stream().anyMatch(x -> x.parameter().equals(a.parameter()))) {
                throw CliException.usage("--sweep: " + a.parameter() + " is swept twice");
            }
            axes.add(a);
        }
        for (String arg : runArgs) {
            for (SweepAxis a : axes) {
                if (arg.equals("--" + a.parameter()) || arg.startsWith("--" + a.parameter() + "=")) {
                    throw CliException.usage("--sweep " + a.parameter() + ": also given as " + arg + "; give it once (in --sweep)");
                }
            }
            if (arg.equals("--output-dir") || arg.startsWith("--output-dir=")) {
                throw CliException.usage("--output-dir: give it once (it is the sweep's; each point gets <output-dir>/points/<point>)");
            }
        }
        PointFigure ftlFigure = figure("--ftl", ftl);
        if (ftlFigure != PointFigure.TTFT_P50 && ftlFigure != PointFigure.TTFT_P99) {
            throw CliException.usage("--ftl: expected ttft-p50 or ttft-p99 (first-token latency), got '" + ftl + "'");
        }
        PointFigure pareto = figure("--pareto-latency", paretoLatency);
        double maxErrors = rate("--sweep-max-error-rate", maxErrorRate, true);
        StopRule stop;
        try {
            stop = new StopRule(rate("--stop-error-rate", stopErrorRate, false), Flags.positiveNumber("--stop-slo-factor", stopSloFactor));
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--stop-slo-factor: must be a number > 1, got " + stopSloFactor.trim());
        }
        int refinements;
        try {
            refinements = Integer.parseInt(maxRefinements.trim());
        } catch (NumberFormatException e) {
            refinements = -1;
        }
        if (refinements < 0) throw CliException.usage("--max-refinements: must be a whole number >= 0, got " + maxRefinements.trim());
        RunCommand run = parseRun(axes);
        RunPlan template = run.plan();
        for (SweepAxis a : axes) checkSweepable(a.parameter(), run);
        // the default directory is claimed by creating it, so two sweeps started in the same second do not share it
        Path dir = outputDir != null ? outputDir : DefaultOutputDir.claim(Path.of("reports", "sweep-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT))));
        if (!template.spec().output().overwrite() && notEmpty(dir)) {
            throw CliException.usage("--output-dir: " + dir + " is not empty: the sweep's points would mix with another run's files. "
                    + "Choose a new or empty directory, or add --overwrite to replace the files benchsuite writes in every point");
        }
        // every point is derived and checked now, so a bad value fails before the first run, naming the point
        for (Map<String, String> values : allPoints(axes)) pointSpec(template, values);
        SweepSlo slo = sweepSlo == null ? fromRunSlo(template.slo()) : parseSlo(sweepSlo);
        return new Plan(axes, slo.withMaxErrorRate(maxErrors), stop, refinements, ftlFigure, pareto, dir, run, template);
    }

    /**
     * The run flags, parsed once into the template every point starts from. A swept rate makes the template open
     * loop, as {@code --rate} makes a run: the flag is what chooses an open loop, and the sweep refuses it beside
     * {@code --sweep rate}. The template's rate is any valid one: every point sets its own
     * ({@link SweepParameters#apply}), and checks it, naming the point.
     */
    private RunCommand parseRun(List<SweepAxis> axes) {
        List<String> args = new ArrayList<>();
        args.add("run");
        args.addAll(runArgs);
        if (axes.stream().anyMatch(a -> a.parameter().equals("rate"))) args.add("--rate=1");
        try {
            CommandLine.ParseResult pr = BenchsuiteCli.commandLine(ctx, "run").parseArgs(args.toArray(String[]::new));
            RunCommand run = (RunCommand) pr.subcommand().commandSpec().userObject();
            if (run.scenarioFile != null) throw CliException.usage("--file: a sweep runs flags, not a scenario file");
            return run;
        } catch (CommandLine.ParameterException e) {
            throw CliException.usage(BenchsuiteCli.usageMessage(e));
        }
    }

    /** Run flags a point can change: the ones {@link SweepParameters} sets, and those that are backend configuration keys. */
    private static final Set<String> SWEEPABLE_FLAGS = Set.of("model", "device", "quantization", "url",
            "endpoint", "transport");

    /** Refuses a run flag that a point cannot set (anything else is a backend option, which the backend checks). */
    private static void checkSweepable(String parameter, RunCommand run) {
        if (SweepParameters.WORKLOAD_PARAMETERS.contains(parameter) || SWEEPABLE_FLAGS.contains(parameter)) return;
        if (CommandLine.Model.CommandSpec.forAnnotatedObject(run).findOption("--" + parameter) != null) {
            throw CliException.usage("--sweep " + parameter + ": this run flag cannot be swept; sweep one of "
                    + String.join(", ", SweepParameters.WORKLOAD_PARAMETERS) + ", " + String.join(", ", SWEEPABLE_FLAGS.stream()
                    .sorted().toList()) + ", a backend option or header.<Name>");
        }
    }

    /** A point's spec: the template's with the point's values set, checked; a bad value names the point and the flag. */
    private static RunSpec pointSpec(RunPlan template, Map<String, String> values) {
        RunSpec spec = template.spec();
        try {
            for (Map.Entry<String, String> e : new TreeMap<>(values).entrySet()) {
                spec = SweepParameters.apply(spec, e.getKey(), e.getValue());
            }
            return spec;
        } catch (IllegalArgumentException e) {
            String point = String.join(",", new TreeMap<>(values).entrySet().stream()
                    .map(v -> SweepParameters.shown(template.spec(), v.getKey(), v.getValue())).toList());
            throw CliException.usage("at the point " + point + ": " + (e.getMessage().contains("=") ? "--" : "") + e.getMessage());
        }
    }

    private static boolean notEmpty(Path dir) {
        if (!Files.isDirectory(dir)) return false;
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isPresent();
        } catch (IOException e) {
            throw CliException.failure("cannot read the output directory " + dir + ": " + IoErrors.reason(e, dir));
        }
    }

    private static PointFigure figure(String flag, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace('-', ' ').replace('_', ' ');
        for (PointFigure f : PointFigure.values()) if (f.label().equals(t)) return f;
        throw CliException.usage(flag + ": expected one of ttft-p50, ttft-p99, tpot-p50, tpot-p99, e2e-p50, e2e-p99, got '" + text.trim() + "'");
    }

    private static double rate(String flag, String text, boolean zeroAllowed) {
        double v;
        try {
            v = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(zeroAllowed ? v >= 0 : v > 0) || v > 1) {
            throw CliException.usage(flag + ": must be a number in " + (zeroAllowed ? "[0, 1]" : "(0, 1]") + ", got " + text.trim());
        }
        return v;
    }

    static SweepSlo parseSlo(String text) {
        SweepSlo slo = SweepSlo.none();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int eq = p.indexOf('=');
            if (eq <= 0) throw CliException.usage("--sweep-slo: expected figure=limit (e.g. ttft-p99=500ms), got '" + p + "'");
            PointFigure f = figure("--sweep-slo", p.substring(0, eq));
            Duration d = Flags.duration("--sweep-slo", p.substring(eq + 1), false);
            slo = slo.with(f, d.toNanos() / 1e6);
        }
        return slo;
    }

    /** The run's per-request objectives read as p99 limits: a point meets them when 99 % of its requests do. */
    static SweepSlo fromRunSlo(Slo s) {
        SweepSlo slo = SweepSlo.none();
        if (s.ttft() != null) slo = slo.with(PointFigure.TTFT_P99, s.ttft().toNanos() / 1e6);
        if (s.tpot() != null) slo = slo.with(PointFigure.TPOT_P99, s.tpot().toNanos() / 1e6);
        if (s.e2e() != null) slo = slo.with(PointFigure.E2E_P99, s.e2e().toNanos() / 1e6);
        return slo;
    }

    private static List<Map<String, String>> allPoints(List<SweepAxis> axes) {
        List<Map<String, String>> out = new ArrayList<>();
        for (String v : axes.get(0).values()) {
            if (axes.size() == 1) {
                out.add(Map.of(axes.get(0).parameter(), v));
            } else {
                for (String w : axes.get(1).values()) out.add(Map.of(axes.get(0).parameter(), v, axes.get(1).parameter(), w));
            }
        }
        return out;
    }

    @Override
    public Integer call() {
        Plan plan = plan();
        CountDownLatch written = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            try {
                // the point's own hook stops its run; the sweep then writes what it has
                written.await(5, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "benchsuite-sweep-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        SweepDocument doc;
        try {
            Sweep sweep = Sweep.of((values, dir) -> runPoint(plan, values, dir)).outputDir(plan.outputDir()).slo(plan.slo())
                    .shownAs((parameter, value) -> SweepParameters.shownValue(plan.template().spec(), parameter, value))
                    .stopRule(plan.stop()).maxRefinements(plan.maxRefinements()).latencyFigure(plan.ftl())
                    .paretoLatency(plan.paretoLatency()).progress(line -> ctx.err().println("benchsuite sweep: " + line));
            for (SweepAxis a : plan.axes()) sweep.over(a);
            doc = sweep.run();
        } catch (UncheckedIOException e) {
            throw CliException.failure(e.getMessage());
        } finally {
            written.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and has just been released
            }
        }
        print(doc, plan.outputDir());
        if (RunCommand.interruptedBySignal()) return ExitCodes.INTERRUPTED;
        List<SweepDocument.Point> failed = doc.series().stream().flatMap(s -> s.points().stream())
                .filter(p -> p.status().equals("failed")).toList();
        if (!failed.isEmpty()) {
            int all = doc.series().stream().mapToInt(s -> s.points().size()).sum();
            throw CliException.failure(failed.size() + " of " + all + " points failed: " + String.join("; ", failed.stream()
                    .map(p -> p.name() + ": " + p.error()).toList()) + "; see " + plan.outputDir().resolve(Sweep.SWEEP_JSON));
        }
        return ExitCodes.OK;
    }

    /**
     * Runs one point in this JVM: the template's spec with the point's values, its console output in a log beside its
     * directory. A point that cannot run throws with its own reason, which the sweep shows and records.
     */
    private Report runPoint(Plan plan, Map<String, String> values, Path dir) throws Exception {
        if (RunCommand.interruptedBySignal()) throw new InterruptedException("interrupted");
        Files.createDirectories(dir.getParent());
        RunPlan point = new RunPlan(pointSpec(plan.template(), values).withOutputDir(dir), plan.template().progressInterval(),
                false, null);
        // beside the point's directory, not in it: a run refuses a directory holding other files
        Path log = dir.resolveSibling(dir.getFileName() + ".log");
        try (PrintStream out = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
            CliContext pointCtx = new CliContext(out, out, ctx.env(), false);
            RunExecution.Finished f;
            try {
                f = new RunExecution(pointCtx, plan.run().sharding, plan.run()::observability).run(point);
            } catch (CliException e) {
                out.println("benchsuite run: " + e.getMessage());
                throw new IllegalStateException(e.getMessage(), e);
            }
            if (f.result() == null) throw new InterruptedException("interrupted");
            if (f.failure() != null) out.println("benchsuite run: " + f.failure().getMessage());
            return Report.of(f.result());
        }
    }

    private void print(SweepDocument d, Path dir) {
        PrintStream out = ctx.out();
        int runs = d.series().stream().mapToInt(s -> s.points().size()).sum();
        out.printf(Locale.ROOT, "sweep: %d runs in %.1f s%n", runs, d.wallSeconds());
        for (SweepDocument.Series s : d.series()) {
            String pre = d.series().size() > 1 ? s.label() + ": " : "";
            out.println(pre + "knee (throughput): " + (s.throughputKnee() == null ? "absent" + (s.kneeAbsent() == null ? "" : " (" + s.kneeAbsent() + ")")
                    : SweepAxis.format(s.throughputKnee().load()) + String.format(Locale.ROOT, " (%.1f tok/s)", s.throughputKnee().value())));
            out.println(pre + "highest load meeting the SLOs: " + (s.highestPassingLoad() == null ? "none" : SweepAxis.format(s.highestPassingLoad())));
            if (s.stoppedEarly() != null) out.println(pre + "stopped early: " + s.stoppedEarly());
        }
        out.println("orthogonality: " + (d.orthogonality().vifAbsent() != null ? "VIF absent (" + d.orthogonality().vifAbsent() + ")"
                : d.orthogonality().flagged().isEmpty() ? "no metric with VIF > 5" : "VIF > 5: " + String.join(", ", d.orthogonality().flagged())
                        + " (expected in a load sweep: they follow the load; sweep.html shows what they share beyond it)"));
        out.println("pareto front: " + String.join(", ", d.pareto().front()));
        out.println("wrote " + dir.resolve(Sweep.SWEEP_JSON) + " and " + dir.resolve(Sweep.SWEEP_HTML));
    }

}
