package io.benchsuite.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.benchsuite.api.run.Shard;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.shard.ShardedWorkload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Kubernetes objects of a split run, as YAML documents a reader can {@code kubectl apply} as they
 * are: a ConfigMap holding the run flags (read by the CLI as an argument file), a
 * PersistentVolumeClaim for the results (unless an existing claim is named), an Indexed Job whose n
 * pods are the shards, and a merge Job that waits for the n reports and merges them.
 *
 * <p>Each shard pod runs {@code benchsuite run --shards n} (its index from {@code JOB_COMPLETION_INDEX}),
 * writes {@code /results/<name>/shard-<i>}, and meets the others at the start barrier
 * {@code /results/<name>/barrier}, so the shards start together however long their pods took to
 * schedule. Resources follow {@link Sizing}.
 */
final class K8sManifest {
    static final String RESULTS = "/results";
    static final String CONFIG = "/etc/benchsuite";
    static final String ARGS_FILE = "run.args";

    private K8sManifest() {}

    /**
     * What the manifest is made from.
     *
     * @param name base name of the objects (DNS-1123 label)
     * @param namespace namespace, or null for the one kubectl applies to
     * @param shards how many shard pods
     * @param image the benchsuite image
     * @param runArgs the run flags the shards share (the manifest adds the shard, output and barrier flags)
     * @param whole the whole run's workload (for sizing)
     * @param claim an existing PersistentVolumeClaim for the results, or null to create one
     * @param storageClass storage class of the created claim (null: the cluster's default)
     * @param storageSize size of the created claim
     * @param mergeWait how long the merge Job waits for the shards' reports
     * @param resources the shard pods' requests and limits
     * @param secrets the variables the shard pods read from a Secret (runArgs refer to them)
     * @param secretName an existing Secret holding them, or null for the one the manifest creates
     */
    record Settings(String name, String namespace, int shards, String image, List<String> runArgs, Workload whole,
                    String claim, String storageClass, String storageSize, Duration mergeWait, Sizing resources,
                    K8sSecrets secrets, String secretName) {
        /** The Secret the pods read their secret variables from. */
        String secretRef() {
            return secretName != null ? secretName : name + "-secrets";
        }
    }

    /**
     * A shard pod's resources, from the load one shard sends. CPU: 0.5 core for the JVM and the
     * dispatcher, plus twice the shard's peak request rate times the CPU cost of one streamed
     * request (doubled so the client never becomes the bottleneck: the dispatch lag stays low);
     * the cost was measured with benchsuite's HTTP client against serve-sim at
     * {@value #MEASURED_OUTPUT_TOKENS} output tokens ({@value #CORE_SECONDS_PER_REQUEST} core-seconds
     * per request, docs/scale-out.md) and is scaled by output tokens + 1 (one SSE event each). A
     * closed loop is sized as if each user finished one request a second. Memory: 512 MiB (a 256 MiB
     * heap, in which the memory harness ran a million requests, plus the JVM's own), and 256 KiB per
     * request the shard may have in flight for its buffers, rounded up to 64 MiB; the limit equals
     * the request so the pod is not killed for what it was promised.
     *
     * @param cpu CPU request and limit, e.g. {@code 1500m}
     * @param memory memory request and limit, e.g. {@code 576Mi}
     */
    record Sizing(String cpu, String memory) {
        static final double MEASURED_OUTPUT_TOKENS = 64;
        static final double CORE_SECONDS_PER_REQUEST = 0.001;

        static Sizing of(Workload whole, int shards) {
            Workload part = ShardedWorkload.of(whole, new Shard(0, shards)); // shard 0 gets the remainders: the largest
            double rate;
            int inFlight = part.load().concurrencyLimit();
            if (part.load() instanceof LoadModel.OpenLoop open) {
                rate = open.rate().max();
            } else {
                rate = part.load().profile().max();
            }
            double perRequest = CORE_SECONDS_PER_REQUEST * (part.outputTokens().max() + 1) / (MEASURED_OUTPUT_TOKENS + 1);
            double cores = 0.5 + 2 * rate * perRequest;
            long millicores = (long) Math.ceil(cores * 4) * 250;
            long mib = 512 + (long) Math.ceil(inFlight / 4.0);
            mib = (long) Math.ceil(mib / 64.0) * 64;
            return new Sizing(millicores + "m", mib + "Mi");
        }
    }

    static String yaml(Settings s) {
        YAMLMapper mapper = new YAMLMapper(YAMLFactory.builder()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                // "4" must stay a string: container args and ConfigMap data are lists and maps of strings
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                .build());
        StringBuilder b = new StringBuilder();
        b.append("# benchsuite: ").append(s.shards()).append(" shards of '").append(s.whole().name())
                .append("' as an Indexed Job, merged by a second Job.\n")
                .append("# kubectl apply -f this file; results in the claim ")
                .append(claimName(s)).append(" under ").append(s.name()).append("/merged.\n");
        if (s.secretName() != null && !s.secrets().keys().isEmpty()) {
            b.append("# The pods read ").append(String.join(", ", s.secrets().keys())).append(" from the existing Secret ")
                    .append(s.secretName()).append(" (kubectl create secret generic ").append(s.secretName())
                    .append(s.secrets().keys().stream().map(k -> " --from-literal=" + k + "=...").reduce("", String::concat))
                    .append(").\n");
        }
        List<Map<String, Object>> docs = new ArrayList<>();
        if (s.secretName() == null && !s.secrets().data().isEmpty()) docs.add(secret(s));
        docs.add(configMap(s));
        if (s.claim() == null) docs.add(claim(s));
        docs.add(shardJob(s));
        docs.add(mergeJob(s));
        try {
            for (int i = 0; i < docs.size(); i++) {
                if (i > 0) b.append("---\n");
                b.append(mapper.writeValueAsString(docs.get(i)));
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the manifest: " + e.getOriginalMessage(), e);
        }
        return b.toString();
    }

    static String claimName(Settings s) {
        return s.claim() != null ? s.claim() : s.name() + "-results";
    }

    private static Map<String, Object> meta(Settings s, String name, String component) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        if (s.namespace() != null) m.put("namespace", s.namespace());
        m.put("labels", labels(s, component));
        return m;
    }

    private static Map<String, Object> labels(Settings s, String component) {
        Map<String, Object> l = new LinkedHashMap<>();
        l.put("app.kubernetes.io/name", "benchsuite");
        l.put("app.kubernetes.io/instance", s.name());
        l.put("app.kubernetes.io/component", component);
        return l;
    }

    private static Map<String, Object> configMap(Settings s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apiVersion", "v1");
        m.put("kind", "ConfigMap");
        m.put("metadata", meta(s, s.name() + "-config", "config"));
        m.put("data", map(ARGS_FILE, argsFile(s.runArgs())));
        return m;
    }

    /** The values of the run's secrets, which the shard pods read as environment variables. */
    private static Map<String, Object> secret(Settings s) {
        Map<String, Object> data = new LinkedHashMap<>();
        for (String k : s.secrets().keys()) data.put(k, s.secrets().data().get(k));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apiVersion", "v1");
        m.put("kind", "Secret");
        m.put("metadata", meta(s, s.secretRef(), "secrets"));
        m.put("type", "Opaque");
        m.put("stringData", data);
        return m;
    }

    /** The run flags as a picocli argument file: one argument a line, quoted when it needs to be. */
    static String argsFile(List<String> args) {
        StringBuilder b = new StringBuilder();
        for (String a : args) {
            boolean plain = !a.isEmpty() && a.chars().noneMatch(c -> Character.isWhitespace(c) || c == '"' || c == '\''
                    || c == '\\' || c == '#');
            b.append(plain ? a : '"' + a.replace("\\", "\\\\").replace("\"", "\\\"") + '"').append('\n');
        }
        return b.toString();
    }

    private static Map<String, Object> claim(Settings s) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("accessModes", List.of("ReadWriteMany")); // every shard pod writes, on whichever node it lands
        if (s.storageClass() != null) spec.put("storageClassName", s.storageClass());
        spec.put("resources", map("requests", map("storage", s.storageSize())));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apiVersion", "v1");
        m.put("kind", "PersistentVolumeClaim");
        m.put("metadata", meta(s, claimName(s), "results"));
        m.put("spec", spec);
        return m;
    }

    private static List<Object> volumes(Settings s, boolean config) {
        List<Object> v = new ArrayList<>();
        v.add(map("name", "results", "persistentVolumeClaim", map("claimName", claimName(s))));
        if (config) v.add(map("name", "config", "configMap", map("name", s.name() + "-config")));
        return v;
    }

    private static Map<String, Object> container(Settings s, String name, List<String> args, boolean config,
                                                 List<Object> env, Sizing sizing) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("name", name);
        c.put("image", s.image());
        c.put("args", args);
        if (!env.isEmpty()) c.put("env", env);
        Map<String, Object> amounts = map("cpu", sizing.cpu(), "memory", sizing.memory());
        c.put("resources", map("requests", amounts, "limits", amounts));
        List<Object> mounts = new ArrayList<>();
        mounts.add(map("name", "results", "mountPath", RESULTS));
        if (config) mounts.add(map("name", "config", "mountPath", CONFIG, "readOnly", true));
        c.put("volumeMounts", mounts);
        return c;
    }

    private static Map<String, Object> job(Settings s, String name, String component, Map<String, Object> jobSpec,
                                           Map<String, Object> container, boolean config) {
        Map<String, Object> podSpec = new LinkedHashMap<>();
        podSpec.put("restartPolicy", "Never");
        // the image runs as user 65532 (deploy/k8s/Dockerfile): make the results volume its group's
        podSpec.put("securityContext", map("runAsNonRoot", true, "fsGroup", 65532));
        podSpec.put("containers", List.of(container));
        podSpec.put("volumes", volumes(s, config));
        Map<String, Object> template = new LinkedHashMap<>();
        template.put("metadata", map("labels", labels(s, component)));
        template.put("spec", podSpec);
        jobSpec.put("template", template);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apiVersion", "batch/v1");
        m.put("kind", "Job");
        m.put("metadata", meta(s, name, component));
        m.put("spec", jobSpec);
        return m;
    }

    private static Map<String, Object> shardJob(Settings s) {
        String dir = RESULTS + "/" + s.name();
        List<String> args = List.of("run", "--shards", Integer.toString(s.shards()),
                "--output-dir", dir + "/shard-$(SHARD_INDEX)", "--start-barrier", dir + "/barrier",
                "--no-progress", "@" + CONFIG + "/" + ARGS_FILE);
        List<Object> env = new ArrayList<>(List.of(map("name", "SHARD_INDEX", "valueFrom", map("fieldRef",
                map("fieldPath", "metadata.annotations['batch.kubernetes.io/job-completion-index']"))),
                map("name", "JAVA_TOOL_OPTIONS", "value", "-XX:MaxRAMPercentage=50")));
        for (String k : s.secrets().keys()) {
            env.add(map("name", k, "valueFrom", map("secretKeyRef", map("name", s.secretRef(), "key", k))));
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("completionMode", "Indexed");
        spec.put("completions", s.shards());
        spec.put("parallelism", s.shards()); // every shard at once: they send one load together
        spec.put("backoffLimit", 0); // a shard restarted later would start out of step: fail, and say so
        return job(s, s.name(), "shard", spec, container(s, "shard", args, true, env, s.resources()), true);
    }

    private static Map<String, Object> mergeJob(Settings s) {
        String dir = RESULTS + "/" + s.name();
        // --overwrite: the directory is this Job's own, and a retried pod replaces what the failed one left
        List<String> args = List.of("merge", dir, "--shards", Integer.toString(s.shards()), "--wait",
                Durations.format(s.mergeWait()), "--output-dir", dir + "/merged", "--overwrite");
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("backoffLimit", 1);
        return job(s, s.name() + "-merge", "merge", spec, container(s, "merge", args, false,
                List.of(map("name", "JAVA_TOOL_OPTIONS", "value", "-XX:MaxRAMPercentage=50")),
                new Sizing("500m", "512Mi")), false);
    }

    /** A map keeping its keys in the order given (key, value, key, value, ...), so the YAML reads as written. */
    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        return m;
    }

    /** A Kubernetes object name (DNS-1123 label) from free text: lower case, [a-z0-9-], at most 52 characters (room for suffixes). */
    static String dnsName(String text) {
        String s = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
        if (s.length() > 52) s = s.substring(0, 52).replaceAll("-+$", "");
        return s.isEmpty() ? "benchsuite" : s;
    }
}
