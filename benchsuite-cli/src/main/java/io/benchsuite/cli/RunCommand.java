package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.Quantization;
import io.benchsuite.api.backend.UnknownBackendException;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunResult;
import io.benchsuite.core.RunningBenchmark;
import java.io.UncheckedIOException;
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
            "Exit codes: 0 done, 1 run failed (backend unreachable at pre-flight, I/O error, every measured "
                    + "request failed), 2 bad flag or unknown backend, 130 interrupted."})
final class RunCommand implements Callable<Integer> {
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern HEADER_NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]+");
    private static final Duration DEFAULT_DURATION = Duration.ofSeconds(20);
    private static final String SIM = "sim";
    private static final String SIM_DEFAULT_DEVICE = "a100-80gb";
    private static volatile boolean interruptedBySignal;

    private final CliContext ctx;

    @Option(names = "--model", paramLabel = "<name>", defaultValue = "llama-3-8b", description = "Model to request (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--backend", paramLabel = "<name>", defaultValue = SIM,
            description = "Backend name (default: ${DEFAULT-VALUE}, the built-in simulator). 'benchsuite backends' lists them.")
    String backend;

    @Option(names = "--url", paramLabel = "<url>", description = "Base URL of an HTTP server, e.g. http://localhost:8000.")
    String url;

    @Option(names = "--max-concurrent", paramLabel = "<n>", defaultValue = "8",
            description = "Closed loop: number of users. Open loop: cap on requests in flight (default: ${DEFAULT-VALUE}).")
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

    @Option(names = "--input-length", paramLabel = "<tokens>", defaultValue = "256", description = "Prompt tokens (default: ${DEFAULT-VALUE}).")
    String inputLength;

    @Option(names = "--output-length", paramLabel = "<tokens>", defaultValue = "128", description = "Output tokens (max_tokens) (default: ${DEFAULT-VALUE}).")
    String outputLength;

    @Option(names = "--quantization", paramLabel = "<q>", description = "none, fp8, awq, gptq or int8: acted on by the simulator, "
            + "recorded as a label for every backend (default: none).")
    String quantization;

    @Option(names = "--device", paramLabel = "<device>", description = "Simulator device profile (default for sim: " + SIM_DEFAULT_DEVICE + ").")
    String device;

    @Option(names = "--seed", paramLabel = "<seed>", description = "Root seed: a number, 64 hex digits or git:<commit> "
            + "(default: the git commit of the working directory, else 0).")
    String seed;

    @Option(names = "--warmup", paramLabel = "<duration>", defaultValue = "0", description = "Leading window excluded from the statistics (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--cooldown", paramLabel = "<duration>", defaultValue = "0", description = "Trailing window excluded from the statistics (default: ${DEFAULT-VALUE}).")
    String cooldown;

    @Option(names = "--slo", paramLabel = "<slo>", description = "Objectives for goodput, e.g. ttft=200ms,tpot=50ms,e2e=5s.")
    String slo;

    @Option(names = "--name", paramLabel = "<name>", defaultValue = "default", description = "Scenario name; selects the scenario seed (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--no-stream", description = "Ask for whole responses instead of streamed tokens.")
    boolean noStream;

    @Option(names = "--api-key-env", paramLabel = "VAR",
            description = "Name of the environment variable holding the API key (the key is never printed or written).")
    String apiKeyEnv;

    @Option(names = "--header", paramLabel = "Name=Value",
            description = "Extra HTTP header (repeatable). Values of auth/key/token/cookie/session/signature headers, "
                    + "and of headers named by --secret-header, never appear in reports, logs or messages.")
    List<String> headers = new ArrayList<>();

    private SecretMask secrets = SecretMask.none();

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

    @Option(names = "--endpoint", paramLabel = "chat|completions", description = "OpenAI-style API: chat or completions (default: the backend's).")
    String endpoint;

    @Option(names = "--backend-option", paramLabel = "key=value",
            description = "Backend configuration key (repeatable), e.g. read-timeout=60s, engine=vllm, time-scale=10.")
    List<String> backendOptions = new ArrayList<>();

    @Option(names = "--drain-timeout", paramLabel = "<duration>", defaultValue = "2m",
            description = "After the schedule ends, how long in-flight requests may finish before they are cancelled "
                    + "(default: ${DEFAULT-VALUE}).")
    String drainTimeout;

    @Option(names = "--no-progress", description = "No live progress output.")
    boolean noProgress;

    @Option(names = "--progress-interval", paramLabel = "<duration>", defaultValue = "5s",
            description = "Period of the progress log line when not on a terminal (default: ${DEFAULT-VALUE}).")
    String progressInterval;

    @Option(names = "--prometheus-port", paramLabel = "<port>",
            description = "Serve the 27 live metrics at http://<host>:<port>/metrics (Prometheus text) during the run "
                    + "and until the report is written (0: any free port).")
    String prometheusPort;

    @Option(names = "--server-metrics-url", paramLabel = "<url>",
            description = "The server's Prometheus endpoint to scrape during the run (default: --url + /metrics for "
                    + "HTTP backends; none for in-process backends). 'none' turns scraping off.")
    String serverMetricsUrl;

    @Option(names = "--server-metrics-interval", paramLabel = "<duration>", defaultValue = "1s",
            description = "Period of server scrapes and host/GPU samples (default: ${DEFAULT-VALUE}).")
    String serverMetricsInterval;

    @Option(names = "--dcgm-url", paramLabel = "<url>",
            description = "Read GPU figures from this NVIDIA DCGM exporter /metrics instead of nvidia-smi.")
    String dcgmUrl;

    @Option(names = "--otlp-endpoint", paramLabel = "<url>",
            description = "Export traces (a span per run and per request) over OTLP, e.g. http://localhost:4318; "
                    + "https:// for TLS.")
    String otlpEndpoint;

    @Option(names = "--otlp-protocol", paramLabel = "http/protobuf|grpc", defaultValue = "http/protobuf",
            description = "OTLP transport (default: ${DEFAULT-VALUE}).")
    String otlpProtocol;

    @Option(names = "--otlp-header", paramLabel = "Name=Value",
            description = "Header sent to the OTLP endpoint (repeatable), e.g. Authorization=Bearer ...; never printed.")
    List<String> otlpHeaders = new ArrayList<>();

    @Option(names = "--trace-sample-ratio", paramLabel = "<0..1>", defaultValue = "1",
            description = "Fraction of request traces exported (default: ${DEFAULT-VALUE}).")
    String traceSampleRatio;

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
        int concurrency = Flags.positiveInt("--max-concurrent", maxConcurrent);
        LengthDistribution in = Flags.parse("--input-length", inputLength, LengthDistribution::parse);
        LengthDistribution out = Flags.parse("--output-length", outputLength, LengthDistribution::parse);
        Duration warm = Flags.duration("--warmup", warmup, true);
        Duration cool = Flags.duration("--cooldown", cooldown, true);
        Duration drain = Flags.duration("--drain-timeout", drainTimeout, true);
        Duration progressEvery = Flags.duration("--progress-interval", progressInterval, false);
        long maxRequests = numRequests == null ? 0 : Flags.positiveLong("--num-requests", numRequests);

        Workload.Builder<?> builder;
        RateProfile levels;
        if (rate != null) {
            double r = Flags.positiveNumber("--rate", rate);
            levels = profile == null ? RateProfile.steady(r) : Flags.parse("--workload-profile", profile, t -> RateProfile.parse(t, r));
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
        } else if (levels.naturalLength().isPresent() || maxRequests > 0) {
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
            workload = builder.name(name).inputTokens(in).outputTokens(out).warmup(warm).cooldown(cool)
                    .stream(!noStream).build();
        } catch (IllegalArgumentException e) {
            throw CliException.usage("invalid workload: " + e.getMessage());
        }

        SeedChain chain = seed != null ? Flags.parse("--seed", seed, SeedChain::parse)
                : SeedChain.fromGitCommitOf(Path.of("")).orElse(SeedChain.fromLong(0));
        Slo objectives = slo == null ? Slo.none() : Flags.parse("--slo", slo, Slo::parse);
        Quantization quant = quantization == null ? Quantization.NONE : Flags.parse("--quantization", quantization, Quantization::parse);

        Map<String, String> config = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        config.put(BackendConfig.MODEL, model.trim());
        config.put(BackendConfig.QUANTIZATION, quant.label());
        labels.put("quantization", quant.label());
        String dev = device != null ? device.trim() : backendName.equals(SIM) ? SIM_DEFAULT_DEVICE : null;
        if (dev != null) {
            if (dev.isEmpty()) throw CliException.usage("--device: must not be blank");
            config.put(BackendConfig.DEVICE, dev);
            labels.put("device", dev);
        }
        if (url != null) {
            config.put(BackendConfig.URL, httpUrl("--url", url).toString());
        }
        if (!secretHeaders.isEmpty()) {
            config.put(BackendConfig.SECRET_HEADERS, String.join(",", secretHeaders.stream().map(String::trim).toList()));
        }
        if (endpoint != null) {
            String e = endpoint.trim().toLowerCase(Locale.ROOT);
            if (!e.equals("chat") && !e.equals("completions")) {
                throw CliException.usage("--endpoint: expected chat or completions, got '" + endpoint + "'");
            }
            config.put("endpoint", e);
        }
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
            config.put(BackendConfig.API_KEY_ENV, var);
        }
        if (insecure) config.put("insecure", "true");
        if (transport != null) {
            String t = transport.trim().toLowerCase(Locale.ROOT);
            if (!t.equals("netty") && !t.equals("httpclient")) {
                throw CliException.usage("--transport: expected netty or httpclient, got '" + transport + "'");
            }
            config.put("transport", t);
        }
        for (String h : headers) {
            Map.Entry<String, String> kv = Flags.keyValue("--header", h, "Name=Value");
            if (!HEADER_NAME.matcher(kv.getKey()).matches()) {
                throw CliException.usage("--header: '" + kv.getKey() + "' is not a valid header name");
            }
            config.put("header." + kv.getKey(), kv.getValue());
        }
        for (String name : secretHeaders) {
            String n = name.trim();
            if (headers.stream().noneMatch(h -> h.regionMatches(true, 0, n + "=", 0, n.length() + 1))) {
                throw CliException.usage("--secret-header: no --header named '" + n + "'");
            }
        }
        for (String o : backendOptions) {
            Map.Entry<String, String> kv = Flags.keyValue("--backend-option", o, "key=value");
            config.put(kv.getKey(), kv.getValue());
        }

        Path dir = outputDir != null ? outputDir : Path.of("reports", backendName + "-" + sanitize(model.trim()) + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
        return new RunPlan(name, backendName, BackendConfig.of(config), workload, chain, objectives, dir, drain,
                !skipPreflight, labels, progressEvery, !noProgress);
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
        java.net.URI server;
        if (serverMetricsUrl == null) {
            server = Observability.defaultServerMetricsUrl(plan.backendConfig());
        } else if (serverMetricsUrl.trim().equalsIgnoreCase("none")) {
            server = null;
        } else {
            server = httpUrl("--server-metrics-url", serverMetricsUrl);
        }
        java.net.URI dcgm = dcgmUrl == null ? null : httpUrl("--dcgm-url", dcgmUrl);
        java.net.URI otlp = otlpEndpoint == null ? null : httpUrl("--otlp-endpoint", otlpEndpoint);
        String protocol = otlpProtocol.trim().toLowerCase(Locale.ROOT);
        if (!protocol.equals("http/protobuf") && !protocol.equals("grpc")) {
            throw CliException.usage("--otlp-protocol: expected http/protobuf or grpc, got '" + otlpProtocol.trim() + "'");
        }
        Map<String, String> otlpHeaderMap = new LinkedHashMap<>();
        for (String h : otlpHeaders) {
            Map.Entry<String, String> kv = Flags.keyValue("--otlp-header", h, "Name=Value");
            if (!HEADER_NAME.matcher(kv.getKey()).matches()) {
                throw CliException.usage("--otlp-header: '" + kv.getKey() + "' is not a valid header name");
            }
            otlpHeaderMap.put(kv.getKey(), kv.getValue());
        }
        double ratio;
        try {
            ratio = Double.parseDouble(traceSampleRatio.trim());
        } catch (NumberFormatException e) {
            ratio = Double.NaN;
        }
        if (!(ratio >= 0 && ratio <= 1)) {
            throw CliException.usage("--trace-sample-ratio: expected a number from 0 to 1, got " + traceSampleRatio.trim());
        }
        if (otlp == null && (!otlpHeaders.isEmpty() || !traceDropAttributes.isEmpty() || !traceHashAttributes.isEmpty())) {
            throw CliException.usage("--otlp-header/--trace-drop-attribute/--trace-hash-attribute: need --otlp-endpoint");
        }
        return new Observability.Settings(port, server, every, dcgm, otlp, protocol.equals("grpc"), otlpHeaderMap, ratio,
                new java.util.HashSet<>(traceDropAttributes), new java.util.HashSet<>(traceHashAttributes));
    }

    /**
     * Parses an http(s) URL flag. Messages never repeat user information ({@code alice:pw@}): people
     * put passwords in URLs.
     */
    private static java.net.URI httpUrl(String flag, String text) {
        String u = text.trim();
        String shown = SecretMask.stripUserInfo(u);
        if (!(u.startsWith("http://") || u.startsWith("https://"))) {
            throw CliException.usage(flag + ": expected an http:// or https:// URL, got '" + shown + "'");
        }
        try {
            java.net.URI uri = new java.net.URI(u);
            if (uri.getHost() == null) {
                throw CliException.usage(flag + ": not a valid URL: '" + shown + "' has no host name");
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            // e.getMessage() quotes the whole input, password included: give the reason only
            throw CliException.usage(flag + ": not a valid URL: '" + shown + "': " + e.getReason()
                    + (e.getIndex() >= 0 ? " at character " + (e.getIndex() + 1) : ""));
        }
    }

    /** File-name-safe form of a model name, e.g. {@code meta-llama/Llama-3-8B} → {@code meta-llama_Llama-3-8B}. */
    static String sanitize(String s) {
        String r = s.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^[._]+", "");
        return r.isEmpty() ? "model" : r;
    }

    @Override
    public Integer call() {
        RunPlan plan = plan();
        SecretMask mask = plan.backendConfig().secretMask();
        String keyVar = plan.backendConfig().string(BackendConfig.API_KEY_ENV).orElse(null);
        String key = keyVar == null ? null : ctx.env().apply(keyVar);
        this.secrets = key == null ? mask : mask.and(SecretMask.of(List.of(key)));
        BackendRegistry registry;
        try {
            registry = BackendRegistry.load();
            registry.provider(plan.backend());
        } catch (UnknownBackendException e) {
            throw CliException.usage("--backend: unknown backend '" + e.requested() + "'; known backends: "
                    + (e.known().isEmpty() ? "none found on the class path" : String.join(", ", e.known())));
        } catch (IllegalStateException e) {
            throw CliException.failure("cannot load the backends: " + e.getMessage());
        }
        Benchmark.Builder b = Benchmark.named(plan.name())
                .registry(registry)
                .backend(plan.backend(), plan.backendConfig())
                .workload(plan.workload())
                .seed(plan.seed())
                .slo(plan.slo())
                .outputDir(plan.outputDir())
                .drainTimeout(plan.drainTimeout())
                .preflight(plan.preflight());
        plan.labels().forEach(b::label);
        Observability.Settings obsSettings = observability(plan);

        ctx.out().println(Summary.banner(plan));
        // The hook is in place before the backend starts, so Ctrl-C during pre-flight or start-up also
        // ends with whatever reports exist; the main thread keeps running while the JVM shuts down.
        java.util.concurrent.atomic.AtomicReference<RunningBenchmark> current = new java.util.concurrent.atomic.AtomicReference<>();
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            interruptedBySignal = true;
            ctx.err().println();
            ctx.err().println("benchsuite: interrupted; stopping and writing the reports of what was measured ...");
            RunningBenchmark r = current.get();
            if (r != null) r.stop();
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
            if (obs.prometheusPort() >= 0) {
                ctx.err().println("benchsuite: live metrics at http://localhost:" + obs.prometheusPort() + "/metrics");
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

    private int runAndReport(Benchmark.Builder b, RunPlan plan,
                             java.util.concurrent.atomic.AtomicReference<RunningBenchmark> current, Observability obs) {
        RunningBenchmark running;
        try {
            running = b.start();
        } catch (BackendException e) {
            throw CliException.failure("backend '" + plan.backend() + "' is not usable: " + safe(e.getMessage()));
        } catch (UncheckedIOException e) {
            throw CliException.failure(safe(e.getMessage()));
        } catch (IllegalArgumentException e) {
            throw CliException.usage("backend '" + plan.backend() + "': " + safe(e.getMessage()));
        }
        current.set(running);
        obs.bind(running);
        if (interruptedBySignal) running.stop(); // Ctrl-C arrived while the run was starting
        Progress progress = plan.progress() ? Progress.start(ctx, running, plan) : null;
        RunResult result;
        try {
            result = running.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running.stop();
            throw CliException.failure("interrupted while waiting for the run");
        } catch (UncheckedIOException | IllegalStateException e) {
            throw CliException.failure(safe(e.getMessage()));
        } finally {
            if (progress != null) progress.close();
        }
        ctx.out().print(Summary.render(result, plan.outputDir(), interruptedBySignal));
        ctx.out().flush();
        if (result.status() == RunResult.Status.STOPPED) return ExitCodes.INTERRUPTED;
        var counts = result.summary().counts();
        if (counts.measured() > 0 && counts.succeeded() == 0) {
            throw CliException.failure("no measured request succeeded (" + counts.failed() + " failed, " + counts.cancelled()
                    + " cancelled); see the errors above and " + plan.outputDir().resolve("report.json"));
        }
        return ExitCodes.OK;
    }

    /** A message on one line with every secret of the run masked (servers echo credentials into errors). */
    private String safe(String s) {
        return s == null ? "(no message)" : secrets.mask(s.replaceAll("\\s*\\R\\s*", " ").trim());
    }

    static boolean isClosedLoop(Workload w) {
        return w.load() instanceof LoadModel.ClosedLoop;
    }
}
