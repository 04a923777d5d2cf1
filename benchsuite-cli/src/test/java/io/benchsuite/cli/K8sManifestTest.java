package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Container;
import io.kubernetes.client.openapi.models.V1EnvVar;
import io.kubernetes.client.openapi.models.V1Job;
import io.kubernetes.client.openapi.models.V1PersistentVolumeClaim;
import io.kubernetes.client.openapi.models.V1Secret;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The manifest of {@code benchsuite k8s} checked against the Kubernetes API's own types (the
 * official Java client's models, generated from the API's OpenAPI schema): every object must pass
 * their strict validation, which rejects unknown fields, missing required fields and wrong types
 * at any depth.
 */
class K8sManifestTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] RUN_FLAGS = {"--backend", "vllm", "--url", "http://vllm.default.svc:8000",
            "--model", "llama-3-8b", "--rate", "40", "--duration", "5m", "--max-concurrent", "64",
            "--output-length", "256", "--seed", "42", "--name", "chat"};

    private static List<JsonNode> documents(String yaml) throws Exception {
        List<JsonNode> docs = new ArrayList<>();
        try (var it = new YAMLMapper().readerFor(JsonNode.class).<JsonNode>readValues(yaml)) {
            while (it.hasNext()) docs.add(it.next());
        }
        return docs;
    }

    private static JsonElement gson(JsonNode n) {
        return JsonParser.parseString(n.toString());
    }

    /** Validates one object against the type of its kind; throws when the schema rejects it. */
    private static void validate(JsonNode doc) throws Exception {
        switch (doc.path("kind").asText()) {
            case "ConfigMap" -> V1ConfigMap.validateJsonElement(gson(doc));
            case "PersistentVolumeClaim" -> V1PersistentVolumeClaim.validateJsonElement(gson(doc));
            case "Job" -> V1Job.validateJsonElement(gson(doc));
            case "Secret" -> V1Secret.validateJsonElement(gson(doc));
            default -> throw new AssertionError("unexpected kind " + doc.path("kind"));
        }
    }

    private static void assertStrings(JsonNode n, String at) {
        if (n.isObject()) {
            n.fields().forEachRemaining(f -> {
                String path = at + "/" + f.getKey();
                if (f.getKey().equals("args") || (f.getKey().equals("value") && at.contains("/env"))) {
                    if (f.getValue().isArray()) f.getValue().forEach(v -> assertThat(v.isTextual()).as(path + " " + v).isTrue());
                    else assertThat(f.getValue().isTextual()).as(path).isTrue();
                } else if (f.getKey().equals("data")) {
                    f.getValue().forEach(v -> assertThat(v.isTextual()).as(path).isTrue());
                } else {
                    assertStrings(f.getValue(), path);
                }
            });
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) assertStrings(n.get(i), at + "/" + i);
        }
    }

    private static String manifest(String... k8sFlags) {
        CliHarness cli = new CliHarness();
        List<String> args = new ArrayList<>(List.of("k8s"));
        args.addAll(List.of(k8sFlags));
        args.add("--");
        args.addAll(List.of(RUN_FLAGS));
        int code = cli.run(args.toArray(String[]::new));
        assertThat(code).as(cli.err()).isZero();
        return cli.out();
    }

    @Test
    void theManifestIsSchemaValidAndRunsOneIndexedShardPerPod() throws Exception {
        List<JsonNode> docs = documents(manifest("--shards", "4", "--image", "registry.example.com/benchsuite:0.1",
                "--namespace", "load", "--storage-class", "nfs"));
        assertThat(docs).extracting(d -> d.path("kind").asText())
                .containsExactly("ConfigMap", "PersistentVolumeClaim", "Job", "Job");
        for (JsonNode d : docs) validate(d);
        // the schema types coerce numbers to strings silently; the API server does not: every container
        // argument, environment value and ConfigMap datum must be a YAML string
        for (JsonNode d : docs) assertStrings(d, "");

        V1Job shards = V1Job.fromJson(docs.get(2).toString());
        assertThat(shards.getMetadata().getName()).isEqualTo("benchsuite-chat");
        assertThat(shards.getMetadata().getNamespace()).isEqualTo("load");
        assertThat(shards.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(shards.getSpec().getCompletions()).isEqualTo(4);
        assertThat(shards.getSpec().getParallelism()).isEqualTo(4);
        V1Container c = shards.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(c.getImage()).isEqualTo("registry.example.com/benchsuite:0.1");
        assertThat(c.getArgs()).containsExactly("run", "--shards", "4", "--output-dir",
                "/results/benchsuite-chat/shard-$(SHARD_INDEX)", "--start-barrier", "/results/benchsuite-chat/barrier",
                "--no-progress", "@/etc/benchsuite/run.args");
        V1EnvVar index = c.getEnv().stream().filter(e -> e.getName().equals("SHARD_INDEX")).findFirst().orElseThrow();
        assertThat(index.getValueFrom().getFieldRef().getFieldPath())
                .isEqualTo("metadata.annotations['batch.kubernetes.io/job-completion-index']");
        // sized to one shard's load: 10 req/s of 256 tokens, 16 in flight (docs/scale-out.md)
        assertThat(c.getResources().getRequests().get("cpu").toSuffixedString()).isEqualTo("750m");
        assertThat(c.getResources().getRequests().get("memory").toSuffixedString()).isEqualTo("576Mi");
        assertThat(c.getResources().getLimits()).isEqualTo(c.getResources().getRequests());

        V1PersistentVolumeClaim claim = V1PersistentVolumeClaim.fromJson(docs.get(1).toString());
        assertThat(claim.getSpec().getAccessModes()).containsExactly("ReadWriteMany");
        assertThat(claim.getSpec().getStorageClassName()).isEqualTo("nfs");

        V1Job merge = V1Job.fromJson(docs.get(3).toString());
        assertThat(merge.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs()).containsExactly("merge",
                "/results/benchsuite-chat", "--shards", "4", "--wait", "37m", "--output-dir", "/results/benchsuite-chat/merged", "--overwrite");
    }

    @Test
    void secretsGoIntoASecretOnlyAndTheManifestStaysSchemaValid() throws Exception {
        String pw = "pw-k8s-SECRET-1";
        String auth = "auth-k8s-SECRET-2";
        String custom = "custom-k8s-SECRET-3";
        String otlp = "otlp-k8s-SECRET-4";
        CliHarness cli = new CliHarness();
        List<String> args = new ArrayList<>(List.of("k8s", "--shards", "2", "--"));
        args.addAll(List.of(RUN_FLAGS));
        args.set(args.indexOf("http://vllm.default.svc:8000"), "http://alice:" + pw + "@vllm.default.svc:8000");
        args.addAll(List.of("--header", "Authorization=Bearer " + auth, "--header", "X-Custom=" + custom,
                "--secret-header", "X-Custom", "--header", "X-Org=acme", "--otlp-endpoint", "http://otel:4318",
                "--otlp-header", "Authorization=Bearer " + otlp));
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
        List<JsonNode> docs = documents(cli.out());
        assertThat(docs).extracting(d -> d.path("kind").asText())
                .containsExactly("Secret", "ConfigMap", "PersistentVolumeClaim", "Job", "Job");
        for (JsonNode d : docs) validate(d);
        for (JsonNode d : docs.subList(1, docs.size())) {
            assertThat(d.toString()).doesNotContain(pw).doesNotContain(auth).doesNotContain(custom).doesNotContain(otlp);
        }
        assertThat(docs.get(0).path("stringData").toString()).contains(pw).contains(auth).contains(custom).contains(otlp)
                .doesNotContain("acme");
        String argsFile = docs.get(1).path("data").path("run.args").asText();
        assertThat(argsFile).contains("http://secret:env:BENCHSUITE_URL_USER_INFO@vllm.default.svc:8000")
                .contains("Authorization=secret:env:BENCHSUITE_HEADER_AUTHORIZATION")
                .contains("X-Org=acme");
        V1Job shards = V1Job.fromJson(docs.get(3).toString());
        assertThat(shards.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
                .filteredOn(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                .extracting(V1EnvVar::getName).containsExactlyInAnyOrder("BENCHSUITE_URL_USER_INFO",
                        "BENCHSUITE_HEADER_AUTHORIZATION", "BENCHSUITE_HEADER_X_CUSTOM", "BENCHSUITE_OTLP_HEADER_AUTHORIZATION");
        // a value read back as secret:command-line is not a value: k8s asks for it as run does
        CliHarness readBack = new CliHarness();
        assertThat(readBack.run("k8s", "--shards", "2", "--", "--rate", "4", "--duration", "1m", "--header",
                "Authorization=secret:command-line")).isEqualTo(ExitCodes.USAGE);
        assertThat(readBack.err()).contains("missing secret: --header Authorization (secret:command-line)");
    }

    @Test
    void theValidationRejectsWhatTheApiServerWould() throws Exception {
        JsonNode job = documents(manifest("--shards", "2")).get(2);
        ObjectNode misspelt = job.deepCopy();
        ((ObjectNode) misspelt.path("spec")).put("completionMod", "Indexed");
        assertThatThrownBy(() -> validate(misspelt)).hasMessageContaining("completionMod");
        ObjectNode wrongType = job.deepCopy();
        ((ObjectNode) wrongType.path("spec").path("template").path("spec").path("containers").get(0)).put("args", "run");
        assertThatThrownBy(() -> validate(wrongType)).hasMessageContaining("args");
        ObjectNode noImageName = job.deepCopy();
        ((ObjectNode) noImageName.path("spec").path("template").path("spec").path("containers").get(0)).remove("name");
        assertThatThrownBy(() -> validate(noImageName)).hasMessageContaining("name");
    }

    @Test
    void theConfigMapHoldsTheRunFlagsAsAnArgumentFileTheCliReadsBack(@TempDir Path tmp) throws Exception {
        JsonNode config = documents(manifest("--shards", "4", "--results-claim", "shared")).get(0);
        Path file = tmp.resolve("run.args");
        Files.writeString(file, config.path("data").path("run.args").asText());
        CliHarness cli = new CliHarness();
        RunPlan fromFile = plan(cli, "@" + file);
        RunPlan direct = cli.plan(RUN_FLAGS);
        assertThat(fromFile.workload()).isEqualTo(direct.workload());
        assertThat(fromFile.seed()).isEqualTo(direct.seed());
        assertThat(fromFile.backendConfig().asMap()).isEqualTo(direct.backendConfig().asMap());
        // an existing claim: none is created, the pods mount it
        List<JsonNode> docs = documents(manifest("--shards", "4", "--results-claim", "shared"));
        assertThat(docs).extracting(d -> d.path("kind").asText()).containsExactly("ConfigMap", "Job", "Job");
        assertThat(docs.get(1).path("spec").path("template").path("spec").path("volumes").get(0)
                .path("persistentVolumeClaim").path("claimName").asText()).isEqualTo("shared");
        assertThat(K8sManifest.argsFile(List.of("--slo", "ttft=200ms", "--name", "a b \"c\"")))
                .isEqualTo("--slo\nttft=200ms\n--name\n\"a b \\\"c\\\"\"\n");
    }

    private static RunPlan plan(CliHarness cli, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        CommandLine.ParseResult pr = BenchsuiteCli.commandLine(cli.ctx).parseArgs(all);
        return ((RunCommand) pr.subcommand().commandSpec().userObject()).plan();
    }

    @Test
    void anOutputThatCannotBeWrittenSaysWhy(@TempDir Path tmp) {
        // was "cannot write <path>: <path>": the exception's message alone, without the reason
        CliHarness noDir = new CliHarness();
        Path missing = tmp.resolve("no/such/dir/job.yaml");
        assertThat(noDir.run("k8s", "--shards", "2", "--output", missing.toString(), "--", "--rate", "4", "--duration", "1m"))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(noDir.err()).isEqualTo("benchsuite k8s: --output: cannot write " + missing + ": no such file or directory"
                + System.lineSeparator());
        CliHarness aDirectory = new CliHarness();
        assertThat(aDirectory.run("k8s", "--shards", "2", "--output", tmp.toString(), "--", "--rate", "4", "--duration", "1m"))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(aDirectory.err()).startsWith("benchsuite k8s: --output: cannot write " + tmp + ": ")
                .contains("(it is a directory; name a file)");
    }

    @Test
    void flagsTheManifestSetsAndLoadsTooSmallToSplitAreRefused() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("k8s", "--shards", "4", "--", "--rate", "4", "--output-dir", "x")).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--output-dir: the manifest sets it for each shard");
        CliHarness few = new CliHarness();
        assertThat(few.run("k8s", "--shards", "16", "--", "--max-concurrent", "8", "--duration", "1m"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(few.err()).contains("--shards: closed loop with at most 8 users cannot be split into 16 shards");
        CliHarness bad = new CliHarness();
        assertThat(bad.run("k8s", "--shards", "2", "--", "--rate", "fast")).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.err()).contains("--rate");
        CliHarness unbounded = new CliHarness();
        assertThat(unbounded.run("k8s", "--shards", "2", "--", "--rate", "4", "--num-requests", "100"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(unbounded.err()).contains("need a --duration");
        // run flags may also follow without the separator
        CliHarness plain = new CliHarness();
        assertThat(plain.run("k8s", "--shards", "2", "--rate", "4", "--duration", "1m")).as(plain.err()).isZero();
        assertThat(plain.out()).contains("completionMode: Indexed");
        assertThat(Map.of()).isEmpty();
    }
}
