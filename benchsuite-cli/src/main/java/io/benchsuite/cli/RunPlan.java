package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import java.nio.file.Path;
import java.time.Duration;
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
 */
public record RunPlan(String name, String backend, BackendConfig backendConfig, Workload workload, SeedChain seed,
                      Slo slo, Path outputDir, Duration drainTimeout, boolean preflight, Map<String, String> labels,
                      Duration progressInterval, boolean progress) {
    public RunPlan {
        labels = Map.copyOf(labels);
    }
}
