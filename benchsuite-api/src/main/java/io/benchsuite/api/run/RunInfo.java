package io.benchsuite.api.run;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
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
 *     a run in real time; derived from the scenario seed and the configuration for a run on a virtual
 *     clock, whose files are a function of them (two runs with one seed and one configuration are the
 *     same run, byte for byte; see {@link #seededId})
 * @param clock the clock the run's instants are on: the wall clock, or a simulation's virtual clock
 * @param sloBasis where {@code slo} comes from when the caller did not choose it (a tool's documented default,
 *     e.g. {@code "MLPerf Inference server-scenario limits ..."}); empty when the caller set it (or set none)
 */
public record RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                      Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                      Environment environment, Map<String, String> labels, Shard shard, String id, RunClock clock,
                      String sloBasis) {
    private static final SecureRandom IDS = new SecureRandom();

    /**
     * A run whose SLO, if any, its caller chose (no {@link #sloBasis()}).
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
     *     a run in real time; derived from the scenario seed and the configuration for a run on a virtual
     *     clock, whose files are a function of them (two runs with one seed and one configuration are the
     *     same run, byte for byte; see {@link #seededId})
     * @param clock the clock the run's instants are on: the wall clock, or a simulation's virtual clock
     */
    public RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                   Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                   Environment environment, Map<String, String> labels, Shard shard, String id, RunClock clock) {
        this(name, workload, seed, scenario, backend, backendConfig, slo, tokenizer, startedAt, environment, labels, shard, id,
                clock, "");
    }

    /**
     * A run (or shard) in real time ({@link RunClock#WALL}) with a fresh random {@link #id()}.
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
     */
    public RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                   Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                   Environment environment, Map<String, String> labels, Shard shard) {
        this(name, workload, seed, scenario, backend, backendConfig, slo, tokenizer, startedAt, environment, labels,
                shard, newId(), RunClock.WALL);
    }

    /**
     * A fresh run id: 16 hex digits.
     *
     * @return the id
     */
    public static String newId() {
        return String.format(Locale.ROOT, "%016x", IDS.nextLong());
    }

    /**
     * The id of a run on a virtual clock: 16 hex digits derived from its scenario seed and from what it
     * runs, so that the same seed and configuration give the same files (the run is a function of
     * them), while two runs that differ in anything else (a trace against synthetic prompts, another
     * rate, model or backend setting) never share an id, and their files are never taken for one run's.
     *
     * @param scenario the run's scenario seed
     * @param configuration the run's resolved configuration in text (workload, backend and its settings,
     *     objectives, tokenizer, model, shard), with secrets redacted
     * @return the id
     */
    public static String seededId(ScenarioSeed scenario, String configuration) {
        notNull(configuration, "configuration");
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(Long.toHexString(notNull(scenario, "scenario").streamSeed("run-id"))
                    .getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '\n');
            byte[] d = sha.digest(configuration.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e); // every Java SE JVM has it
        }
    }

    /**
     * Checks every component and copies the maps.
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
     *     a run in real time; derived from the scenario seed and the configuration for a run on a virtual
     *     clock, whose files are a function of them (two runs with one seed and one configuration are the
     *     same run, byte for byte; see {@link #seededId})
     * @param clock the clock the run's instants are on: the wall clock, or a simulation's virtual clock
     * @param sloBasis where {@code slo} comes from when the caller did not choose it (a tool's documented default,
     *     e.g. {@code "MLPerf Inference server-scenario limits ..."}); empty when the caller set it (or set none)
     */
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
        notNull(sloBasis, "sloBasis");
    }

    /**
     * Whether the run is on a virtual clock (a simulation driven by the run), not in real time.
     *
     * @return true on a virtual clock
     */
    public boolean virtualTime() {
        return clock.virtual();
    }

    /**
     * The identity of a whole run (not split into shards).
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
     */
    public RunInfo(String name, Workload workload, SeedChain seed, ScenarioSeed scenario, BackendInfo backend,
                   Map<String, String> backendConfig, Slo slo, String tokenizer, Instant startedAt,
                   Environment environment, Map<String, String> labels) {
        this(name, workload, seed, scenario, backend, backendConfig, slo, tokenizer, startedAt, environment, labels,
                Shard.WHOLE);
    }
}
