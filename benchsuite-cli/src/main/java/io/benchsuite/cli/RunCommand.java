package io.benchsuite.cli;

import io.benchsuite.api.accuracy.AccuracyScorer;
import io.benchsuite.api.accuracy.AccuracyScorers;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.backend.Quantization;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.UnknownBackendException;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.openai.OpenAiSettings;
import io.benchsuite.cli.FlagTypes.Header;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import io.benchsuite.core.report.OutputDirectoryNotEmptyException;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.ReportsNotWrittenException;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.DatasetSpec;
import io.benchsuite.core.workload.LengthDistributions;
import io.benchsuite.core.workload.Popularity;
import io.benchsuite.core.workload.PrefixGroups;
import io.benchsuite.core.workload.SessionOptions;
import io.benchsuite.core.workload.SessionTranscript;
import io.benchsuite.core.workload.ShareGptOptions;
import io.benchsuite.core.workload.SyntheticSource;
import io.benchsuite.core.workload.ThinkTime;
import io.benchsuite.core.workload.TraceOptions;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
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
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Duration DEFAULT_DURATION = Duration.ofSeconds(20);
    /** Default cap on requests in flight when a trace is replayed at its own times (its load is the trace's). */
    static final int DEFAULT_TRACE_CAP = 1024;
    private static final String SIM = "sim";
    private static volatile boolean interruptedBySignal;

    private final CliContext ctx;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--model", paramLabel = "<name>", defaultValue = "llama-3-8b", description = "Model to request (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--backend", paramLabel = "<name>", defaultValue = SIM,
            description = "Backend name (default: ${DEFAULT-VALUE}, the built-in simulator). 'benchsuite backends' lists them.")
    String backend;

    @Option(names = "--url", paramLabel = "<url>", converter = FlagTypes.HttpUrl.class,
            description = "Base URL of an HTTP server, e.g. http://localhost:8000.")
    URI url;

    @Option(names = "--max-concurrent", paramLabel = "<n>",
            description = "Closed loop: number of users. Open loop: cap on requests in flight (default: 8; "
                    + DEFAULT_TRACE_CAP + " when a trace is replayed at its own times).")
    String maxConcurrent;

    @Option(names = "--duration", paramLabel = "<duration>",
            description = "How long to schedule requests, e.g. 300 (s), 5m (default: 20s; none when only --num-requests "
                    + "is given, or the length of a steps: profile).")
    String duration;

    @Option(names = "--num-requests", paramLabel = "<n>", description = "Stop after this many requests (warm-up included).")
    String numRequests;

    @Option(names = "--output-dir", paramLabel = "<dir>",
            description = "Where reports go (default: ./reports/<backend>-<model>-<yyyyMMdd-HHmmss>).")
    Path outputDir;

    @Option(names = "--overwrite",
            description = "Use --output-dir although it holds files: the files benchsuite writes there (report.json, "
                    + "requests.jsonl, summary.csv, report.html) are removed first; other files are kept. Without it a "
                    + "non-empty output directory is refused, so two runs' files are never mixed.")
    boolean overwrite;

    @Option(names = "--max-error-rate", paramLabel = "<fraction>",
            description = "Stop the run early, and exit 1, once more than this share of its requests failed (e.g. 0.5 "
                    + "or 50%%), judged from the 20th ended request on; cancelled requests are not counted "
                    + "(default: no limit).")
    String maxErrorRate;

    @Option(names = "--rate", paramLabel = "<req/s>",
            description = "Open loop at this many requests/s. Absent: closed loop with --max-concurrent users.")
    String rate;

    @Option(names = "--arrival", paramLabel = "<arrival>",
            description = "Open loop spacing: poisson, constant or gamma:<burstiness> (1 = Poisson, <1 burstier) (default: poisson).")
    String arrival;

    @Option(names = "--workload-profile", paramLabel = "<profile>",
            description = "steady, steady:10, ramp:1-20/60s, burst:2,20,5s/30s (base,peak,spike/period), "
                    + "steps:1/30s,4/30s. Levels are requests/s with --rate, users without (default: steady).")
    String profile;

    @Option(names = "--input-length", paramLabel = "<tokens>",
            description = "Prompt tokens of the synthetic source (default: 256); empirical:FILE[#field] draws them from a file.")
    String inputLength;

    @Option(names = "--output-length", paramLabel = "<tokens>", description = "Output tokens (max_tokens) of the synthetic "
            + "source, and of --dataset jsonl lines without output_tokens (default: 128).")
    String outputLength;

    @Option(names = "--dataset", paramLabel = "<kind>:<path>",
            description = "Send a dataset or replay a trace instead of synthetic prompts: sharegpt, jsonl, mooncake, azure "
                    + "or burstgpt, e.g. mooncake:conversation_trace.jsonl (.gz read as it streams). A trace is sent at its "
                    + "own times unless --rate or --ignore-timestamps is given; a dataset ends the run when it runs out.")
    String dataset;

    @Option(names = "--trace-time-scale", paramLabel = "<x>",
            description = "Multiplies a trace's gaps: 0.1 replays ten times faster (default: 1).")
    String traceTimeScale;

    @Option(names = "--trace-start", paramLabel = "<duration>",
            description = "Skip the first part of a trace's traffic, e.g. 60s (default: 0).")
    String traceStart;

    @Option(names = "--trace-limit", paramLabel = "<n>", description = "Replay at most this many requests of a trace.")
    String traceLimit;

    @Option(names = "--ignore-timestamps", description = "Send a trace's requests (lengths and shared prefixes) at the run's "
            + "own pace: --rate arrivals, or --max-concurrent users without --rate.")
    boolean ignoreTimestamps;

    @Option(names = "--sessions", description = "sharegpt: each conversation is a multi-turn session (each turn sent after "
            + "the whole history) instead of one request.")
    boolean sessions;

    @Option(names = "--max-turns", paramLabel = "<n>", description = "sharegpt sessions: at most this many turns each.")
    String maxTurns;

    @Option(names = "--no-length-filters", description = "sharegpt: keep every conversation (vLLM's filters drop prompts "
            + "under 4 or over 1024 tokens and prompt + answer over 2048; with --sessions they apply to each turn's history).")
    boolean noLengthFilters;

    @Option(names = "--think-time", paramLabel = "<think>",
            description = "Sessions: pause between an answer and the next turn: 2s, uniform:1s-5s or exponential:3s (default: 0).")
    String thinkTime;

    @Option(names = "--answers", paramLabel = "received|recorded",
            description = "Sessions: the history holds the answers received (default; 'actual' is the same) or the "
                    + "dataset's recorded ones.")
    String answers;

    @Option(names = "--concurrency-unit", paramLabel = "requests|sessions",
            description = "Open loop with sessions: --max-concurrent counts requests in flight (default) or open sessions.")
    String concurrencyUnit;

    @Option(names = "--prefix-groups", paramLabel = "<n>",
            description = "Synthetic shared prefixes: each prompt starts with one of n group prefixes of --prefix-length "
                    + "tokens, then --input-length tokens of its own.")
    String prefixGroups;

    @Option(names = "--prefix-length", paramLabel = "<tokens>", description = "Length of each group prefix (default: 512).")
    String prefixLength;

    @Option(names = "--prefix-popularity", paramLabel = "<popularity>",
            description = "How groups are chosen: uniform (default), zipf or zipf:<exponent>.")
    String prefixPopularity;

    @Option(names = "--max-context", paramLabel = "<tokens>",
            description = "The model's context length (prompt + output); default: what the backend declares, if anything.")
    String maxContext;

    @Option(names = "--context-policy", paramLabel = "send|mark|skip",
            description = "A request over the context: mark (default: recorded as context_exceeded, not sent), send "
                    + "(the server answers), or skip (left out and counted).")
    String contextPolicy;

    @Option(names = {"-f", "--file"}, paramLabel = "<scenario.yaml>",
            description = "Run a scenario file: the flags below as keys (without --), several named phases run one after "
                    + "another, injections; every flag on the command line overrides the file. See docs/scenarios.md.")
    Path scenarioFile;

    @Option(names = "--quantization", paramLabel = "<q>", description = "none, fp8, awq, gptq or int8: acted on by the simulator, "
            + "recorded as a label for every backend (default: none).")
    String quantization;

    @Option(names = "--device", paramLabel = "<device>", description = "Device the model runs on: the simulator's device "
            + "profile, a label in the report for other backends (default: the backend's, a100-80gb for sim).")
    String device;

    @Option(names = "--seed", paramLabel = "<seed>", description = "Root seed: a number, 64 hex digits or git:<commit> "
            + "(default: the git commit of the working directory, else 0).")
    String seed;

    @Option(names = "--warmup", paramLabel = "<duration>", defaultValue = "0", description = "Leading window excluded from the statistics (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--cooldown", paramLabel = "<duration>", defaultValue = "0", description = "Trailing window excluded from the statistics (default: ${DEFAULT-VALUE}).")
    String cooldown;

    @Option(names = "--slo", paramLabel = "<slo>", description = "Objectives for goodput, e.g. ttft=200ms,tpot=50ms,e2e=5s. Default: MLPerf Inference's "
            + "server-scenario limits for the model's size (Llama 3.1 8B: ttft=2s,tpot=100ms; 70B: 2s, 200ms; 405B: 6s, 175ms).")
    String slo;

    @Option(names = "--name", paramLabel = "<name>", defaultValue = "default", description = "Scenario name; selects the scenario seed (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--no-stream", description = "Ask for whole responses instead of streamed tokens.")
    boolean noStream;

    @Option(names = "--api-key-env", paramLabel = "VAR",
            description = "Name of the environment variable holding the API key (the key is never printed or written).")
    String apiKeyEnv;

    @Option(names = "--header", paramLabel = "Name=Value", converter = FlagTypes.HeaderConverter.class,
            description = "Extra HTTP header (repeatable). Values of auth/key/token/cookie/session/signature headers, "
                    + "and of headers named by --secret-header, never appear in reports, logs or messages.")
    List<Header> headers = new ArrayList<>();

    private SecretMask secrets = SecretMask.none();

    @picocli.CommandLine.Mixin
    ShardOptions sharding = new ShardOptions();

    @Option(names = "--secret-header", paramLabel = "<name>",
            description = "Treat this --header's value as a secret although its name does not say so (repeatable), "
                    + "e.g. --secret-header X-Signature.")
    List<String> secretHeaders = new ArrayList<>();

    @Option(names = "--insecure", description = "Skip TLS certificate verification.")
    boolean insecure;

    @Option(names = "--transport", paramLabel = "netty|httpclient",
            description = "HTTP client of HTTP backends: netty (default; least client CPU per token) or httpclient "
                    + "(Apache HttpClient 5). Same as --backend-option transport=<value>.")
    String transport;

    @Option(names = "--skip-preflight", description = "Do not check the backend before the first request.")
    boolean skipPreflight;

    @Option(names = "--endpoint", paramLabel = "chat|completions", converter = FlagTypes.EndpointKind.class,
            description = "OpenAI-style API: chat or completions (default: the backend's).")
    String endpoint;

    @Option(names = "--backend-option", paramLabel = "key=value",
            description = "Backend option (repeatable), e.g. read-timeout=60s, engine=vllm, time-scale=10; "
                    + "'benchsuite backends --describe <name>' lists a backend's options.")
    List<String> backendOptions = new ArrayList<>();

    @Option(names = "--drain-timeout", paramLabel = "<duration>", defaultValue = "2m",
            description = "After the schedule ends, how long in-flight requests may finish before they are cancelled "
                    + "(default: ${DEFAULT-VALUE}).")
    String drainTimeout;

    @Option(names = "--accuracy", paramLabel = "<scorer>",
            description = "Grade each answer against the dataset's reference answer (a ShareGPT reply, a JSON Lines "
                    + "'reference'): exact, contains, numeric[:abs=X,rel=Y], class:NAME of your own AccuracyScorer, or a "
                    + "scorer listed as a service. "
                    + "The report gains an accuracy section; sweeps and compare put it on the Pareto front.")
    String accuracy;

    @Option(names = "--client-stall-threshold", paramLabel = "<duration>", defaultValue = "5ms",
            description = "Flag each request whose window overlapped a stall of the client itself (GC pause, starved "
                    + "CPU) longer than this: clientStalled in requests.jsonl, counted in the report's client section "
                    + "(default: ${DEFAULT-VALUE}).")
    String clientStallThreshold;

    @Option(names = "--no-progress", description = "No live progress output.")
    boolean noProgress;

    @Option(names = "--progress-interval", paramLabel = "<duration>", defaultValue = "5s",
            description = "Period of the progress log line when not on a terminal (default: ${DEFAULT-VALUE}).")
    String progressInterval;

    @Option(names = "--prometheus-port", paramLabel = "<port>",
            description = "Serve the 27 live metrics at http://<host>:<port>/metrics (Prometheus text) during the run "
                    + "and until the report is written (0: any free port).")
    String prometheusPort;

    @Option(names = "--prometheus-host", paramLabel = "<address>", defaultValue = "127.0.0.1",
            description = "Address the --prometheus-port endpoint listens on (default ${DEFAULT-VALUE}: this machine "
                    + "only; 0.0.0.0 for every interface).")
    String prometheusHost;

    @Option(names = "--server-metrics-url", paramLabel = "<url>",
            description = "The server's Prometheus endpoint to scrape during the run (default: --url + /metrics for "
                    + "HTTP backends; none for in-process backends). 'none' turns scraping off.")
    String serverMetricsUrl;

    @Option(names = "--server-metrics-interval", paramLabel = "<duration>", defaultValue = "1s",
            description = "Period of server scrapes and host/GPU samples (default: ${DEFAULT-VALUE}).")
    String serverMetricsInterval;

    @Option(names = "--dcgm-url", paramLabel = "<url>", converter = FlagTypes.HttpUrl.class,
            description = "Read GPU figures from this NVIDIA DCGM exporter /metrics instead of nvidia-smi.")
    URI dcgmUrl;

    @Option(names = "--otlp-endpoint", paramLabel = "<url>", converter = FlagTypes.HttpUrl.class,
            description = "Export traces (a trace per request, linked to the run's span), the 27 live metrics and "
                    + "the run's log records over OTLP, e.g. http://localhost:4318; https:// for TLS.")
    URI otlpEndpoint;

    @Option(names = "--otlp-signals", paramLabel = "<signals>",
            description = "What goes to --otlp-endpoint: a comma-separated subset of traces, metrics, logs "
                    + "(default: all three; with --otlp-protocol grpc: traces,logs, as metrics are pushed over "
                    + "http/protobuf only).")
    String otlpSignals;

    @Option(names = "--otlp-metrics-interval", paramLabel = "<duration>", defaultValue = "10s",
            description = "Period of the OTLP metrics push; the last push happens when the run ends "
                    + "(default: ${DEFAULT-VALUE}).")
    String otlpMetricsInterval;

    @Option(names = "--otlp-protocol", paramLabel = "http/protobuf|grpc", defaultValue = "http/protobuf",
            description = "OTLP transport (default: ${DEFAULT-VALUE}).")
    String otlpProtocol;

    @Option(names = "--otlp-header", paramLabel = "Name=Value", converter = FlagTypes.HeaderConverter.class,
            description = "Header sent to the OTLP endpoint (repeatable), e.g. Authorization=Bearer ...; never printed.")
    List<Header> otlpHeaders = new ArrayList<>();

    @Option(names = "--trace-sample-ratio", paramLabel = "<0..1>", defaultValue = "1",
            description = "Fraction of ordinary request traces exported, decided per request; failed requests and "
                    + "those kept by --trace-keep-slower-than are always exported (default: ${DEFAULT-VALUE}).")
    String traceSampleRatio;

    @Option(names = "--trace-keep-slower-than", paramLabel = "<duration>",
            description = "Always export the trace of a request lasting at least this long (from its dispatch), "
                    + "e.g. 2s (default: none).")
    String traceKeepSlowerThan;

    @Option(names = "--trace-drop-attribute", paramLabel = "<key>",
            description = "Span attribute removed before export (repeatable), e.g. benchsuite.request.index.")
    List<String> traceDropAttributes = new ArrayList<>();

    @Option(names = "--trace-hash-attribute", paramLabel = "<key>",
            description = "Span attribute replaced by its SHA-256 before export (repeatable).")
    List<String> traceHashAttributes = new ArrayList<>();

    RunCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    /** Whether this JVM is shutting down because of Ctrl-C / SIGINT during a run. */
    static boolean interruptedBySignal() {
        return interruptedBySignal;
    }

    /** Parses every flag into typed values; a bad value throws a usage {@link CliException} naming the flag. */
    RunPlan plan() {
        if (name == null || name.isBlank()) throw CliException.usage("--name: must not be blank");
        if (backend == null || backend.isBlank()) throw CliException.usage("--backend: must not be blank");
        if (model == null || model.isBlank()) throw CliException.usage("--model: must not be blank");
        String backendName = backend.trim().toLowerCase(Locale.ROOT);
        LengthDistribution in = Flags.parse("--input-length", inputLength == null ? "256" : inputLength, LengthDistributions::parse);
        LengthDistribution out = Flags.parse("--output-length", outputLength == null ? "128" : outputLength, LengthDistributions::parse);
        WorkloadSource source = source(in, out);
        boolean paceBySource = source != null && source.bringsOwnTiming() && rate == null;
        int concurrency = maxConcurrent != null ? Flags.positiveInt("--max-concurrent", maxConcurrent)
                : paceBySource ? DEFAULT_TRACE_CAP : 8;
        Duration warm = Flags.duration("--warmup", warmup, true);
        Duration cool = Flags.duration("--cooldown", cooldown, true);
        Duration drain = Flags.duration("--drain-timeout", drainTimeout, true);
        Duration progressEvery = Flags.duration("--progress-interval", progressInterval, false);
        long maxRequests = numRequests == null ? 0 : Flags.positiveLong("--num-requests", numRequests);

        Workload.Builder<?> builder;
        RateProfile levels;
        if (paceBySource) {
            if (profile != null || arrival != null) {
                throw CliException.usage((profile != null ? "--workload-profile" : "--arrival") + ": a trace replayed at its "
                        + "own times has no arrival process or rate profile; add --rate (or --ignore-timestamps) to pace it "
                        + "yourself");
            }
            levels = RateProfile.steady(1);
            builder = Workload.open().maxConcurrency(concurrency);
        } else if (rate != null) {
            double r = Flags.positiveNumber("--rate", rate);
            if (r > LoadModel.OpenLoop.MAX_RATE) throw CliException.usage("--rate: " + LoadModel.OpenLoop.tooFast(r));
            levels = profile == null ? RateProfile.steady(r) : Flags.parse("--workload-profile", profile, t -> RateProfile.parse(t, r));
            if (levels.max() > LoadModel.OpenLoop.MAX_RATE) {
                throw CliException.usage("--workload-profile: its peak: " + LoadModel.OpenLoop.tooFast(levels.max()));
            }
            Arrival a = arrival == null ? Arrival.poisson() : Flags.parse("--arrival", arrival, Arrival::parse);
            builder = Workload.open().rate(levels).arrival(a).maxConcurrency(concurrency);
        } else {
            if (arrival != null) {
                throw CliException.usage("--arrival: applies to open loop only; add --rate (without it the load is "
                        + "closed loop with --max-concurrent users)");
            }
            levels = profile == null ? RateProfile.steady(concurrency)
                    : Flags.parse("--workload-profile", profile, t -> RateProfile.parse(t, concurrency));
            builder = Workload.closed(concurrency).users(levels);
        }

        Duration length;
        if (duration != null) {
            length = Flags.duration("--duration", duration, false);
        } else if (levels.naturalLength().isPresent() || maxRequests > 0 || (source != null && !source.endless())) {
            length = null;
        } else {
            length = DEFAULT_DURATION;
        }
        if (length != null) builder.duration(length);
        if (maxRequests > 0) builder.maxRequests(maxRequests);
        java.util.Optional<Duration> window = length != null ? java.util.Optional.of(length) : levels.naturalLength();
        if (window.isPresent() && warm.plus(cool).compareTo(window.get()) >= 0) {
            throw CliException.usage("--warmup/--cooldown: warm-up + cool-down (" + Durations.format(warm.plus(cool))
                    + ") must be shorter than the run (" + Durations.format(window.get()) + ")");
        }
        if (window.isEmpty() && !cool.isZero()) {
            throw CliException.usage("--cooldown: needs a --duration (a run bounded only by --num-requests has no known end)");
        }
        Workload workload;
        try {
            if (source != null) builder.source(source);
            workload = builder.name(name).inputTokens(in).outputTokens(out).warmup(warm).cooldown(cool)
                    .stream(!noStream).build();
        } catch (IllegalArgumentException e) {
            throw CliException.usage("invalid workload: " + e.getMessage());
        }

        SeedChain chain = seed != null ? Flags.parse("--seed", seed, SeedChain::parse)
                : SeedChain.fromGitCommitOf(Path.of("")).orElse(SeedChain.fromLong(0));
        Slo objectives = slo == null ? Slo.none() : Flags.parse("--slo", slo, Slo::parse);
        Quantization quant = quantization == null ? Quantization.NONE : Flags.parse("--quantization", quantization, Quantization::parse);

        BackendProvider provider = provider(backendName);
        // Each key remembers the flag that set it, so that an error about the key names the flag.
        Map<String, String> config = new LinkedHashMap<>();
        Map<String, String> flagOf = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        put(config, flagOf, BackendConfig.MODEL, model.trim(), "--model");
        put(config, flagOf, BackendConfig.QUANTIZATION, quant.label(), "--quantization");
        labels.put("quantization", quant.label());
        String dev = device != null ? device.trim() : declaredDefault(provider, BackendConfig.DEVICE);
        if (dev != null) {
            if (dev.isEmpty()) throw CliException.usage("--device: must not be blank");
            put(config, flagOf, BackendConfig.DEVICE, dev, "--device");
            labels.put("device", dev);
        }
        if (url != null) put(config, flagOf, BackendConfig.URL, url.toString(), "--url");
        if (!secretHeaders.isEmpty()) {
            put(config, flagOf, BackendConfig.SECRET_HEADERS, String.join(",", secretHeaders.stream().map(String::trim).toList()),
                    "--secret-header");
        }
        if (endpoint != null) put(config, flagOf, OpenAiSettings.ENDPOINT, endpoint, "--endpoint");
        if (apiKeyEnv != null) {
            String var = apiKeyEnv.trim();
            if (!ENV_NAME.matcher(var).matches()) {
                // do not echo it: people paste the key itself here
                throw CliException.usage("--api-key-env: expects the NAME of an environment variable holding the key "
                        + "(letters, digits, _), not the key itself");
            }
            if (ctx.env().apply(var) == null) {
                throw CliException.usage("--api-key-env: environment variable " + var + " is not set");
            }
            put(config, flagOf, BackendConfig.API_KEY_ENV, var, "--api-key-env");
        }
        if (transport != null) {
            String t = transport.trim().toLowerCase(Locale.ROOT);
            if (!t.equals("netty") && !t.equals("httpclient")) {
                throw CliException.usage("--transport: expected netty or httpclient, got '" + transport.trim() + "'");
            }
            put(config, flagOf, HttpSettings.TRANSPORT, t, "--transport");
        }
        if (insecure) put(config, flagOf, HttpSettings.INSECURE, "true", "--insecure");
        for (Header h : headers) put(config, flagOf, BackendConfig.HEADER_PREFIX + h.name(), h.value(), "--header");
        for (String name : secretHeaders) {
            String n = name.trim();
            if (headers.stream().noneMatch(h -> h.name().equalsIgnoreCase(n))) {
                throw CliException.usage("--secret-header: no --header named '" + n + "'");
            }
        }
        for (String o : backendOptions) {
            Map.Entry<String, String> kv = Flags.keyValue("--backend-option", o, "key=value");
            put(config, flagOf, kv.getKey(), kv.getValue(), "--backend-option");
        }
        BackendConfig backendConfig;
        try {
            backendConfig = BackendConfig.of(config).declaredBy(provider);
        } catch (ConfigurationException e) {
            String flag = e.key().map(flagOf::get).orElse("--backend-option");
            throw CliException.usage(flag + ": " + e.getMessage());
        }

        Path dir = outputDir != null ? outputDir : unused(Path.of("reports", backendName + "-" + sanitize(model.trim()) + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT))));
        return new RunPlan(name, backendName, backendConfig, workload, chain, objectives, dir, drain,
                !skipPreflight, labels, progressEvery, !noProgress, sessionOptions(), contextLimit(),
                contextPolicy == null ? ContextLimit.Policy.MARK : policy(), List.of(), null);
    }

    /**
     * The workload source the flags name, or {@code null} for the default synthetic source of
     * {@code --input-length}/{@code --output-length}.
     */
    private WorkloadSource source(LengthDistribution in, LengthDistribution out) {
        if (dataset == null) {
            for (String[] f : new String[][] {{"--trace-time-scale", traceTimeScale}, {"--trace-start", traceStart},
                    {"--trace-limit", traceLimit}, {"--max-turns", maxTurns}}) {
                if (f[1] != null) throw CliException.usage(f[0] + ": applies to a --dataset only");
            }
            if (ignoreTimestamps || sessions || noLengthFilters) {
                throw CliException.usage((ignoreTimestamps ? "--ignore-timestamps" : sessions ? "--sessions"
                        : "--no-length-filters") + ": applies to a --dataset only");
            }
            if (prefixGroups == null) {
                if (prefixLength != null || prefixPopularity != null) {
                    throw CliException.usage((prefixLength != null ? "--prefix-length" : "--prefix-popularity")
                            + ": needs --prefix-groups");
                }
                return null;
            }
            int groups = Flags.positiveInt("--prefix-groups", prefixGroups);
            int length = prefixLength == null ? 512 : Flags.positiveInt("--prefix-length", prefixLength);
            Popularity popularity = prefixPopularity == null ? Popularity.uniform()
                    : Flags.parse("--prefix-popularity", prefixPopularity, Popularity::parse);
            return SyntheticSource.builder().inputTokens(in).outputTokens(out)
                    .prefixGroups(new PrefixGroups(groups, length, popularity)).build();
        }
        if (prefixGroups != null || prefixLength != null || prefixPopularity != null) {
            throw CliException.usage("--prefix-groups: shared-prefix groups are for synthetic prompts; a dataset brings "
                    + "its own prompts (drop --dataset or the --prefix-* flags)");
        }
        if (inputLength != null) {
            throw CliException.usage("--input-length: a dataset brings its own prompt lengths (drop --dataset or --input-length)");
        }
        DatasetSpec spec = Flags.parse("--dataset", dataset, DatasetSpec::parse);
        TraceOptions trace = TraceOptions.defaults();
        if (!spec.isTrace()) {
            for (String[] f : new String[][] {{"--trace-time-scale", traceTimeScale}, {"--trace-start", traceStart},
                    {"--trace-limit", traceLimit}}) {
                if (f[1] != null) throw CliException.usage(f[0] + ": applies to a trace (mooncake, azure, burstgpt), not " + spec.kind());
            }
            if (ignoreTimestamps) throw CliException.usage("--ignore-timestamps: applies to a trace (mooncake, azure, burstgpt), not " + spec.kind());
        }
        if (!spec.kind().equals("sharegpt") && (sessions || maxTurns != null || noLengthFilters)) {
            throw CliException.usage((sessions ? "--sessions" : maxTurns != null ? "--max-turns" : "--no-length-filters")
                    + ": applies to a sharegpt dataset, not " + spec.kind());
        }
        if (traceTimeScale != null) trace = trace.withTimeScale(Flags.positiveNumber("--trace-time-scale", traceTimeScale));
        if (traceStart != null) trace = trace.withStart(Flags.duration("--trace-start", traceStart, true));
        if (traceLimit != null) trace = trace.withLimit(Flags.positiveLong("--trace-limit", traceLimit));
        if (ignoreTimestamps || rate != null) trace = trace.withIgnoreTimestamps(true);
        ShareGptOptions.Builder sg = ShareGptOptions.builder().sessions(sessions);
        if (maxTurns != null) sg.maxTurns(Flags.positiveInt("--max-turns", maxTurns));
        if (noLengthFilters) sg.noLengthLimits();
        try {
            return spec.source(trace, sg.build(), out);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--dataset: " + e.getMessage());
        }
    }

    private SessionOptions sessionOptions() {
        SessionOptions o = SessionOptions.DEFAULTS;
        if (thinkTime != null) o = o.withThinkTime(Flags.parse("--think-time", thinkTime, ThinkTime::parse));
        if (answers != null) {
            String a = answers.trim().toLowerCase(Locale.ROOT);
            o = o.withAnswers(switch (a) {
                case "received", "actual" -> SessionTranscript.Answers.RECEIVED;
                case "recorded" -> SessionTranscript.Answers.RECORDED;
                default -> throw CliException.usage("--answers: expected received (or actual) or recorded, got '" + answers.trim() + "'");
            });
        }
        if (concurrencyUnit != null) {
            String u = concurrencyUnit.trim().toLowerCase(Locale.ROOT);
            o = o.withConcurrency(switch (u) {
                case "requests" -> SessionOptions.ConcurrencyUnit.REQUESTS;
                case "sessions" -> SessionOptions.ConcurrencyUnit.SESSIONS;
                default -> throw CliException.usage("--concurrency-unit: expected requests or sessions, got '"
                        + concurrencyUnit.trim() + "'");
            });
        }
        return o;
    }

    private ContextLimit contextLimit() {
        return maxContext == null ? null : new ContextLimit(Flags.positiveInt("--max-context", maxContext));
    }

    private ContextLimit.Policy policy() {
        try {
            return ContextLimit.Policy.valueOf(contextPolicy.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--context-policy: expected send, mark or skip, got '" + contextPolicy.trim() + "'");
        }
    }

    /** The default output directory, with -2, -3 ... appended while one of that name exists (two runs in one second). */
    private static Path unused(Path dir) {
        Path candidate = dir;
        for (int n = 2; java.nio.file.Files.exists(candidate); n++) {
            candidate = dir.resolveSibling(dir.getFileName() + "-" + n);
        }
        return candidate;
    }

    /** --max-error-rate as a fraction from 0 to below 1 ({@code 0.5} or {@code 50%}); NaN when absent. */
    double maxErrorRate() {
        if (maxErrorRate == null) return Double.NaN;
        String t = maxErrorRate.trim();
        boolean percent = t.endsWith("%");
        double v;
        try {
            v = Double.parseDouble(percent ? t.substring(0, t.length() - 1).trim() : t);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (percent) v /= 100;
        if (!(v >= 0 && v < 1)) {
            throw CliException.usage("--max-error-rate: expected a share of failed requests from 0 to below 1 (e.g. 0.5) "
                    + "or a percentage below 100 (e.g. 50%), got " + t);
        }
        return v;
    }

    private static void put(Map<String, String> config, Map<String, String> flagOf, String key, String value, String flag) {
        config.put(key, value);
        flagOf.put(key, flag);
    }

    /** The provider named by --backend; an unknown name is a usage error listing the known ones. */
    private static BackendProvider provider(String backendName) {
        try {
            return BackendRegistry.load().provider(backendName);
        } catch (UnknownBackendException e) {
            throw CliException.usage("--backend: unknown backend '" + e.requested() + "'; known backends: "
                    + (e.known().isEmpty() ? "none found on the class path" : String.join(", ", e.known())));
        } catch (IllegalStateException e) {
            throw CliException.failure("cannot load the backends: " + e.getMessage());
        }
    }

    /** The default {@code provider} declares for {@code key}, if it declares a concrete one. */
    private static String declaredDefault(BackendProvider provider, String key) {
        return provider.options().stream().filter(o -> !o.isFamily() && o.key().equals(key))
                .map(BackendOption::defaultValue).filter(d -> !d.isEmpty()).findFirst().orElse(null);
    }

    /** Parses the observability flags; a bad value throws a usage {@link CliException} naming the flag. */
    Observability.Settings observability(RunPlan plan) {
        int port = -1;
        if (prometheusPort != null) {
            try {
                port = Integer.parseInt(prometheusPort.trim());
            } catch (NumberFormatException e) {
                port = -2;
            }
            if (port < 0 || port > 65535) {
                throw CliException.usage("--prometheus-port: expected a port 0-65535, got " + prometheusPort.trim());
            }
        }
        Duration every = Flags.duration("--server-metrics-interval", serverMetricsInterval, false);
        URI server;
        if (serverMetricsUrl == null) {
            server = Observability.defaultServerMetricsUrl(plan.backendConfig());
        } else if (serverMetricsUrl.trim().equalsIgnoreCase("none")) {
            server = null;
        } else {
            server = FlagTypes.convert("--server-metrics-url", serverMetricsUrl, new FlagTypes.HttpUrl());
        }
        String protocol = otlpProtocol.trim().toLowerCase(Locale.ROOT);
        if (!protocol.equals("http/protobuf") && !protocol.equals("grpc")) {
            throw CliException.usage("--otlp-protocol: expected http/protobuf or grpc, got '" + otlpProtocol.trim() + "'");
        }
        Map<String, String> otlpHeaderMap = new LinkedHashMap<>();
        for (Header h : otlpHeaders) otlpHeaderMap.put(h.name(), h.value());
        double ratio;
        try {
            ratio = Double.parseDouble(traceSampleRatio.trim());
        } catch (NumberFormatException e) {
            ratio = Double.NaN;
        }
        if (!(ratio >= 0 && ratio <= 1)) {
            throw CliException.usage("--trace-sample-ratio: expected a number from 0 to 1, got " + traceSampleRatio.trim());
        }
        if (otlpEndpoint == null && (!otlpHeaders.isEmpty() || !traceDropAttributes.isEmpty() || !traceHashAttributes.isEmpty())) {
            throw CliException.usage("--otlp-header/--trace-drop-attribute/--trace-hash-attribute: need --otlp-endpoint");
        }
        if (otlpEndpoint == null && otlpSignals != null) throw CliException.usage("--otlp-signals: needs --otlp-endpoint");
        java.util.Set<Observability.Signal> signals = Observability.signals(otlpSignals, protocol.equals("grpc"));
        Duration keepSlower = Observability.keepSlowerThan(traceKeepSlowerThan);
        Duration metricsEvery = Flags.duration("--otlp-metrics-interval", otlpMetricsInterval, false);
        String host = prometheusHost.trim();
        if (host.isEmpty()) throw CliException.usage("--prometheus-host: must not be blank");
        try {
            java.net.InetAddress.getByName(host);
        } catch (java.net.UnknownHostException e) {
            throw CliException.usage("--prometheus-host: unknown address '" + host + "'");
        }
        return new Observability.Settings(host, port, server, every, dcgmUrl, otlpEndpoint, protocol.equals("grpc"),
                otlpHeaderMap, ratio, new java.util.HashSet<>(traceDropAttributes),
                new java.util.HashSet<>(traceHashAttributes), plan.backendConfig().bool("insecure", false), keepSlower,
                signals, metricsEvery);
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
        // the default directory is claimed by creating it, so two runs started in the same second do not share it
        return execute(outputDir == null ? plan.withOutputDir(DefaultOutputDir.claim(plan.outputDir())) : plan);
    }

    /** Runs one plan: the reports in its output directory, the summary on stdout; returns the exit code. */
    int execute(RunPlan plan) {
        double maxErrors = maxErrorRate();
        Duration stallThreshold = Flags.duration("--client-stall-threshold", clientStallThreshold, true);
        AccuracyScorer scorer = accuracy == null ? null : Flags.parse("--accuracy", accuracy, AccuracyScorers::forSpec);
        checkOutputDir(plan.outputDir());
        SecretMask mask = plan.backendConfig().secretMask();
        String keyVar = plan.backendConfig().string(BackendConfig.API_KEY_ENV).orElse(null);
        String key = keyVar == null ? null : ctx.env().apply(keyVar);
        this.secrets = key == null ? mask : mask.and(SecretMask.of(List.of(key)));
        BackendRegistry registry = BackendRegistry.load(); // plan() found the provider in it
        Benchmark.Builder b = Benchmark.named(plan.name())
                .registry(registry)
                .backend(plan.backend(), plan.backendConfig())
                .workload(plan.workload())
                .seed(plan.seed())
                .slo(plan.slo())
                .outputDir(plan.outputDir())
                .overwrite(overwrite)
                .drainTimeout(plan.drainTimeout())
                .preflight(plan.preflight())
                .sessions(plan.sessions())
                .injections(plan.injections())
                .clientStallThreshold(stallThreshold);
        if (scorer != null) b.accuracy(scorer);
        if (plan.slo().isEmpty()) { // no --slo: goodput against a published default, which the report records
            DefaultSlo d = DefaultSlo.forModel(plan.backendConfig().string(BackendConfig.MODEL, ""));
            b.slo(d.slo()).sloBasis(d.basis());
        }
        if (!Double.isNaN(maxErrors)) b.maxErrorRate(maxErrors);
        if (plan.contextLimit() != null) {
            b.contextLimit(plan.contextLimit(), plan.contextPolicy());
        } else {
            b.contextPolicy(plan.contextPolicy());
        }
        if (plan.scenario() != null) b.listener(plan.scenario());
        plan.labels().forEach(b::label);
        String shardLine = sharding.apply(b, plan.workload(), ctx.env());
        Observability.Settings obsSettings = observability(plan);

        ctx.out().println(Summary.banner(plan));
        if (shardLine != null) ctx.out().println(shardLine);
        // The hook is in place before the backend starts, so Ctrl-C during pre-flight or start-up also
        // ends with whatever reports exist; the main thread keeps running while the JVM shuts down.
        java.util.concurrent.atomic.AtomicReference<RunningBenchmark> current = new java.util.concurrent.atomic.AtomicReference<>();
        CountDownLatch finished = new CountDownLatch(1);
        Thread main = Thread.currentThread();
        Thread hook = new Thread(() -> {
            interruptedBySignal = true;
            ctx.err().println();
            ctx.err().println("benchsuite: interrupted; stopping and writing the reports of what was measured ...");
            RunningBenchmark r = current.get();
            if (r != null) {
                r.stop();
            } else {
                main.interrupt(); // still starting (a slow pre-flight check): don't wait out its timeout
            }
            try {
                // the main thread writes the reports and prints the summary; the JVM exits (130) when this returns
                finished.await(plan.drainTimeout().toSeconds() + 60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "benchsuite-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (Observability obs = Observability.start(obsSettings)) {
            obs.install(b);
            if (obs.prometheusUrl() != null) {
                ctx.err().println("benchsuite: live metrics at " + obs.prometheusUrl());
            }
            return runAndReport(b, plan, current, obs);
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and waits for the latch counted down above
            }
        }
    }

    /**
     * Refuses a non-empty output directory without --overwrite before anything starts, and with it says
     * which files are kept (benchsuite never deletes what it did not write).
     */
    private void checkOutputDir(Path dir) {
        try {
            ReportWriters.checkUsable(dir, overwrite);
            if (!overwrite) return;
            List<String> kept = ReportWriters.foreignEntries(dir);
            if (!kept.isEmpty()) {
                ctx.err().println("benchsuite run: --overwrite: replacing benchsuite's files in " + dir + "; keeping "
                        + kept.size() + " entr" + (kept.size() == 1 ? "y" : "ies") + " it did not write: "
                        + String.join(", ", kept.size() <= 5 ? kept : kept.subList(0, 5)) + (kept.size() > 5 ? ", ..." : ""));
            }
        } catch (OutputDirectoryNotEmptyException e) {
            throw CliException.usage("--output-dir: " + dir + " is not empty (it holds "
                    + String.join(", ", e.entries().size() <= 5 ? e.entries() : e.entries().subList(0, 5))
                    + (e.entries().size() > 5 ? ", ..." : "") + "): a new run there would mix its files with another "
                    + "run's. Choose a new or empty directory, or add --overwrite to replace the files benchsuite writes ("
                    + String.join(", ", ReportWriters.OWN_FILES) + "); other files are never deleted");
        } catch (UncheckedIOException e) {
            throw CliException.failure(safe(e.getMessage()));
        }
    }

    private int runAndReport(Benchmark.Builder b, RunPlan plan,
                             java.util.concurrent.atomic.AtomicReference<RunningBenchmark> current, Observability obs) {
        RunningBenchmark running;
        try {
            running = b.start();
        } catch (RuntimeException e) {
            if (interruptedBySignal || Thread.currentThread().isInterrupted()) {
                // Printed here, not by the exception handler: once call() returns, the shutdown hook
                // is released and the JVM may exit before a handler prints anything.
                ctx.err().println("benchsuite run: interrupted while the backend was starting (pre-flight check); "
                        + "nothing was measured and no report was written");
                ctx.err().flush();
                return ExitCodes.INTERRUPTED;
            }
            throw startFailure(e, plan);
        }
        current.set(running);
        obs.bind(running);
        if (interruptedBySignal) running.stop(); // Ctrl-C arrived while the run was starting
        Progress progress = plan.progress() ? Progress.start(ctx, running, plan) : null;
        RunResult result;
        ReportsNotWrittenException notWritten = null;
        try {
            result = running.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running.stop();
            throw CliException.failure("interrupted while waiting for the run");
        } catch (ReportsNotWrittenException e) {
            // the disk failed, not the run: the summary is still printed from the result in memory
            result = e.result();
            notWritten = e;
        } catch (UncheckedIOException | IllegalStateException e) {
            throw CliException.failure(safe(e.getMessage()));
        } finally {
            if (progress != null) progress.close();
        }
        ctx.out().print(Summary.render(result, plan.outputDir(), interruptedBySignal));
        ctx.out().flush();
        if (notWritten != null) {
            String message = notWrittenMessage(notWritten);
            if (!interruptedBySignal) throw CliException.failure(message);
            ctx.err().println("benchsuite run: " + message);
            ctx.err().flush();
        }
        if (result.status() == RunResult.Status.STOPPED && result.stopReason() != null && !interruptedBySignal) {
            throw CliException.failure("stopped early: " + result.stopReason() + " (--max-error-rate); the reports of "
                    + "what was measured are in " + plan.outputDir());
        }
        if (result.status() == RunResult.Status.STOPPED) return ExitCodes.INTERRUPTED;
        if (result.status() == RunResult.Status.FAILED) {
            // the input failed: a bad record is the user's file, not a run that went wrong (the report says FAILED)
            throw CliException.badInput("--dataset: " + safe(result.stopReason()) + "; the run stopped there (the reports in "
                    + plan.outputDir() + " hold what was sent before, with status failed)");
        }
        var counts = result.summary().counts();
        if (counts.measured() > 0 && counts.succeeded() == 0) {
            throw CliException.failure("no measured request succeeded (" + counts.failed() + " failed, " + counts.cancelled()
                    + " cancelled); see the errors above and " + plan.outputDir().resolve("report.json"));
        }
        return ExitCodes.OK;
    }

    /** What could not be written, why, and where the figures are instead. */
    private String notWrittenMessage(ReportsNotWrittenException e) {
        StringBuilder m = new StringBuilder("cannot write every report into " + e.directory() + ": "
                + String.join("; ", e.failures()) + ".");
        e.savedTo().ifPresent(d -> m.append(" The report was saved to ").append(d)
                .append(" instead (render it again with: benchsuite report ").append(d).append(").")
                .append(e.failures().stream().anyMatch(f -> f.startsWith(ReportWriters.REQUESTS_JSONL)) ? ""
                        : " " + e.directory().resolve(ReportWriters.REQUESTS_JSONL) + " holds every request."));
        if (e.savedTo().isEmpty() && e.failures().stream().allMatch(f -> f.startsWith(ReportWriters.REQUESTS_JSONL))) {
            m.append(" The report files were written; only the request log is incomplete.");
        }
        return safe(m.toString());
    }

    /** The CLI error for a backend that could not start. */
    private CliException startFailure(RuntimeException e, RunPlan plan) {
        if (e instanceof BackendException) {
            return CliException.failure("backend '" + plan.backend() + "' is not usable: " + safe(e.getMessage()));
        }
        if (e instanceof OutputDirectoryNotEmptyException) return CliException.usage("--output-dir: " + safe(e.getMessage()));
        if (e instanceof UncheckedIOException) return CliException.failure(safe(e.getMessage()));
        if (e instanceof io.benchsuite.core.run.StartGate.StartFailedException) return CliException.failure(safe(e.getMessage()));
        if (e instanceof ConfigurationException) {
            // a value the declarations cannot judge, e.g. a model the simulator does not know
            return CliException.usage("backend '" + plan.backend() + "': " + safe(e.getMessage()));
        }
        if (e instanceof WorkloadDataException) {
            // the dataset cannot be read from its first record on: the message names the file, the line and the key
            // (synthetic prompts that can never fit name themselves: no --dataset was given)
            boolean synthetic = plan.workload().source().map(io.benchsuite.core.workload.SyntheticSource.class::isInstance).orElse(true);
            return CliException.badInput((synthetic ? "" : "--dataset: ") + safe(e.getMessage()) + "; nothing was sent and no report was written");
        }
        throw e;
    }

    /** A message on one line with every secret of the run masked (servers echo credentials into errors). */
    private String safe(String s) {
        return s == null ? "(no message)" : secrets.mask(s.replaceAll("\\s*\\R\\s*", " ").trim());
    }

    static boolean isClosedLoop(Workload w) {
        return w.load() instanceof LoadModel.ClosedLoop;
    }
}
