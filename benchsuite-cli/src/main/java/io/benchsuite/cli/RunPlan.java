package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.spec.RunSpec;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A {@code benchsuite run} command line turned into typed values, before anything runs: the run's {@link RunSpec}
 * (what the library runs) and what only the console needs.
 *
 * @param spec the run's settings; its backend is always named and its output directory and seed always set
 * @param progressInterval period of the plain progress log line when not on a terminal
 * @param progress whether to show progress at all
 * @param scenario the resolved scenario and the phase this run is, written into report.json; {@code null} without a scenario file
 */
public record RunPlan(RunSpec spec, Duration progressInterval, boolean progress, ScenarioListener scenario) {
    /** Checks that the spec names its backend, seed and output directory, as a command line always does. */
    public RunPlan {
        if (spec.backend().isEmpty() || spec.seed().isEmpty() || spec.output().dir().isEmpty()) {
            throw new IllegalArgumentException("a command line's spec names its backend, seed and output directory");
        }
    }

    /** The same plan with {@code change} applied to its spec. */
    RunPlan withSpec(RunSpec changed) {
        return new RunPlan(changed, progressInterval, progress, scenario);
    }

    /** The same plan writing into {@code dir}. */
    RunPlan withOutputDir(Path dir) {
        return withSpec(spec.withOutputDir(dir));
    }

    /** The same plan as a phase of a scenario: its injections and the scenario to record. */
    RunPlan inScenario(List<TimedInjection> phaseInjections, ScenarioListener phase) {
        return new RunPlan(spec.toBuilder().injections(phaseInjections).build(), progressInterval, progress, phase);
    }

    /** The scenario name. */
    public String name() {
        return spec.name();
    }

    /** The backend provider's name. */
    public String backend() {
        return spec.backend().orElseThrow().name();
    }

    /** The configuration handed to the provider (may hold header values: never print it unredacted). */
    public BackendConfig backendConfig() {
        return spec.backendConfig();
    }

    /** The load. */
    public Workload workload() {
        return spec.workload();
    }

    /** The seed chain. */
    public SeedChain seed() {
        return spec.seed().orElseThrow();
    }

    /** Objectives for goodput given on the command line ({@link Slo#none()} when none: a published default applies). */
    public Slo slo() {
        return spec.objectives().slo();
    }

    /** Where report.json, requests.jsonl and summary.csv go. */
    public Path outputDir() {
        return spec.output().dir().orElseThrow();
    }

    /** How long in-flight requests may finish after the schedule ends. */
    public Duration drainTimeout() {
        return spec.execution().drainTimeout();
    }

    /** Whether to check the backend before the first request. */
    public boolean preflight() {
        return spec.execution().preflight();
    }

    /** Labels recorded in the report (quantization, device). */
    public Map<String, String> labels() {
        return spec.labels();
    }

    /** How multi-turn sessions run. */
    public SessionOptions sessions() {
        return spec.sessions();
    }

    /** The model's context given on the command line, or {@code null} (the backend's declared one, if any). */
    public ContextLimit contextLimit() {
        return spec.context().limit().orElse(null);
    }

    /** What to do with a request over the context. */
    public ContextLimit.Policy contextPolicy() {
        return spec.context().policy();
    }

    /** The scenario's injections. */
    public List<TimedInjection> injections() {
        return spec.injections();
    }
}
