package io.benchsuite.core;

import static io.benchsuite.api.util.Checks.notNegative;
import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.accuracy.AccuracyScorer;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.run.Environment;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.run.RunClock;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.run.Shard;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.Cancellations;
import io.benchsuite.api.workload.RequestRouting;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.accuracy.ToolsListener;
import io.benchsuite.core.batch.BatchListener;
import io.benchsuite.core.hiccup.HiccupMeter;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.internal.clock.NanoClock;
import io.benchsuite.core.internal.engine.EngineFeed;
import io.benchsuite.core.internal.engine.EngineOptions;
import io.benchsuite.core.internal.engine.RunEngine;
import io.benchsuite.core.models.ModelBreakdown;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.model.WorkloadConfig;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.shard.ShardRun;
import io.benchsuite.core.shard.ShardedSource;
import io.benchsuite.core.shard.ShardedWorkload;
import io.benchsuite.core.shard.StartAt;
import io.benchsuite.core.spec.RunSpec;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import io.benchsuite.core.workload.SyntheticSource;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The entry point: configure a run fluently, then {@link Builder#run()} it (blocking) or {@link Builder#start()}
 * it (returns a handle for live stats and stopping).
 *
 * <pre>{@code
 * RunResult r = Benchmark.named("chat-p99")
 *     .backend("sim", BackendConfig.of(Map.of("model", "llama-3-8b", "device", "h100")))
 *     .workload(Workload.open().rate(8).maxConcurrency(32).duration(Duration.ofSeconds(30)).build())
 *     .seed(SeedChain.fromLong(42))
 *     .slo(Slo.parse("ttft=500ms,tpot=50ms"))
 *     .outputDir(Path.of("target/benchsuite-reports/chat-p99"))
 *     .run();
 * }</pre>
 *
 * <p>A backend named with {@link Builder#backend(String, BackendConfig)} is created and closed by
 * the run; one passed as an object with {@link Builder#backend(Backend)} belongs to the caller.
 *
 * <p>Requests come from the workload's source ({@code Workload.Builder.source}): synthetic prompts by
 * default, or a dataset, or a trace replayed at its own offsets:
 *
 * <pre>{@code
 * WorkloadSource trace = new MooncakeTraceSource(DataInput.of(Path.of("conversation_trace.jsonl")),
 *     TraceOptions.defaults().withTimeScale(0.1).withLimit(600));
 * Benchmark.named("replay")
 *     .backend("vllm", BackendConfig.of(Map.of("url", "http://localhost:8000")))
 *     .workload(Workload.open().source(trace).maxConcurrency(512).build())
 *     .contextLimit(new ContextLimit(131_072), ContextLimit.Policy.MARK)
 *     .run();
 * }</pre>
 *
 * Multi-turn sessions (a ShareGPT file read as sessions) send each turn after the whole history,
 * answers included; {@link Builder#sessions} sets the think time between turns, which answer the
 * history holds and what an open loop's cap counts. {@link Builder#injections} adds dynamic load
 * injection at turn boundaries.
 *
 * <p><b>Virtual time.</b> When the backend is a {@link io.benchsuite.api.backend.VirtualTimeBackend}
 * (the simulator with {@code clock=virtual}), the whole run is a discrete-event simulation on the
 * backend's clock ({@link RunClock#virtual()}): arrivals, dispatch, timeouts, the drain and every
 * per-second figure are simulated instants, nothing sleeps, and the run starts no thread: it runs on
 * the thread that calls {@link Builder#run()} (or {@link RunningBenchmark#await()}), delivering every
 * listener event there. The same seed gives a byte-identical {@code requests.jsonl}.
 *
 * <p>The backend's {@link Backend#engineSnapshot()} (request stages, memory, KV-cache fragmentation,
 * prefix-cache hits, energy; the simulator has them), taken when the run starts and when it ends,
 * becomes the report's {@code engineSnapshot} section.
 */
public final class Benchmark {
    private Benchmark() {}

    /** A new builder for a run named {@code name} (the name also selects the scenario seed). */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** A new builder holding every setting of {@code spec} ({@link Builder#spec(RunSpec)}). */
    public static Builder of(RunSpec spec) {
        return new Builder(notNull(spec, "spec").name()).spec(spec);
    }

    /** Builds and runs benchmarks. Not thread-safe; each {@link #start()} makes an independent run. */
    public static final class Builder {
        private String name;
        private Backend backend;
        private String backendName;
        private BackendConfig backendConfig = BackendConfig.empty();
        private BackendRegistry registry;
        private Workload workload;
        private SeedChain seed;
        private Slo slo = Slo.none();
        private String sloBasis = "";
        private Tokenizer tokenizer;
        private Path outputDir;
        private boolean overwrite;
        private double maxErrorRate = Double.NaN;
        private Cancellations cancellations = Cancellations.NONE;
        private RequestRouting routing = RequestRouting.NONE;
        private String model;
        private Duration drainTimeout = Duration.ofMinutes(2);
        private boolean preflight = true;
        private boolean retainRequests;
        private Shard shard;
        private StartGate startGate = StartGate.NONE;
        private final List<RunListener> listeners = new ArrayList<>();
        private final List<RequestDecorator> decorators = new ArrayList<>();
        private final Map<String, String> labels = new LinkedHashMap<>();
        private SessionOptions sessions = SessionOptions.DEFAULTS;
        private ContextLimit contextLimit;
        private ContextLimit.Policy contextPolicy = ContextLimit.Policy.MARK;
        private final List<TimedInjection> injections = new ArrayList<>();
        private Duration clientStallThreshold = EngineOptions.DEFAULT_CLIENT_STALL_THRESHOLD;
        private AccuracyScorer accuracy;
        private Supplier<HiccupMeter> hiccupMeter = HiccupMeter::create;

        private Builder(String name) {
            this.name = notNull(name, "name");
            if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
        }

        /** Use this backend object (the caller closes it). */
        public Builder backend(Backend backend) {
            this.backend = notNull(backend, "backend");
            this.backendName = null;
            return this;
        }

        /** Create the named backend (looked up with {@link BackendRegistry}) for this run and close it after. */
        public Builder backend(String name, BackendConfig config) {
            this.backendName = notNull(name, "backend name");
            this.backendConfig = notNull(config, "backend config");
            this.backend = null;
            return this;
        }

        /** Look backends up here instead of {@link BackendRegistry#load()}. */
        public Builder registry(BackendRegistry registry) {
            this.registry = notNull(registry, "registry");
            return this;
        }

        /** The load to send (required). */
        public Builder workload(Workload workload) {
            this.workload = notNull(workload, "workload");
            return this;
        }

        /** The seed chain (default: from the git commit of the working directory, else {@code fromLong(0)}). */
        public Builder seed(SeedChain seed) {
            this.seed = notNull(seed, "seed");
            return this;
        }

        /** SLOs for goodput. */
        public Builder slo(Slo slo) {
            this.slo = notNull(slo, "slo");
            return this;
        }

        /**
         * Says where the {@link #slo(Slo) SLO} comes from when the caller did not choose it, e.g. a tool's
         * documented default; recorded in {@code report.json} ({@code config.sloBasis}) and shown beside
         * goodput. Empty (the default) means the SLO is the caller's own.
         *
         * @param basis e.g. {@code "MLPerf Inference server-scenario limits for llama3_1-8b"}
         * @return this builder
         */
        public Builder sloBasis(String basis) {
            this.sloBasis = notNull(basis, "basis");
            return this;
        }

        /** Tokenizer for prompt sizing and output counting (default {@code cl100k_base}). */
        public Builder tokenizer(Tokenizer tokenizer) {
            this.tokenizer = notNull(tokenizer, "tokenizer");
            return this;
        }

        /** Model name to request (default: the backend config's {@code model}, else {@code default}). */
        public Builder model(String model) {
            this.model = notNull(model, "model");
            return this;
        }

        /**
         * Write {@code report.json}, {@code requests.jsonl}, {@code summary.csv} and {@code report.html}
         * here. The directory must be new or empty unless {@link #overwrite(boolean)} allows
         * otherwise: {@link #start()} refuses one that holds anything, before the backend is created,
         * so that two runs' files are never mixed.
         */
        public Builder outputDir(Path dir) {
            this.outputDir = notNull(dir, "outputDir");
            return this;
        }

        /**
         * Whether the {@link #outputDir(Path) output directory} may hold files already (default false:
         * it is refused). When true, the files benchsuite writes there ({@code report.json},
         * {@code requests.jsonl}, {@code summary.csv}, {@code report.html}) are removed when the run
         * starts; files benchsuite did not write are never deleted.
         */
        public Builder overwrite(boolean overwrite) {
            this.overwrite = overwrite;
            return this;
        }

        /**
         * Stop the run early once more than this share of its requests failed: judged from the 20th
         * ended request on, over every request ended so far (every window: warm-up, measured and cool-down; cancelled ones are not
         * counted). The result is then {@link RunResult.Status#STOPPED} with a
         * {@link RunResult#stopReason()}. Default: no limit.
         *
         * @param fraction from 0 (stop at the first failure after 20 requests) to below 1
         */
        public Builder maxErrorRate(double fraction) {
            if (!(fraction >= 0 && fraction < 1)) {
                throw new IllegalArgumentException("maxErrorRate must be from 0 to below 1, got " + fraction);
            }
            this.maxErrorRate = fraction;
            return this;
        }

        /**
         * Requests the client aborts on purpose, as users closing a tab would (default: none). They end
         * with {@code cancelled_by_client}, are counted apart ({@link io.benchsuite.api.result.RunSummary.Counts#cancelledByDesign})
         * and are neither failures nor latency samples. The choice is seeded: the same seed cancels the
         * same requests at the same points.
         *
         * @param cancellations the share cancelled and where
         * @return this builder
         */
        public Builder cancellations(Cancellations cancellations) {
            this.cancellations = notNull(cancellations, "cancellations");
            return this;
        }

        /**
         * The models the requests ask for (a seeded {@link io.benchsuite.api.workload.ModelMix}, every figure then
         * broken down per model in the report's {@code models} section) and the routing headers sent (default: none).
         *
         * @param routing the mix and header names
         * @return this builder
         */
        public Builder routing(RequestRouting routing) {
            this.routing = notNull(routing, "routing");
            return this;
        }

        /** After the schedule ends, how long to wait for in-flight requests before cancelling them (default 2 min). */
        public Builder drainTimeout(Duration timeout) {
            this.drainTimeout = notNegative(timeout, "drainTimeout");
            return this;
        }

        /** Whether to call {@link Backend#preflight()} before the first request (default true). */
        public Builder preflight(boolean preflight) {
            this.preflight = preflight;
            return this;
        }

        /**
         * Whether the result keeps every request record in memory for {@link RunResult#requests()}
         * (default false: records are folded into the figures and written to {@code requests.jsonl}
         * as requests finish, then dropped, so a long run's memory stays flat). Tests that inspect
         * single requests turn it on; it costs a few hundred bytes per request plus its token gaps.
         */
        public Builder retainRequests(boolean retain) {
            this.retainRequests = retain;
            return this;
        }

        /** How multi-turn sessions run: think time between turns, which answers the history holds, what the cap counts. */
        public Builder sessions(SessionOptions options) {
            this.sessions = notNull(options, "sessions");
            return this;
        }

        /**
         * The model's context length and what to do with a request that does not fit (default: the
         * length the backend declares in its {@code BackendInfo} details as {@code max-context} or
         * {@code max_model_len}, if any, with {@link ContextLimit.Policy#MARK}).
         */
        public Builder contextLimit(ContextLimit limit, ContextLimit.Policy policy) {
            this.contextLimit = notNull(limit, "contextLimit");
            this.contextPolicy = notNull(policy, "contextPolicy");
            return this;
        }

        /** What to do with a request longer than the context the backend declares (default {@link ContextLimit.Policy#MARK}). */
        public Builder contextPolicy(ContextLimit.Policy policy) {
            this.contextPolicy = notNull(policy, "contextPolicy");
            return this;
        }

        /** Dynamic load injection: content queued in sessions from an instant on, delivered at turn boundaries. */
        public Builder injection(TimedInjection injection) {
            injections.add(notNull(injection, "injection"));
            return this;
        }

        /** Several injections ({@link #injection}). */
        public Builder injections(List<TimedInjection> all) {
            notNull(all, "injections").forEach(this::injection);
            return this;
        }

        /**
         * Run only shard {@code shard} of the configured workload: its share of the load
         * ({@link ShardedWorkload}) with its own seed chain ({@link SeedChain#shard}); the report gets
         * a {@code shard} section that {@code benchsuite merge} uses to combine the shards.
         */
        public Builder shard(Shard shard) {
            this.shard = notNull(shard, "shard");
            return this;
        }

        /** Hold the start (after pre-flight and prompt preparation) until the gate opens, e.g. {@link StartAt}. */
        public Builder startGate(StartGate gate) {
            this.startGate = notNull(gate, "startGate");
            return this;
        }

        /**
         * Grade each measured answer against its plan's reference answer (a dataset's recorded reply, or
         * a JSON Lines prompt's {@code reference}) with {@code scorer}; the report then carries an
         * {@code accuracy} section, which the Pareto front of sweeps and comparisons reads.
         *
         * @param scorer the scorer, e.g. {@link io.benchsuite.api.accuracy.AccuracyScorers#exactMatch()}
         * @return this builder
         */
        public Builder accuracy(AccuracyScorer scorer) {
            this.accuracy = notNull(scorer, "scorer");
            return this;
        }

        /**
         * Flag every request whose window (scheduled instant to end) overlapped a stall of the client
         * itself longer than this (default 5 ms): a garbage-collection pause or a starved CPU that kept
         * the client from reading and timing bytes. Flagged requests carry {@code clientStalled} in
         * {@code requests.jsonl} and are counted in the report's {@code client} section.
         *
         * @throws IllegalArgumentException when {@code threshold} is negative
         */
        public Builder clientStallThreshold(Duration threshold) {
            this.clientStallThreshold = notNegative(threshold, "clientStallThreshold");
            return this;
        }

        /**
         * Makes the meter of the client's own stalls, a new one (not started) for each run (default
         * {@link HiccupMeter#create()}: 1 ms sleeps). The run starts it when its clock starts and stops
         * it, joining its thread, when it ends.
         */
        public Builder hiccupMeter(Supplier<HiccupMeter> factory) {
            this.hiccupMeter = notNull(factory, "hiccupMeter");
            return this;
        }

        /** Observe the run. */
        public Builder listener(RunListener listener) {
            listeners.add(notNull(listener, "listener"));
            return this;
        }

        /** Wrap each request (tracing). */
        public Builder decorator(RequestDecorator decorator) {
            decorators.add(notNull(decorator, "decorator"));
            return this;
        }

        /** A label recorded in the report (e.g. {@code device=h100}). */
        public Builder label(String key, String value) {
            labels.put(notNull(key, "label key"), notNull(value, "label value"));
            return this;
        }

        /**
         * Sets every setting {@code spec} holds, replacing this builder's; what is not a setting (a backend
         * object when the spec names none, the registry, tokenizer, listeners, decorators, shard and start gate)
         * is kept.
         *
         * @param spec the run's settings
         * @return this builder
         */
        public Builder spec(RunSpec spec) {
            notNull(spec, "spec");
            name = spec.name();
            spec.backend().ifPresent(b -> backend(b.name(), b.config()));
            workload = spec.workload();
            seed = spec.seed().orElse(null);
            slo = spec.objectives().slo();
            sloBasis = spec.objectives().sloBasis();
            maxErrorRate = spec.objectives().maxErrorRate();
            accuracy = spec.objectives().accuracy().orElse(null);
            contextLimit = spec.context().limit().orElse(null);
            contextPolicy = spec.context().policy();
            sessions = spec.sessions();
            injections.clear();
            injections.addAll(spec.injections());
            outputDir = spec.output().dir().orElse(null);
            overwrite = spec.output().overwrite();
            preflight = spec.execution().preflight();
            drainTimeout = spec.execution().drainTimeout();
            clientStallThreshold = spec.execution().clientStallThreshold();
            cancellations = spec.execution().cancellations();
            routing = spec.execution().routing();
            labels.clear();
            labels.putAll(spec.labels());
            return this;
        }

        /**
         * The settings of this builder as a {@link RunSpec} (its backend part is empty when a backend object was
         * given); {@code Benchmark.of(spec)} gives them back.
         *
         * @throws IllegalStateException when no workload was set yet
         */
        public RunSpec spec() {
            if (workload == null) throw new IllegalStateException("workload is not set: call workload(...) first");
            RunSpec.Builder s = RunSpec.builder(name, workload)
                    .backend(backendName == null ? Optional.empty() : Optional.of(new RunSpec.BackendSpec(backendName, backendConfig)))
                    .objectives(new RunSpec.Objectives(slo, sloBasis, maxErrorRate, Optional.ofNullable(accuracy)))
                    .context(new RunSpec.Context(Optional.ofNullable(contextLimit), contextPolicy))
                    .sessions(sessions)
                    .injections(injections)
                    .output(new RunSpec.Output(Optional.ofNullable(outputDir), overwrite))
                    .execution(new RunSpec.Execution(preflight, drainTimeout, clientStallThreshold, cancellations, routing))
                    .labels(labels);
            if (seed != null) s.seed(seed);
            return s.build();
        }

        /**
         * A new builder with every setting of this one; the listeners and decorators added so far are shared
         * (so they see the copy's runs too). A sweep derives each point's run from a template this way.
         */
        public Builder copy() {
            Builder c = new Builder(name);
            c.backend = backend;
            c.backendName = backendName;
            c.backendConfig = backendConfig;
            c.registry = registry;
            c.workload = workload;
            c.seed = seed;
            c.slo = slo;
            c.tokenizer = tokenizer;
            c.outputDir = outputDir;
            c.model = model;
            c.drainTimeout = drainTimeout;
            c.preflight = preflight;
            c.retainRequests = retainRequests;
            c.shard = shard;
            c.startGate = startGate;
            c.listeners.addAll(listeners);
            c.decorators.addAll(decorators);
            c.labels.putAll(labels);
            c.sloBasis = sloBasis;
            c.overwrite = overwrite;
            c.maxErrorRate = maxErrorRate;
            c.cancellations = cancellations;
            c.routing = routing;
            c.sessions = sessions;
            c.contextLimit = contextLimit;
            c.contextPolicy = contextPolicy;
            c.injections.addAll(injections);
            c.clientStallThreshold = clientStallThreshold;
            c.accuracy = accuracy;
            c.hiccupMeter = hiccupMeter;
            return c;
        }

        /**
         * Replaces the workload with {@code change} applied to it.
         *
         * @throws IllegalStateException when no workload was set yet
         */
        public Builder withWorkload(UnaryOperator<Workload> change) {
            if (workload == null) throw new IllegalStateException("workload is not set: call workload(...) first");
            return workload(notNull(change, "change").apply(workload));
        }

        /**
         * Replaces the configuration of the backend named with {@link #backend(String, BackendConfig)} by
         * {@code change} applied to it.
         *
         * @throws IllegalStateException when the backend was given as an object (its configuration is its own)
         */
        public Builder withBackendConfig(UnaryOperator<BackendConfig> change) {
            if (backendName == null) {
                throw new IllegalStateException("the backend was given as an object: its configuration cannot be changed here; "
                        + "name it with backend(name, config)");
            }
            this.backendConfig = notNull(notNull(change, "change").apply(backendConfig), "changed backend config");
            return this;
        }

        /** Runs to the end and returns the result. Interrupting the calling thread stops the run and still returns what was measured. */
        public RunResult run() {
            RunningBenchmark running = start();
            try {
                return running.await();
            } catch (InterruptedException e) {
                running.stop();
                try {
                    return running.await();
                } catch (InterruptedException again) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted twice while stopping the run", again);
                } finally {
                    Thread.currentThread().interrupt();
                }
            }
        }

        /**
         * Validates, creates the backend if named, runs its pre-flight check, and starts the run.
         *
         * @throws IllegalStateException when no workload or backend was given
         * @throws io.benchsuite.core.report.OutputDirectoryNotEmptyException when the output directory holds
         *     files and {@link #overwrite(boolean)} was not allowed (checked before the backend is created)
         * @throws io.benchsuite.api.backend.BackendException when the backend fails its pre-flight check
         */
        public RunningBenchmark start() {
            if (workload == null) throw new IllegalStateException("workload is required: call workload(...)");
            if (backend == null && backendName == null) {
                throw new IllegalStateException("backend is required: call backend(name, config) or backend(object)");
            }
            if (outputDir != null) ReportWriters.checkUsable(outputDir, overwrite);
            Tokenizer tok = tokenizer != null ? tokenizer : Tokenizers.cl100k();
            SeedChain root = seed != null ? seed
                    : SeedChain.fromGitCommitOf(Path.of("")).orElse(SeedChain.fromLong(0));
            Shard part = shard != null ? shard : Shard.WHOLE;
            Workload workload = ShardedWorkload.of(this.workload, part);
            SeedChain chain = root.shard(part.index(), part.count());
            ShardRun shardRun = shard == null ? null : new ShardRun(shard, root, this.workload, startGate);
            StartGate gate = shardRun != null ? shardRun : startGate;
            BackendConfig config = backendConfig;
            if (config.string(BackendConfig.MAX_CONCURRENCY).isEmpty()) {
                config = config.with(BackendConfig.MAX_CONCURRENCY, Integer.toString(workload.load().concurrencyLimit()));
            }
            if (config.string(BackendConfig.SEED).isEmpty()) {
                config = config.with(BackendConfig.SEED, chain.scenario(name).hex());
            }
            boolean owned = backend == null;
            Backend b = owned ? (registry != null ? registry : BackendRegistry.load()).create(backendName, config) : backend;
            ReportWriters writers = null;
            try {
                if (preflight) b.preflight();
                String m = model != null ? model : config.string(BackendConfig.MODEL).orElse(b.info().model());
                Instant startedAt = Instant.now();
                RunClock runClock = RunClock.of(b, startedAt);
                // against a wall clock, the vocabulary loads now, not in the first count of the measured window
                if (!runClock.virtual()) Tokenizers.preload(tok);
                RunInfo info = new RunInfo(name, workload, chain, chain.scenario(name), b.info(),
                        owned ? config.redacted() : Map.of(), slo, tok.name(), startedAt, Environment.current(), labels,
                        part, runClock.virtual() ? RunInfo.seededId(chain.scenario(name), identity(workload, b, config, m, tok.name(),
                                part)) : RunInfo.newId(), runClock, sloBasis);
                List<RunListener> all = new ArrayList<>(listeners);
                if (shardRun != null) all.add(shardRun);
                RunWiring.addInProcessListeners(all, b);
                routing.mix().ifPresent(mix -> all.add(new ModelBreakdown(mix)));
                all.add(new BatchListener()); // the batches section of embeddings, rerank, score
                all.add(new ToolsListener()); // the tools section of requests that offered tools
                writers = outputDir == null ? null : ReportWriters.open(outputDir, overwrite);
                if (writers != null) all.add(0, writers);
                WorkloadSource source = workload.source().orElseGet(() -> SyntheticSource.builder()
                        .inputTokens(workload.inputTokens()).outputTokens(workload.outputTokens()).build());
                Map.Entry<ContextLimit, String> declared = contextLimit != null ? Map.entry(contextLimit, "configured")
                        : RunWiring.declaredContextLimit(b.info());
                ContextLimit limit = declared == null ? null : declared.getKey();
                String limitFrom = declared == null ? null : declared.getValue();
                // a shard of a split source reads it with the whole run's seed, so its text matches the other shards'
                ScenarioSeed sourceSeed = source instanceof ShardedSource ? root.scenario(name) : info.scenario();
                EngineFeed feed = new EngineFeed(source, new SourceContext(tok, sourceSeed), sessions, limit,
                        limitFrom, contextPolicy, injections, accuracy);
                RunEngine engine = new RunEngine(info, b, feed, m, tok, all, decorators,
                        new EngineOptions(drainTimeout, RunWiring.secrets(config), retainRequests, NanoClock.SYSTEM, gate,
                                maxErrorRate, clientStallThreshold, hiccupMeter, cancellations, routing));
                engine.start();
                return new RunningBenchmark(engine, owned ? b : null, writers);
            } catch (RuntimeException e) {
                if (writers != null) writers.abandon(); // nothing was sent: leave nothing that looks like a run
                if (owned) b.close();
                throw e;
            }
        }

        /**
         * The run's configuration in text, for the id of a run on a virtual clock: what decides its
         * files besides the seed (secrets redacted, maps sorted, so the text is the same for the same run).
         */
        private String identity(Workload w, Backend b, BackendConfig config, String model, String tokenizer, Shard part) {
            String text = String.join("\n", WorkloadConfig.of(w).toString(),
                    "backend " + b.info().name() + " " + b.info().model() + " " + new TreeMap<>(b.info().details()),
                    "config " + new TreeMap<>(config.redacted()), "model " + model, "tokenizer " + tokenizer,
                    "slo " + slo.describe(), "sessions " + sessions, "context " + contextLimit + " " + contextPolicy,
                    "injections " + injections.stream().map(TimedInjection::describe).toList(), "shard " + part);
            // a mix or routing headers change what is sent; a run without them keeps the id it always had
            return routing.any() ? text + "\nrouting " + routing : text;
        }

    }
}
