package io.benchsuite.cli;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.shard.ShardedWorkload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/** {@code benchsuite k8s --shards n [run flags]}: the Kubernetes manifest of a run split into n shards. */
@Command(name = "k8s", mixinStandardHelpOptions = true, usageHelpWidth = 100,
        description = {"Writes the Kubernetes manifest of a run split into --shards pods: a ConfigMap with the run "
                + "flags, a ReadWriteMany PersistentVolumeClaim for the results (or --results-claim), an Indexed Job "
                + "(completions = parallelism = n) whose pods run 'benchsuite run --shards n' and meet at a start "
                + "barrier on the volume, and a Job that merges their reports. Resources are sized to one shard's "
                + "load (docs/scale-out.md).",
                "The run flags follow the k8s flags, e.g. benchsuite k8s --shards 8 --image registry/benchsuite:0.1 "
                        + "-- --backend vllm --url http://vllm:8000 --rate 400 --duration 10m"},
        footer = {"", "The image: deploy/k8s/Dockerfile (the shaded CLI jar on a JRE)."})
final class K8sCommand implements Callable<Integer> {
    /** Flags the manifest sets itself for each shard. */
    private static final Set<String> SET_BY_MANIFEST = Set.of("--shard", "--shards", "--output-dir", "--start-at",
            "--start-barrier");

    private final CliContext ctx;

    @Option(names = "--shards", required = true, paramLabel = "<n>", description = "Number of shard pods.")
    String shards;

    @Option(names = "--image", paramLabel = "<image>", defaultValue = "benchsuite:latest",
            description = "The benchsuite image the pods run (default: ${DEFAULT-VALUE}; build it with deploy/k8s/Dockerfile).")
    String image;

    @Option(names = "--name", paramLabel = "<name>",
            description = "Base name of the Kubernetes objects and of the results directory (default: benchsuite-<scenario name>).")
    String name;

    @Option(names = "--namespace", paramLabel = "<ns>", description = "Namespace of the objects (default: kubectl's).")
    String namespace;

    @Option(names = "--results-claim", paramLabel = "<pvc>",
            description = "An existing ReadWriteMany PersistentVolumeClaim for the results (default: the manifest creates one).")
    String resultsClaim;

    @Option(names = "--storage-class", paramLabel = "<class>",
            description = "Storage class of the created claim; it must offer ReadWriteMany (default: the cluster's).")
    String storageClass;

    @Option(names = "--results-size", paramLabel = "<size>", defaultValue = "10Gi",
            description = "Size of the created claim (default: ${DEFAULT-VALUE}; requests.jsonl takes about 1 KB per request).")
    String resultsSize;

    @Option(names = "--secret-name", paramLabel = "<secret>",
            description = "An existing Kubernetes Secret holding the run's secrets (the keys the manifest lists); "
                    + "default: the manifest creates <name>-secrets from the values given and the variables the flags name.")
    String secretName;

    @Option(names = "--output", paramLabel = "<file>", description = "Write the manifest here (default: standard output).")
    Path output;

    /** The flags of 'benchsuite run' every shard gets, in order: whatever follows the k8s flags (or a {@code --}). */
    @Unmatched
    List<String> runFlags = new ArrayList<>();

    K8sCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        int n = Flags.positiveInt("--shards", shards);
        List<String> runArgs = new ArrayList<>(runFlags);
        if (!runArgs.isEmpty() && runArgs.get(0).equals("--")) runArgs.remove(0);
        for (String a : runArgs) {
            String flag = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (SET_BY_MANIFEST.contains(flag)) {
                throw CliException.usage(flag + ": the manifest sets it for each shard (shard index, output directory "
                        + "and start barrier); leave it out of the run flags");
            }
        }
        RunPlan plan = plan(runArgs);
        Workload whole = plan.workload();
        try {
            ShardedWorkload.of(whole, new Shard(n - 1, n));
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--shards: " + e.getMessage());
        }
        if (whole.length().isEmpty()) {
            throw CliException.usage("the run flags need a --duration (or a steps profile): the merge Job waits for "
                    + "the run's length and the shards start together for it");
        }
        String base = K8sManifest.dnsName(name != null ? name : "benchsuite-" + plan.name());
        if (name != null && !base.equals(name)) {
            throw CliException.usage("--name: must be a DNS label (lower case letters, digits, '-', at most 52), e.g. '" + base + "'");
        }
        Duration mergeWait = whole.length().get().plus(plan.drainTimeout()).plus(Duration.ofMinutes(30));
        if (secretName != null && !K8sManifest.dnsName(secretName).equals(secretName)) {
            throw CliException.usage("--secret-name: must be the name of a Secret (lower case letters, digits, '-')");
        }
        // secrets leave the run flags: the ConfigMap holds secret:env: references, a Secret the values
        K8sSecrets secrets = K8sSecrets.of(runArgs, secretName, ctx.env());
        K8sManifest.Settings s = new K8sManifest.Settings(base, namespace, n, image, secrets.runArgs(), whole, resultsClaim,
                storageClass, resultsSize, mergeWait, K8sManifest.Sizing.of(whole, n), secrets, secretName);
        String yaml = K8sManifest.yaml(s);
        if (output == null) {
            ctx.out().print(yaml);
            ctx.out().flush();
        } else {
            try {
                Files.writeString(output, yaml, StandardCharsets.UTF_8);
            } catch (IOException e) {
                // the exception's message is often the path alone: say why
                throw CliException.failure("--output: cannot write " + output + ": " + IoErrors.reason(e, output)
                        + (Files.isDirectory(output) ? " (it is a directory; name a file)" : ""));
            }
            ctx.err().println("benchsuite: wrote " + output + " (" + n + " shards of " + s.resources().cpu() + " CPU, "
                    + s.resources().memory() + " each); kubectl apply -f " + output);
        }
        return ExitCodes.OK;
    }

    /** The run flags checked as 'benchsuite run' checks them, so a bad flag fails here and not in n pods. */
    private RunPlan plan(List<String> runArgs) {
        // the pods' environment is not this one: a variable the flags name (--api-key-env) is theirs to set
        RunCommand run = new RunCommand(new CliContext(ctx.out(), ctx.err(), variable -> "(set in the pod)", false));
        try {
            new CommandLine(run).parseArgs(runArgs.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw CliException.usage("run flags: " + BenchsuiteCli.usageMessage(e));
        }
        return run.plan();
    }
}
