package io.benchsuite.core.run;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import java.time.Instant;
import java.util.Map;

/**
 * The identity and configuration of a run, known when it starts.
 *
 * @param name run name (also the scenario name for seeding)
 * @param workload the load
 * @param seed the seed chain
 * @param scenario the scenario seed derived from it
 * @param backend the backend's identity
 * @param backendConfig the backend configuration with secrets redacted
 * @param slo the SLOs for goodput
 * @param tokenizer name of the tokenizer prompts were sized with
 * @param startedAt wall-clock start
 * @param environment where it ran
 * @param labels free-form labels (e.g. device, quantization) recorded in reports
 * @param shard which part of a split run this is ({@link Shard#WHOLE} for a run not split); the
 *     workload and seed above are then the shard's own
 * @param clock the clock the run's instants are on: the wall clock, or a simulation's virtual clock
 */
public record RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                      Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                      Environment environment, Map<String, String> labels, Shard shard, RunClock clock) {
    public RunInfo {
        notNull(name, "name");
        notNull(workload, "workload");
        notNull(seed, "seed");
        notNull(scenario, "scenario");
        notNull(backend, "backend");
        backendConfig = Map.copyOf(notNull(backendConfig, "backendConfig"));
        notNull(slo, "slo");
        notNull(tokenizer, "tokenizer");
        notNull(startedAt, "startedAt");
        notNull(environment, "environment");
        labels = Map.copyOf(notNull(labels, "labels"));
        notNull(shard, "shard");
        notNull(clock, "clock");
    }

    /** A run in real time ({@link RunClock#WALL}). */
    public RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                   Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                   Environment environment, Map<String, String> labels, Shard shard) {
        this(name, workload, seed, scenario, backend, backendConfig, slo, tokenizer, startedAt, environment, labels,
                shard, RunClock.WALL);
    }

    /** Whether the run is on a virtual clock (a simulation driven by the run), not in real time. */
    public boolean virtualTime() {
        return clock.virtual();
    }

    /** The identity of a whole run (not split into shards). */
    public RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                   Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                   Environment environment, Map<String, String> labels) {
        this(name, workload, seed, scenario, backend, backendConfig, slo, tokenizer, startedAt, environment, labels,
                Shard.WHOLE);
    }
}
