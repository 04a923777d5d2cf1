package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A {@code benchsuite run} command line turned into typed values, before anything runs.
 *
 * @param name scenario name (selects the scenario seed)
 * @param backend backend provider name
 * @param backendConfig configuration handed to the provider (may hold header values: never print it unredacted)
 * @param workload the load
 * @param seed the seed chain
 * @param slo objectives for goodput
 * @param outputDir where report.json, requests.jsonl and summary.csv go
 * @param drainTimeout how long in-flight requests may finish after the schedule ends
 * @param preflight whether to check the backend before the first request
 * @param labels recorded in the report (quantization, device)
 * @param progressInterval period of the plain progress log line when not on a terminal
 * @param progress whether to show progress at all
 * @param sessions how multi-turn sessions run
 * @param contextLimit the model's context given on the command line, or {@code null} (the backend's declared one, if any)
 * @param contextPolicy what to do with a request over the context
 * @param injections the scenario's injections
 * @param scenario the resolved scenario and the phase this run is, written into report.json; {@code null} without a scenario file
 */
public record RunPlan(String name, String backend, BackendConfig backendConfig, Workload workload, SeedChain seed,
                      Slo slo, Path outputDir, Duration drainTimeout, boolean preflight, Map<String, String> labels,
                      Duration progressInterval, boolean progress, SessionOptions sessions, ContextLimit contextLimit,
                      ContextLimit.Policy contextPolicy, List<TimedInjection> injections, ScenarioListener scenario) {
    public RunPlan {
        labels = Map.copyOf(labels);
        injections = List.copyOf(injections);
    }

    /** The same plan writing into {@code dir}. */
    RunPlan withOutputDir(Path dir) {
        return new RunPlan(name, backend, backendConfig, workload, seed, slo, dir, drainTimeout, preflight, labels,
                progressInterval, progress, sessions, contextLimit, contextPolicy, injections, scenario);
    }

    /** The same plan as a phase of a scenario: its injections and the scenario to record. */
    RunPlan inScenario(List<TimedInjection> phaseInjections, ScenarioListener phase) {
        return new RunPlan(name, backend, backendConfig, workload, seed, slo, outputDir, drainTimeout, preflight, labels,
                progressInterval, progress, sessions, contextLimit, contextPolicy, phaseInjections, phase);
    }
}
