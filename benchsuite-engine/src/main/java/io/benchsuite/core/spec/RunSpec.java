package io.benchsuite.core.spec;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.accuracy.AccuracyScorer;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Cancellations;
import io.benchsuite.api.workload.RequestRouting;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything that defines one run, as typed immutable values: the backend and its configuration, the workload,
 * the seed, the objectives, the model's context, sessions, injections, where the reports go and how the run
 * starts and ends. The {@link io.benchsuite.core.Benchmark} builder produces one ({@code spec()}) and accepts one
 * ({@code spec(RunSpec)}); the command line parses its flags into one; a sweep derives each point from one
 * ({@code io.benchsuite.core.sweep.SweepParameters#apply(RunSpec, String, String)}). What is not a setting but a
 * live object (a backend instance, listeners, a tokenizer) stays on the builder.
 *
 * <p>Secrets (API keys, secret headers) live in the backend configuration, which never prints them
 * ({@link BackendConfig#redacted()}).
 *
 * @param name scenario name (selects the scenario seed)
 * @param backend the backend named with its configuration; empty when the builder was handed a backend object
 * @param workload the load and the requests' source
 * @param seed the root seed chain; empty: the git commit of the working directory, else 0
 * @param objectives goodput objectives, their basis, the error-rate limit and the accuracy scorer
 * @param context the model's context limit and what to do with a request over it
 * @param sessions how multi-turn sessions run
 * @param injections timed injections (faults, bursts) in the run
 * @param output where the reports go
 * @param execution pre-flight, drain and the client-stall threshold
 * @param labels free labels recorded in the report (quantization, device, ...)
 */
public record RunSpec(String name, Optional<BackendSpec> backend, Workload workload, Optional<SeedChain> seed,
                      Objectives objectives, Context context, SessionOptions sessions, List<TimedInjection> injections,
                      Output output, Execution execution, Map<String, String> labels) {

    /** Validates every component (none may be null) and copies the collections. */
    public RunSpec {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
        notNull(backend, "backend");
        notNull(workload, "workload");
        notNull(seed, "seed");
        notNull(objectives, "objectives");
        notNull(context, "context");
        notNull(sessions, "sessions");
        injections = List.copyOf(notNull(injections, "injections"));
        notNull(output, "output");
        notNull(execution, "execution");
        labels = Map.copyOf(notNull(labels, "labels"));
    }

    /**
     * A backend named by its provider, with the configuration handed to it.
     *
     * @param name the provider's name, e.g. {@code sim} or {@code openai}
     * @param config the configuration (may hold secret header values: print it only {@link BackendConfig#redacted()})
     */
    public record BackendSpec(String name, BackendConfig config) {
        /** Checks that neither part is null or blank. */
        public BackendSpec {
            notNull(name, "backend name");
            if (name.isBlank()) throw new IllegalArgumentException("backend name must not be blank");
            notNull(config, "backend config");
        }

        /** The same backend with {@code key} set to {@code value} in its configuration. */
        public BackendSpec with(String key, String value) {
            return new BackendSpec(name, config.with(key, value));
        }
    }

    /**
     * What a run is judged against.
     *
     * @param slo per-request objectives for goodput
     * @param sloBasis where the objectives come from when they are a published default (empty when the user gave them)
     * @param maxErrorRate the failed share that stops the run early, from 0 to below 1; NaN: no limit
     * @param accuracy grades each answer against its reference; empty: not graded
     */
    public record Objectives(Slo slo, String sloBasis, double maxErrorRate, Optional<AccuracyScorer> accuracy) {
        /** No objectives, no error limit, no grading. */
        public static final Objectives NONE = new Objectives(Slo.none(), "", Double.NaN, Optional.empty());

        /** Checks the parts. */
        public Objectives {
            notNull(slo, "slo");
            notNull(sloBasis, "sloBasis");
            notNull(accuracy, "accuracy");
            if (!Double.isNaN(maxErrorRate) && !(maxErrorRate >= 0 && maxErrorRate < 1)) {
                throw new IllegalArgumentException("maxErrorRate must be from 0 to below 1 (or NaN for no limit), got " + maxErrorRate);
            }
        }

        /** These objectives with {@code objectives} as the per-request SLOs and {@code basis} as their source. */
        public Objectives withSlo(Slo objectives, String basis) {
            return new Objectives(objectives, basis, maxErrorRate, accuracy);
        }
    }

    /**
     * The model's context and the policy for requests over it.
     *
     * @param limit the context given by the user; empty: what the backend declares, if anything
     * @param policy what to do with a request over the context
     */
    public record Context(Optional<ContextLimit> limit, ContextLimit.Policy policy) {
        /** The backend's declared context, requests over it marked and not sent. */
        public static final Context DEFAULT = new Context(Optional.empty(), ContextLimit.Policy.MARK);

        /** Checks the parts. */
        public Context {
            notNull(limit, "context limit");
            notNull(policy, "context policy");
        }
    }

    /**
     * Where the reports go.
     *
     * @param dir the output directory; empty: no files are written (the result is returned only)
     * @param overwrite whether a directory holding files may be used (benchsuite's own files in it are replaced)
     */
    public record Output(Optional<Path> dir, boolean overwrite) {
        /** No files. */
        public static final Output NONE = new Output(Optional.empty(), false);

        /** Checks the parts. */
        public Output {
            notNull(dir, "output dir");
        }

        /** Reports into {@code directory}, refusing one that holds files. */
        public static Output to(Path directory) {
            return new Output(Optional.of(notNull(directory, "output dir")), false);
        }
    }

    /**
     * How the run starts and ends.
     *
     * @param preflight whether the backend is checked before the first request
     * @param drainTimeout how long in-flight requests may finish after the schedule ends
     * @param clientStallThreshold the shortest stall of the client itself flagged on the requests it overlapped
     * @param cancellations the requests the client aborts on purpose ({@link Cancellations#NONE}: none)
     * @param routing the models requests ask for and their routing headers ({@link RequestRouting#NONE}: none)
     */
    public record Execution(boolean preflight, Duration drainTimeout, Duration clientStallThreshold,
                            Cancellations cancellations, RequestRouting routing) {
        /** Pre-flight on, two minutes to drain, stalls over 5 ms flagged. */
        public static final Execution DEFAULT = new Execution(true, Duration.ofMinutes(2), Duration.ofMillis(5));

        /**
         * Without cancellations by design.
         *
         * @param preflight whether the backend is checked before the first request
         * @param drainTimeout how long in-flight requests may finish after the schedule ends
         * @param clientStallThreshold the shortest stall of the client itself flagged
         */
        public Execution(boolean preflight, Duration drainTimeout, Duration clientStallThreshold) {
            this(preflight, drainTimeout, clientStallThreshold, Cancellations.NONE);
        }

        /**
         * Without a model mix or routing headers.
         *
         * @param preflight whether the backend is checked before the first request
         * @param drainTimeout how long in-flight requests may finish after the schedule ends
         * @param clientStallThreshold the shortest stall of the client itself flagged
         * @param cancellations the requests the client aborts on purpose
         */
        public Execution(boolean preflight, Duration drainTimeout, Duration clientStallThreshold, Cancellations cancellations) {
            this(preflight, drainTimeout, clientStallThreshold, cancellations, RequestRouting.NONE);
        }

        /**
         * A copy with the given routing.
         *
         * @param r the models and routing headers
         * @return the copy
         */
        public Execution withRouting(RequestRouting r) {
            return new Execution(preflight, drainTimeout, clientStallThreshold, cancellations, r);
        }

        /** Checks the parts. */
        public Execution {
            notNull(cancellations, "cancellations");
            notNull(routing, "routing");
            notNull(drainTimeout, "drainTimeout");
            notNull(clientStallThreshold, "clientStallThreshold");
            if (drainTimeout.isNegative()) throw new IllegalArgumentException("drainTimeout must not be negative, got " + drainTimeout);
            if (clientStallThreshold.isNegative()) {
                throw new IllegalArgumentException("clientStallThreshold must not be negative, got " + clientStallThreshold);
            }
        }
    }

    /**
     * A builder for a spec, with the defaults a run has when a setting is not given.
     *
     * @param name the scenario name
     * @param workload the workload
     * @return a builder
     */
    public static Builder builder(String name, Workload workload) {
        return new Builder(name, workload);
    }

    /** A builder holding every setting of this spec. */
    public Builder toBuilder() {
        Builder b = new Builder(name, workload);
        b.backend = backend;
        b.seed = seed;
        b.objectives = objectives;
        b.context = context;
        b.sessions = sessions;
        b.injections.addAll(injections);
        b.output = output;
        b.execution = execution;
        b.labels.putAll(labels);
        return b;
    }

    /** The configuration of the named backend; empty for a builder's backend object. */
    public BackendConfig backendConfig() {
        return backend.map(BackendSpec::config).orElse(BackendConfig.empty());
    }

    /** This spec with its workload replaced. */
    public RunSpec withWorkload(Workload w) {
        return toBuilder().workload(w).build();
    }

    /** This spec with its reports going to {@code dir}. */
    public RunSpec withOutputDir(Path dir) {
        return toBuilder().output(new Output(Optional.of(notNull(dir, "output dir")), output.overwrite())).build();
    }

    /** Null-hostile builder of a {@link RunSpec}: every setter names the argument it refuses. */
    public static final class Builder {
        private String name;
        private Workload workload;
        private Optional<BackendSpec> backend = Optional.empty();
        private Optional<SeedChain> seed = Optional.empty();
        private Objectives objectives = Objectives.NONE;
        private Context context = Context.DEFAULT;
        private SessionOptions sessions = SessionOptions.DEFAULTS;
        private final List<TimedInjection> injections = new ArrayList<>();
        private Output output = Output.NONE;
        private Execution execution = Execution.DEFAULT;
        private final Map<String, String> labels = new LinkedHashMap<>();

        private Builder(String name, Workload workload) {
            this.name = notNull(name, "name");
            this.workload = notNull(workload, "workload");
        }

        /** Sets the scenario name. */
        public Builder name(String n) {
            this.name = notNull(n, "name");
            return this;
        }

        /** Sets the workload. */
        public Builder workload(Workload w) {
            this.workload = notNull(w, "workload");
            return this;
        }

        /** Names the backend and its configuration. */
        public Builder backend(String backendName, BackendConfig config) {
            this.backend = Optional.of(new BackendSpec(backendName, config));
            return this;
        }

        /** Sets the backend part ({@code Optional.empty()}: a backend object held elsewhere). */
        public Builder backend(Optional<BackendSpec> spec) {
            this.backend = notNull(spec, "backend");
            return this;
        }

        /** Sets the root seed. */
        public Builder seed(SeedChain s) {
            this.seed = Optional.of(notNull(s, "seed"));
            return this;
        }

        /** Sets the objectives. */
        public Builder objectives(Objectives o) {
            this.objectives = notNull(o, "objectives");
            return this;
        }

        /** Sets the context limit and policy. */
        public Builder context(Context c) {
            this.context = notNull(c, "context");
            return this;
        }

        /** Sets how sessions run. */
        public Builder sessions(SessionOptions s) {
            this.sessions = notNull(s, "sessions");
            return this;
        }

        /** Replaces the injections. */
        public Builder injections(List<TimedInjection> all) {
            notNull(all, "injections");
            injections.clear();
            for (TimedInjection i : all) injections.add(notNull(i, "injection"));
            return this;
        }

        /** Sets where the reports go. */
        public Builder output(Output o) {
            this.output = notNull(o, "output");
            return this;
        }

        /** Sets how the run starts and ends. */
        public Builder execution(Execution e) {
            this.execution = notNull(e, "execution");
            return this;
        }

        /** Adds (or replaces) a label. */
        public Builder label(String key, String value) {
            labels.put(notNull(key, "label key"), notNull(value, "label value"));
            return this;
        }

        /** Replaces the labels. */
        public Builder labels(Map<String, String> all) {
            notNull(all, "labels");
            labels.clear();
            all.forEach(this::label);
            return this;
        }

        /** The spec. */
        public RunSpec build() {
            return new RunSpec(name, backend, workload, seed, objectives, context, sessions, injections, output, execution, labels);
        }
    }
}
