package io.benchsuite.cli;

import io.benchsuite.api.accuracy.AccuracyScorer;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.spec.RunSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code benchsuite run}: one benchmark run, reports in an output directory, a summary on stdout. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 100,
        description = {
            "Runs one benchmark and writes report.json, requests.jsonl and summary.csv to the output directory.",
            "Without --rate the load is CLOSED LOOP: --max-concurrent virtual users, each sending its next request "
                    + "when the last one ends. With --rate it is OPEN LOOP: requests arrive on a schedule "
                    + "(latency measured from the scheduled instant) and --max-concurrent caps requests in flight."},
        footer = {"",
            "Durations: 300 (seconds), 500ms, 20s, 5m, 1h. Lengths: 256, uniform:100-500, normal:512,64[,min-max], "
                    + "lognormal:550,0.6[,min-max].",
            "Ctrl-C stops the run, writes the reports of what was measured, prints the summary marked STOPPED "
                    + "and exits 130.",
            "Exit codes: 0 done, 1 run failed (backend unreachable at pre-flight, I/O error or reports that could not "
                    + "be written, every measured request failed, --max-error-rate exceeded, internal error), 2 bad flag, "
                    + "unknown backend, bad backend option or a non-empty --output-dir without --overwrite, 130 interrupted.",
            "A backend's options (--backend-option key=value): benchsuite backends --describe <name>."})
final class RunCommand implements Callable<Integer> {
    /** Default cap on requests in flight when a trace is replayed at its own times (its load is the trace's). */
    static final int DEFAULT_TRACE_CAP = 1024;

    private final CliContext ctx;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    BackendFlags backendFlags = new BackendFlags();

    @Mixin
    LoadFlags loadFlags = new LoadFlags();

    @Mixin
    SourceFlags sourceFlags = new SourceFlags();

    @Mixin
    RoutingFlags routingFlags = new RoutingFlags();

    @Mixin
    ImageFlags imageFlags = new ImageFlags();

    @Mixin
    AudioFlags audioFlags = new AudioFlags();

    @Option(names = "--output-dir", paramLabel = "<dir>",
            description = "Where reports go (default: ./reports/<backend>-<model>-<yyyyMMdd-HHmmss>).")
    Path outputDir;

    @Option(names = "--overwrite",
            description = "Use --output-dir although it holds files: the files benchsuite writes there (report.json, "
                    + "requests.jsonl, summary.csv, report.html) are removed first; other files are kept. Without it a "
                    + "non-empty output directory is refused, so two runs' files are never mixed.")
    boolean overwrite;

    @Option(converter = FlagValues.ErrorRate.class, names = "--max-error-rate", paramLabel = "<fraction>",
            description = "Stop the run early, and exit 1, once more than this share of its requests failed (e.g. 0.5 "
                    + "or 50%%), judged from the 20th ended request on; cancelled requests are not counted "
                    + "(default: no limit).")
    Double maxErrorRate;

    @Option(names = {"-f", "--file"}, paramLabel = "<scenario.yaml>",
            description = "Run a scenario file: the flags below as keys (without --), several named phases run one after "
                    + "another, injections; every flag on the command line overrides the file. See docs/scenarios.md.")
    Path scenarioFile;

    @Option(converter = FlagValues.Seed.class, names = "--seed", paramLabel = "<seed>", description = "Root seed: a number, 64 hex digits or git:<commit> "
            + "(default: the git commit of the working directory, else 0).")
    SeedChain seed;

    @Option(converter = FlagValues.Objectives.class, names = "--slo", paramLabel = "<slo>", description = "Objectives for goodput, e.g. ttft=200ms,tpot=50ms,e2e=5s. Default: MLPerf Inference's "
            + "server-scenario limits for the model's size (Llama 3.1 8B: ttft=2s,tpot=100ms; 70B: 2s, 200ms; 405B: 6s, 175ms).")
    Slo slo;

    @Option(names = "--name", paramLabel = "<name>", defaultValue = "default", description = "Scenario name; selects the scenario seed (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--skip-preflight", description = "Do not check the backend before the first request.")
    boolean skipPreflight;

    @Option(converter = FlagValues.NonNegativeDuration.class, names = "--drain-timeout", paramLabel = "<duration>", defaultValue = "2m",
            description = "After the schedule ends, how long in-flight requests may finish before they are cancelled "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration drainTimeout;

    @Option(converter = FlagValues.Scorer.class, names = "--accuracy", paramLabel = "<scorer>",
            description = "Grade each answer against the dataset's reference answer (a ShareGPT reply, a JSON Lines "
                    + "'reference'): exact, contains, numeric[:abs=X,rel=Y]; tool-call or json-schema (tool calls and structured output, "
                    + "no reference needed); class:NAME of your own AccuracyScorer, or a "
                    + "scorer listed as a service. "
                    + "The report gains an accuracy section; sweeps and compare put it on the Pareto front.")
    AccuracyScorer accuracy;

    @Option(converter = FlagValues.NonNegativeDuration.class, names = "--client-stall-threshold", paramLabel = "<duration>", defaultValue = "5ms",
            description = "Flag each request whose window overlapped a stall of the client itself (GC pause, starved "
                    + "CPU) longer than this: clientStalled in requests.jsonl, counted in the report's client section "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration clientStallThreshold;

    @Option(names = "--no-progress", description = "No live progress output.")
    boolean noProgress;

    @Option(converter = FlagValues.PositiveDuration.class, names = "--progress-interval", paramLabel = "<duration>", defaultValue = "5s",
            description = "Period of the progress log line when not on a terminal (default: ${DEFAULT-VALUE}).")
    Duration progressInterval;

    @Mixin
    ShardOptions sharding = new ShardOptions();

    @Mixin
    ObservabilityFlags observabilityFlags = new ObservabilityFlags();

    RunCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    /** Whether this JVM is shutting down because of Ctrl-C / SIGINT during a run. */
    static boolean interruptedBySignal() {
        return RunInterrupt.bySignal();
    }

    /** Parses every flag into typed values; a bad value throws a usage {@link CliException} naming the flag. */
    RunPlan plan() {
        if (name == null || name.isBlank()) throw CliException.usage("--name: must not be blank");
        SecretSlots.requireAvailable(this, ctx.env()); // a secret read back as secret:command-line is asked for, never sent
        String backendName = backendFlags.backendName();
        String model = backendFlags.model();
        WorkloadSource source = loadFlags.batched(imageFlags.apply(sourceFlags.source(loadFlags.rateGiven()), sourceFlags.in(),
                sourceFlags.out()), backendFlags.endpoint, sourceFlags.in(), sourceFlags.out());
        source = audioFlags.apply(source, backendFlags.endpoint, sourceFlags.in(), sourceFlags.out());
        Workload workload = loadFlags.workload(name, source, sourceFlags.in(), sourceFlags.out(), sourceFlags.stream());
        SeedChain chain = seed != null ? seed : SeedChain.fromGitCommitOf(Path.of("")).orElse(SeedChain.fromLong(0));
        Map<String, String> labels = new LinkedHashMap<>();
        RunSpec.BackendSpec backendSpec = backendFlags.backend(ctx.env(), labels);
        Path dir = outputDir != null ? outputDir : Path.of("reports", backendName + "-" + sanitize(model) + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
        RunSpec runSpec = RunSpec.builder(name, workload)
                .backend(Optional.of(backendSpec))
                .seed(chain)
                .objectives(new RunSpec.Objectives(slo == null ? Slo.none() : slo, "", maxErrorRate == null ? Double.NaN : maxErrorRate,
                        Optional.ofNullable(accuracy)))
                .context(sourceFlags.context())
                .sessions(sourceFlags.sessionOptions())
                .output(new RunSpec.Output(Optional.of(dir), overwrite))
                .execution(new RunSpec.Execution(!skipPreflight, drainTimeout, clientStallThreshold, loadFlags.cancellations(),
                        routingFlags.routing()))
                .labels(labels)
                .build();
        return new RunPlan(runSpec, progressInterval, !noProgress, null);
    }

    /** The live-metrics and export settings of a run of {@code plan}. */
    Observability.Settings observability(RunPlan plan) {
        return observabilityFlags.settings(plan, ctx.env());
    }

    /** File-name-safe form of a model name, e.g. {@code meta-llama/Llama-3-8B} → {@code meta-llama_Llama-3-8B}. */
    static String sanitize(String s) {
        String r = s.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^[._]+", "");
        return r.isEmpty() ? "model" : r;
    }

    @Override
    public Integer call() {
        if (scenarioFile != null) return ScenarioRun.load(ctx, scenarioFile, spec).run();
        RunPlan plan = plan();
        // report.json records the flags as a scenario: `run -f report.json` runs it again
        plan = plan.inScenario(List.of(), ScenarioRun.commandLine(ctx, spec, plan));
        // the default directory is claimed by creating it, so two runs started in the same second do not share it
        return execute(outputDir == null ? plan.withOutputDir(DefaultOutputDir.claim(plan.outputDir())) : plan);
    }

    /** Runs one plan: the reports in its output directory, the summary on stdout; returns the exit code. */
    int execute(RunPlan plan) {
        return execution().execute(plan);
    }

    /** How this command line's plans run (its shard and observability flags apply to each). */
    RunExecution execution() {
        return new RunExecution(ctx, sharding, this::observability);
    }

    static boolean isClosedLoop(Workload w) {
        return w.load() instanceof LoadModel.ClosedLoop;
    }
}
