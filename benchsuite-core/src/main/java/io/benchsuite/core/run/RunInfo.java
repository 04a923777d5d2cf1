package io.benchsuite.core.run;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Locale;
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
 * @param id this run's identity, 16 hex digits: written into {@code report.json} and into every line
 *     of {@code requests.jsonl}, so that files of two runs are never taken for one. Drawn at random for
 *     a run in real time; derived from the scenario seed for a run on a virtual clock, whose files are
 *     a function of the seed (two runs with one seed are the same run, byte for byte)
 * @param clock the clock the run's instants are on: the wall clock, or a simulation's virtual clock
 */
public record RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                      Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                      Environment environment, Map<String, String> labels, Shard shard, String id, RunClock clock) {
    private static final SecureRandom IDS = new SecureRandom();

    /** A run (or shard) in real time ({@link RunClock#WALL}) with a fresh random {@link #id()}. */
    public RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                   Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                   Environment environment, Map<String, String> labels, Shard shard) {
        this(name, workload, seed, scenario, backend, backendConfig, slo, tokenizer, startedAt, environment, labels,
                shard, newId(), RunClock.WALL);
    }

    /** A fresh run id: 16 hex digits. */
    public static String newId() {
        return String.format(Locale.ROOT, "%016x", IDS.nextLong());
    }

    /**
     * The id of a run on a virtual clock: 16 hex digits derived from its scenario seed, so that the
     * same seed gives the same files.
     *
     * @param scenario the run's scenario seed
     * @return the id
     */
    public static String seededId(ScenarioSeed scenario) {
        return String.format(Locale.ROOT, "%016x", notNull(scenario, "scenario").streamSeed("run-id"));
    }

    public RunInfo {
        notNull(id, "id");
        if (id.isBlank()) throw new IllegalArgumentException("id must not be blank");
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
