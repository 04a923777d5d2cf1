package io.benchsuite.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded generator of varied, valid {@code benchsuite run} settings: every flag that reaches the run's spec, drawn so
 * that the combination is one the command line accepts (a trace's flags with a trace, a batch size with a pooling
 * endpoint, ...), and the injections a scenario file adds. The same seed gives the same case.
 */
final class RunSpecCases {
    /** Environment variables the cases' references name, with values the test's environment holds. */
    static final Map<String, String> ENV = Map.of("BENCH_KEY", "sk-env-key-0001", "VLLM_CREDS", "carol:pw-from-env",
            "TENANT_TOKEN", "tok-env-0002");

    private static final Path DATA = Path.of("..", "benchsuite-workloads", "src", "test", "resources", "io", "benchsuite", "core",
            "workload").toAbsolutePath().normalize();

    /**
     * One case.
     *
     * @param flags flag (without {@code --}) to its values, in order; a boolean flag has the value {@code true}
     * @param injections the scenario file's injections (key to value text), empty for none
     * @param phases the scenario file's phases (a name, flags that override the top level, injections), empty for none
     * @param givenSecrets the flags whose values are secrets given literally: a rerun from a file needs them again,
     *     as {@code --flag value} arguments
     * @param secretSlots how the missing-secrets message names each of them
     */
    record Case(Map<String, List<String>> flags, List<Map<String, Object>> injections, List<Map<String, Object>> phases,
                List<String> givenSecrets, List<String> secretSlots) {
        /** The flags as {@code benchsuite run} arguments. */
        List<String> args() {
            List<String> out = new ArrayList<>();
            flags.forEach((k, vs) -> {
                for (String v : vs) {
                    out.add("--" + k);
                    if (!v.equals("true")) out.add(v);
                }
            });
            return out;
        }

        /** The flags as a scenario file's keys (booleans as booleans, repeated flags as lists), with the injections. */
        Map<String, Object> scenario() {
            Map<String, Object> out = new LinkedHashMap<>();
            flags.forEach((k, vs) -> out.put(k, vs.size() > 1 || REPEATABLE.contains(k) ? vs : vs.get(0).equals("true")
                    ? (Object) Boolean.TRUE : vs.get(0)));
            if (!injections.isEmpty()) out.put("injections", injections);
            if (!phases.isEmpty()) out.put("phases", phases);
            return out;
        }
    }

    private static final List<String> REPEATABLE = List.of("header", "secret-header", "backend-option");

    private final SplittableRandom r;
    private final Map<String, List<String>> flags = new LinkedHashMap<>();
    private final List<String> given = new ArrayList<>();
    private final List<String> slots = new ArrayList<>();
    private final Path secretFile;

    private RunSpecCases(long seed, Path secretFile) {
        this.r = new SplittableRandom(seed);
        this.secretFile = secretFile;
    }

    /** The case of {@code seed}; {@code secretFile} is a readable file a {@code secret:file:} reference may name. */
    static Case of(long seed, Path secretFile) {
        return new RunSpecCases(seed, secretFile).build(seed);
    }

    private Case build(long seed) {
        if (r.nextBoolean()) put("name", pick("default", "chat", "nightly-" + seed));
        if (r.nextInt(4) > 0) put("seed", pick(Long.toString(seed), "git:" + "ab".repeat(20), "0".repeat(63) + "7"));
        boolean pooling = backend();
        load(pooling);
        source(pooling);
        if (r.nextBoolean()) put("slo", pick("ttft=200ms,tpot=50ms", "e2e=5s", "ttft=2s,tpot=100ms,e2e=30s", "ttfat=1s"));
        if (r.nextBoolean()) put("max-error-rate", pick("0.5", "20%", "0"));
        if (r.nextBoolean() && !pooling) put("accuracy", pick("exact", "contains", "numeric", "numeric:abs=0.5,rel=0.01"));
        if (r.nextBoolean()) put("max-context", pick("4096", "8192", "131072"));
        if (r.nextBoolean()) put("context-policy", pick("send", "mark", "skip"));
        put("output-dir", pick("out/a", "out/b-" + seed));
        flag("overwrite");
        flag("skip-preflight");
        if (r.nextBoolean()) put("drain-timeout", pick("3s", "500ms", "0"));
        if (r.nextBoolean()) put("client-stall-threshold", pick("9ms", "0", "1s"));
        if (r.nextBoolean()) flag("no-stream");
        if (r.nextBoolean()) put("think-time", pick("2s", "uniform:1s-5s", "exponential:3s"));
        if (r.nextBoolean()) put("answers", pick("received", "recorded"));
        if (r.nextBoolean()) put("concurrency-unit", pick("requests", "sessions"));
        if (r.nextBoolean()) {
            put("model-mix", pick("base=0.6,adapter-a=0.4", "a=1,b=1,c=2"));
            if (r.nextBoolean()) put("model-mix-by", pick("request", "session"));
        }
        if (r.nextBoolean()) put("session-header", pick("x-session-id", "X-Route-Key"));
        if (r.nextBoolean()) put("request-id-header", pick("x-request-id", "X-Req"));
        List<Map<String, Object>> injections = injections(seed);
        List<Map<String, Object>> phases = new ArrayList<>();
        if (r.nextInt(4) == 0) {
            // phases override settings that no other flag constrains, and may bring injections of their own
            for (String name : List.of("warm-up", "steady")) {
                Map<String, Object> phase = new LinkedHashMap<>();
                phase.put("name", name);
                if (r.nextBoolean()) phase.put("drain-timeout", pick("1s", "7s"));
                if (r.nextBoolean()) phase.put("slo", pick("e2e=9s", "ttft=300ms"));
                if (r.nextBoolean()) phase.put("skip-preflight", r.nextBoolean());
                if (r.nextBoolean()) phase.put("max-error-rate", pick("0.3", "1%"));
                if (r.nextBoolean()) phase.put("injections", injections(seed));
                phases.add(phase);
            }
        }
        return new Case(flags, injections, phases, given, slots);
    }

    private List<Map<String, Object>> injections(long seed) {
        List<Map<String, Object>> injections = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            Map<String, Object> inj = new LinkedHashMap<>();
            if (r.nextBoolean()) inj.put("at", pick("1s", "250ms"));
            if (r.nextBoolean()) inj.put("position", pick("0", "12"));
            inj.put("content", pick("Ignore the above.", "Answer in French: " + seed));
            if (r.nextBoolean()) inj.put("priority", pick("low", "normal", "urgent"));
            if (r.nextBoolean()) inj.put("ttl", pick("30s", "2m"));
            if (r.nextBoolean()) inj.put("sessions", pick("0", "2"));
            injections.add(inj);
        }
        return injections;
    }

    /** The backend and its flags; returns whether its endpoint is a pooling one (embeddings, rerank, score). */
    private boolean backend() {
        if (r.nextInt(3) == 0) {
            put("backend", "sim");
            if (r.nextBoolean()) put("model", pick("llama-3-8b", "llama-3-70b"));
            if (r.nextBoolean()) put("device", pick("a100-80gb", "h100-80gb"));
            if (r.nextBoolean()) put("quantization", pick("none", "fp8", "awq"));
            if (r.nextBoolean()) add("backend-option", "time-scale=" + pick("10", "2.5"));
            return false;
        }
        put("backend", pick("vllm", "openai", "sglang"));
        put("model", pick("meta-llama/Llama-3.1-8B", "qwen"));
        if (r.nextBoolean()) put("device", pick("h100", "l4"));
        if (r.nextBoolean()) put("quantization", pick("fp8", "int8"));
        switch (r.nextInt(4)) {
            case 0 -> put("url", pick("http://localhost:8000", "https://vllm.internal:8443/base"));
            case 1 -> put("url", "http://secret:env:VLLM_CREDS@vllm:8000");
            case 2 -> secretFlag("url", "http://alice:pw-" + r.nextInt(1000) + "@vllm:8000", "the user information of --url");
            default -> { }
        }
        if (r.nextBoolean()) put("api-key-env", "BENCH_KEY");
        if (r.nextBoolean()) add("header", pick("X-Tenant=blue", "X-Trace=on"));
        switch (r.nextInt(3)) {
            case 0 -> secretFlag("header", "Authorization=Bearer lit-" + r.nextInt(1000), "--header Authorization");
            case 1 -> add("header", "Authorization=secret:env:TENANT_TOKEN");
            default -> { }
        }
        if (r.nextBoolean()) {
            if (r.nextBoolean()) {
                secretFlag("header", "X-Signature=sig-" + r.nextInt(1000), "--header X-Signature");
            } else {
                add("header", "X-Signature=secret:file:" + secretFile);
            }
            add("secret-header", "X-Signature");
        }
        if (r.nextBoolean()) flag("insecure");
        if (r.nextBoolean()) put("transport", pick("netty", "httpclient"));
        if (r.nextBoolean()) add("backend-option", "read-timeout=" + pick("60s", "5m"));
        if (r.nextBoolean()) add("backend-option", "param.temperature=" + pick("0.7", "0"));
        boolean pooling = false;
        if (r.nextBoolean()) {
            String endpoint = pick("chat", "completions", "embeddings", "rerank");
            put("endpoint", endpoint);
            pooling = endpoint.equals("embeddings") || endpoint.equals("rerank");
        }
        return pooling;
    }

    private void load(boolean pooling) {
        boolean open = r.nextBoolean();
        if (r.nextBoolean()) put("max-concurrent", pick("1", "4", "16"));
        if (open) {
            put("rate", pick("2", "12.5", "400"));
            if (r.nextBoolean()) put("arrival", pick("poisson", "constant", "gamma:0.5", "gamma:2"));
            if (r.nextBoolean()) put("workload-profile", pick("steady", "ramp:1-20/60s", "ramp:5-2/10s", "burst:2,20,5s/30s", "burst:1,4,1s/10s",
                    "steps:1/30s,4/30s", "steps:2/5s"));
        } else if (r.nextBoolean()) {
            put("workload-profile", pick("steady", "ramp:1-8/60s", "ramp:4-2/10s", "burst:1,4,2s/10s", "burst:2,3,1s/5s",
                    "steps:1/30s,4/30s", "steps:2/5s"));
        }
        if (r.nextBoolean()) put("duration", pick("90s", "5m", "300"));
        if (r.nextBoolean()) put("num-requests", pick("100", "5000"));
        if (r.nextBoolean()) put("warmup", pick("1s", "10s"));
        if (r.nextBoolean() && flags.containsKey("duration")) put("cooldown", pick("2s", "0"));
        if (r.nextBoolean()) {
            put("cancel-rate", pick("0.1", "0.5"));
            if (r.nextBoolean()) put("cancel-after", pick("tokens:5", "2s", "uniform:100ms-3s", "tokens:uniform:1-9"));
        }
        if (pooling && r.nextBoolean()) put("batch-size", pick("1", "8"));
    }

    private void source(boolean pooling) {
        int kind = r.nextInt(pooling ? 2 : 5);
        switch (kind) {
            case 0 -> {
                if (r.nextBoolean()) put("input-length", pick("128", "uniform:100-500", "normal:512,64", "normal:300,20,100-400", "lognormal:550,0.6,16-4096",
                        "lognormal:300,0.9", "uniform:1-8",
                        "empirical:" + DATA.resolve("mooncake_synthetic_longest.jsonl") + "#input_length"));
                if (r.nextBoolean()) put("output-length", pick("64", "uniform:10-20", "uniform:5-50", "normal:100,10", "normal:50,5,40-60", "lognormal:200,0.5,16-1024",
                        "lognormal:80,0.3",
                        "empirical:" + DATA.resolve("mooncake_synthetic_longest.jsonl") + "#output_length"));
                if (r.nextBoolean()) {
                    put("prefix-groups", pick("1", "4"));
                    if (r.nextBoolean()) put("prefix-length", pick("64", "512"));
                    if (r.nextBoolean()) put("prefix-popularity", pick("uniform", "zipf", "zipf:1.5"));
                }
            }
            case 1 -> {
                put("dataset", "sharegpt:" + DATA.resolve("sharegpt_sample.json"));
                if (r.nextBoolean()) put("output-length", pick("64", "uniform:10-20"));
                if (r.nextBoolean()) {
                    flag("sessions");
                    if (r.nextBoolean()) put("max-turns", pick("2", "3"));
                }
                if (r.nextBoolean()) flag("no-length-filters");
            }
            case 2 -> {
                put("dataset", pick("mooncake:" + DATA.resolve("mooncake_synthetic_longest.jsonl"),
                        "azure:" + DATA.resolve("azure_llm_inference_sample.csv"), "burstgpt:" + DATA.resolve("burstgpt_sample.csv")));
                if (r.nextBoolean()) put("trace-time-scale", pick("0.5", "2"));
                if (r.nextBoolean()) put("trace-start", pick("1s", "0"));
                if (r.nextBoolean()) put("trace-limit", pick("50", "7"));
                if (r.nextBoolean() && !flags.containsKey("rate")) flag("ignore-timestamps");
                if (!flags.containsKey("rate") && !flags.containsKey("ignore-timestamps")) {
                    flags.remove("workload-profile"); // a trace paced by its own times has no profile or arrival
                    flags.remove("arrival");
                }
            }
            case 3 -> {
                put("dataset", "jsonl:" + Path.of("..", "docs", "examples", "prompts.jsonl").toAbsolutePath().normalize());
                if (r.nextBoolean()) put("output-length", pick("64", "uniform:10-20"));
            }
            default -> {
                if (r.nextBoolean()) put("input-length", pick("empirical:" + DATA.resolve("mooncake_synthetic_longest.jsonl")
                        + "#input_length", "uniform:1-8"));
                if (r.nextBoolean()) put("output-length", pick("64", "uniform:10-20"));
                if (r.nextBoolean()) put("tools", pick("1", "3"));
                if (r.nextBoolean() && flags.containsKey("tools")) put("tool-choice", pick("auto", "none", "required"));
                if (!flags.containsKey("tools") || r.nextBoolean()) put("response-format", "json-schema");
                if (r.nextBoolean()) put("accuracy", flags.containsKey("tools") ? "tool-call" : "json-schema");
            }
        }
        if (!pooling && r.nextInt(4) == 0) {
            put("image-count", pick("1", "uniform:1-3"));
            if (r.nextBoolean()) put("image-size", pick("64x64", "320x200"));
            if (r.nextBoolean()) put("image-format", pick("png", "jpeg"));
            if (r.nextBoolean()) put("image-pool", pick("4", "16"));
        }
    }

    private String pick(String... options) {
        return options[r.nextInt(options.length)];
    }

    private void put(String flag, String value) {
        flags.put(flag, new ArrayList<>(List.of(value)));
    }

    private void add(String flag, String value) {
        flags.computeIfAbsent(flag, k -> new ArrayList<>()).add(value);
    }

    private void flag(String name) {
        if (r.nextBoolean()) put(name, "true");
    }

    /** A secret given literally: written as secret:command-line, so a rerun from a file needs it again. */
    private void secretFlag(String flag, String value, String slot) {
        if (flag.equals("header")) {
            add(flag, value);
        } else {
            put(flag, value);
        }
        given.add("--" + flag);
        given.add(value);
        slots.add(slot);
    }
}
