package io.benchsuite.cli;

import static io.benchsuite.cli.SecretCanaries.API_KEY;
import static io.benchsuite.cli.SecretCanaries.API_KEY_VAR;
import static io.benchsuite.cli.SecretCanaries.AUTHORIZATION;
import static io.benchsuite.cli.SecretCanaries.CUSTOM;
import static io.benchsuite.cli.SecretCanaries.ENV_TOKEN;
import static io.benchsuite.cli.SecretCanaries.FILE_SECRET;
import static io.benchsuite.cli.SecretCanaries.METRICS_PASSWORD;
import static io.benchsuite.cli.SecretCanaries.OTLP;
import static io.benchsuite.cli.SecretCanaries.TOKEN_VAR;
import static io.benchsuite.cli.SecretCanaries.URL_PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.sun.net.httpserver.HttpServer;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Distinct canary secrets in every secret slot of {@code run}, {@code run -f}, a rerun from
 * {@code report.json}, {@code k8s} and {@code merge}, against the simulated server over HTTP: none of
 * them, in any form, is in a file written, a console line, a log line or an OTLP payload; a rerun
 * without the secrets given on the command line exits 2 naming each one.
 */
class SecretCanaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> ENV = Map.of(API_KEY_VAR, API_KEY, SecretCanaries.TOKEN_VAR, ENV_TOKEN);

    @TempDir
    Path tmp;
    SimHttpServer sim;
    String server;
    HttpServer otlp;
    String otlpEndpoint;
    final List<byte[]> otlpPayloads = new CopyOnWriteArrayList<>();
    final List<String> otlpAuthorization = new CopyOnWriteArrayList<>();
    final ByteArrayOutputStream logs = new ByteArrayOutputStream();
    PrintStream originalErr;

    @BeforeEach
    void start() throws IOException {
        // the environment the build gives the test JVM: the transport reads referenced secrets from it
        assertThat(System.getenv(API_KEY_VAR)).as("set by the build (benchsuite-cli/pom.xml)").isEqualTo(API_KEY);
        sim = SimHttpServer.builder().tokenizer(Tokenizers.cl100k())
                .settings(SimSettings.builder().model("llama-3.1-8b").timeScale(0.01).build()).start();
        server = "http://127.0.0.1:" + sim.port();
        otlp = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        otlp.createContext("/", ex -> {
            try (ex) {
                otlpPayloads.add(ex.getRequestBody().readAllBytes());
                String auth = ex.getRequestHeaders().getFirst("Authorization");
                otlpAuthorization.add(auth == null ? "" : auth);
                ex.sendResponseHeaders(200, -1);
            }
        });
        otlp.start();
        otlpEndpoint = "http://127.0.0.1:" + otlp.getAddress().getPort();
        originalErr = System.err;
        System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8)); // the CLI's log binding writes here
    }

    @AfterEach
    void stop() {
        System.setErr(originalErr);
        otlp.stop(0);
        sim.close();
    }

    private static List<String> load(Path out) {
        return List.of("--backend", "vllm", "--model", "llama-3.1-8b", "--num-requests", "6", "--max-concurrent", "2",
                "--input-length", "16", "--output-length", "4", "--seed", "3", "--no-progress", "--output-dir", out.toString());
    }

    /** Exit codes of the harnesses {@link #run} ran. */
    final Map<CliHarness, Integer> codes = new IdentityHashMap<>();

    private CliHarness run(List<String> args) {
        CliHarness cli = new CliHarness(ENV);
        codes.put(cli, cli.run(args.toArray(String[]::new)));
        return cli;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * What every case ends with: the console of each command, the files under {@code written}, the log
     * lines and every OTLP payload received hold no canary. A sweep over the canary flags checks the same.
     */
    void assertNoCanaryLeaked(List<CliHarness> commands, Path... written) throws IOException {
        for (CliHarness c : commands) SecretCanaries.assertNoneIn(c);
        for (Path p : written) SecretCanaries.assertNoneIn(p);
        SecretCanaries.assertNoneIn("log lines", logs.toString(StandardCharsets.UTF_8));
        for (byte[] p : otlpPayloads) SecretCanaries.assertNoneIn("an OTLP payload", new String(p, StandardCharsets.ISO_8859_1));
    }

    @Test
    void runAndItsReportHoldReferencesOnlyAndTheSecretsReachTheirServers() throws Exception {
        Path out = tmp.resolve("run");
        CliHarness cli = run(concat(concat(List.of("run"), load(out)), SecretCanaries.runFlags(server, otlpEndpoint)));
        assertThat(codes.get(cli)).as(cli.err()).isZero();
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        assertThat(report.at("/run/status").asText()).isEqualTo("completed");
        assertThat(report.at("/requests/succeeded").asLong()).as("the API key and URL credentials were accepted").isEqualTo(6);
        JsonNode backend = report.at("/config/backend");
        assertThat(backend.path("header.Authorization").asText()).isEqualTo("secret:command-line");
        assertThat(backend.path("header.X-Custom").asText()).isEqualTo("secret:command-line");
        assertThat(backend.path("header.X-Org").asText()).as("not a secret: written as it is").isEqualTo("acme");
        assertThat(backend.path("url").asText()).isEqualTo(server);
        assertThat(backend.path("url.user-info").asText()).isEqualTo("secret:command-line");
        assertThat(backend.path("api-key-env").asText()).isEqualTo(API_KEY_VAR);
        assertThat(otlpAuthorization).as("the OTLP header reached the collector").contains("Bearer " + OTLP);
        assertNoCanaryLeaked(List.of(cli), out);
    }

    @Test
    void runFromAFileWritesReferencesAndARerunAsksForTheSecretsGivenOnTheCommandLine() throws Exception {
        Path secretFile = Files.writeString(tmp.resolve("custom.secret"), FILE_SECRET + "\n");
        Path scenario = Files.writeString(tmp.resolve("scenario.yaml"), "name: canary\nbackend: vllm\nmodel: llama-3.1-8b\n"
                + "num-requests: 6\nmax-concurrent: 2\ninput-length: 16\noutput-length: 4\nseed: 3\nno-progress: true\n"
                + "header:\n  X-Org: acme\n  X-File: secret:file:" + secretFile + "\n  X-Env: secret:env:" + TOKEN_VAR + "\n");
        Path first = tmp.resolve("first");
        CliHarness cli = run(concat(List.of("run", "-f", scenario.toString(), "--output-dir", first.toString()),
                SecretCanaries.runFlags(server, otlpEndpoint)));
        assertThat(codes.get(cli)).as(cli.err()).isZero();
        JsonNode resolved = JSON.readTree(first.resolve("report.json").toFile()).at("/scenario/resolved");
        JsonNode headers = resolved.path("header");
        assertThat(headers.path("Authorization").asText()).isEqualTo("secret:command-line");
        assertThat(headers.path("X-Custom").asText()).isEqualTo("secret:command-line");
        assertThat(headers.path("X-Org").asText()).isEqualTo("acme");
        assertThat(headers.path("X-File").asText()).isEqualTo("secret:file:" + secretFile);
        assertThat(headers.path("X-Env").asText()).isEqualTo("secret:env:" + TOKEN_VAR);
        assertThat(resolved.path("url").asText()).isEqualTo(server.replace("http://", "http://secret:command-line@"));
        assertThat(resolved.path("server-metrics-url").asText())
                .isEqualTo(server.replace("http://", "http://secret:command-line@") + "/metrics");
        assertThat(resolved.path("otlp-header").path("Authorization").asText()).isEqualTo("secret:command-line");

        // read back without the values given on the command line: refused before anything runs, naming each
        Path again = tmp.resolve("again");
        CliHarness refused = run(List.of("run", "-f", first.resolve("report.json").toString(), "--output-dir", again.toString()));
        assertThat(codes.get(refused)).isEqualTo(ExitCodes.USAGE);
        assertThat(refused.err()).contains("missing secrets: ")
                .contains("--header Authorization (secret:command-line): it was given on the command line")
                .contains("give it again: --header Authorization=<value>")
                .contains("--header X-Custom (secret:command-line)")
                .contains("--otlp-header Authorization (secret:command-line)")
                .contains("the user information of --url (secret:command-line)")
                .contains("the user information of --server-metrics-url (secret:command-line)")
                .doesNotContain("X-File").doesNotContain("X-Env"); // references are read again by themselves
        assertThat(again).doesNotExist();

        // given again (a header by name: the file's other headers stay), the rerun runs
        Path third = tmp.resolve("third");
        CliHarness rerun = run(concat(List.of("run", "-f", first.resolve("report.json").toString(), "--output-dir",
                third.toString()), SecretCanaries.runFlags(server, otlpEndpoint)));
        JsonNode rerunReport = JSON.readTree(third.resolve("report.json").toFile());
        assertThat(codes.get(rerun)).as(rerun.err()).isZero();
        assertThat(rerunReport.at("/requests/succeeded").asLong()).isEqualTo(6);
        assertThat(rerunReport.at("/config/backend/header.X-File").asText()).isEqualTo("secret:file:" + secretFile);
        assertThat(rerunReport.at("/config/backend/header.X-Env").asText()).isEqualTo("secret:env:" + TOKEN_VAR);
        assertThat(rerunReport.at("/config/backend/header.X-Org").asText()).isEqualTo("acme");
        assertNoCanaryLeaked(List.of(cli, refused, rerun), first, third);
    }

    @Test
    void k8sPutsTheSecretsInASecretAndTheConfigMapHoldsReferences() throws Exception {
        Path manifest = tmp.resolve("job.yaml");
        List<String> k8s = concat(List.of("k8s", "--shards", "2", "--output", manifest.toString(), "--", "--backend", "vllm",
                "--model", "llama-3.1-8b", "--rate", "4", "--duration", "1m"), SecretCanaries.runFlags(server, otlpEndpoint));
        CliHarness cli = new CliHarness(ENV);
        assertThat(cli.run(k8s.toArray(String[]::new))).as(cli.err()).isZero();
        List<JsonNode> docs = new ArrayList<>();
        try (var it = new YAMLMapper().readerFor(JsonNode.class).<JsonNode>readValues(Files.readString(manifest))) {
            while (it.hasNext()) docs.add(it.next());
        }
        assertThat(docs.get(0).path("kind").asText()).isEqualTo("Secret");
        JsonNode data = docs.get(0).path("stringData");
        assertThat(data.path(API_KEY_VAR).asText()).isEqualTo(API_KEY);
        assertThat(data.path("BENCHSUITE_HEADER_AUTHORIZATION").asText()).isEqualTo("Bearer " + AUTHORIZATION);
        assertThat(data.path("BENCHSUITE_HEADER_X_CUSTOM").asText()).isEqualTo(CUSTOM);
        assertThat(data.path("BENCHSUITE_OTLP_HEADER_AUTHORIZATION").asText()).isEqualTo("Bearer " + OTLP);
        assertThat(data.path("BENCHSUITE_URL_USER_INFO").asText()).isEqualTo("alice:" + URL_PASSWORD);
        assertThat(data.path("BENCHSUITE_SERVER_METRICS_URL_USER_INFO").asText()).isEqualTo("bob:" + METRICS_PASSWORD);
        for (int i = 1; i < docs.size(); i++) SecretCanaries.assertNoneIn(docs.get(i).path("kind") + " " + i, docs.get(i).toString());
        String args = docs.get(1).path("data").path("run.args").asText();
        assertThat(args).contains("Authorization=secret:env:BENCHSUITE_HEADER_AUTHORIZATION")
                .contains("http://secret:env:BENCHSUITE_URL_USER_INFO@127.0.0.1:");
        JsonNode env = docs.get(3).at("/spec/template/spec/containers/0/env");
        assertThat(env.toString()).contains("\"secretKeyRef\":{\"name\":\"benchsuite-default-secrets\",\"key\":\"" + API_KEY_VAR + "\"}");

        // the pods' argument file plans as the run (the references stand where the values were)
        Path argsFile = Files.writeString(tmp.resolve("run.args"), args);
        CliHarness pod = new CliHarness(Map.of(API_KEY_VAR, "x", "BENCHSUITE_HEADER_AUTHORIZATION", "x",
                "BENCHSUITE_HEADER_X_CUSTOM", "x", "BENCHSUITE_OTLP_HEADER_AUTHORIZATION", "x", "BENCHSUITE_URL_USER_INFO", "a:b",
                "BENCHSUITE_SERVER_METRICS_URL_USER_INFO", "a:b"));
        assertThat(pod.plan("@" + argsFile).backendConfig().secret("url.user-info").orElseThrow())
                .hasToString("secret:env:BENCHSUITE_URL_USER_INFO");

        // an existing Secret: the manifest holds no value at all
        Path referenced = tmp.resolve("ref.yaml");
        List<String> withName = new ArrayList<>(k8s);
        withName.set(withName.indexOf("--output") + 1, referenced.toString());
        withName.add(1, "--secret-name");
        withName.add(2, "bench-creds");
        CliHarness named = new CliHarness(Map.of());
        assertThat(named.run(withName.toArray(String[]::new))).as(named.err()).isZero();
        String yaml = Files.readString(referenced);
        assertThat(yaml).doesNotContain("kind: Secret").contains("name: bench-creds")
                .contains("--from-literal=BENCHSUITE_URL_USER_INFO=...");
        assertNoCanaryLeaked(List.of(cli, named), referenced);
    }

    @Test
    void shardsAndTheirMergeHoldReferencesOnly() throws Exception {
        Instant start = Instant.now().plusSeconds(1);
        List<CliHarness> all = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path out = tmp.resolve("shards/shard-" + i);
            CliHarness shard = run(concat(concat(List.of("run", "--shard", i + "/2", "--start-at", start.toString(), "--name", "m"),
                    load(out)), SecretCanaries.runFlags(server, otlpEndpoint)));
            assertThat(codes.get(shard)).as(shard.err()).isZero();
            all.add(shard);
        }
        CliHarness merge = new CliHarness(ENV);
        Path merged = tmp.resolve("merged");
        assertThat(merge.run("merge", tmp.resolve("shards").toString(), "--shards", "2", "--output-dir", merged.toString()))
                .as(merge.err()).isZero();
        all.add(merge);
        assertThat(JSON.readTree(merged.resolve("report.json").toFile()).at("/config/backend/header.Authorization").asText())
                .isEqualTo("secret:command-line");
        assertNoCanaryLeaked(all, tmp.resolve("shards"), merged);
    }

    @Test
    void aSweepOverASecretHeaderAndAUrlPasswordWritesNoneOfThem() throws Exception {
        Path out = tmp.resolve("sweep");
        String key1 = "cnry-sweepkey1-W8e4Q2", key2 = "cnry-sweepkey2-R5t9Y3";
        String pw1 = "cnry-sweeppw1-U7i1O6", pw2 = "cnry-sweeppw2-P3a8S4";
        List<String> args = new ArrayList<>(List.of("sweep", "--sweep", "header.X-Api-Key=" + key1 + "," + key2, "--sweep",
                "url=" + server.replace("http://", "http://carol:" + pw1 + "@") + ","
                        + server.replace("http://", "http://carol:" + pw2 + "@"),
                "--backend", "vllm", "--model", "llama-3.1-8b", "--num-requests", "4", "--max-concurrent", "2", "--input-length", "16",
                "--output-length", "4", "--seed", "3", "--no-progress", "--output-dir", out.toString()));
        // every other slot holds a canary too (the swept --url is not given twice)
        List<String> flags = SecretCanaries.runFlags(server, otlpEndpoint);
        int url = flags.indexOf("--url");
        flags = concat(flags.subList(0, url), flags.subList(url + 2, flags.size()));
        CliHarness cli = run(concat(args, flags));
        assertThat(codes.get(cli)).as(cli.err()).isZero();
        JsonNode doc = JSON.readTree(out.resolve("sweep.json").toFile());
        assertThat(doc.at("/series/0/points/0/status").asText()).isEqualTo("completed");
        assertThat(doc.at("/series/0/points/0/requests").asLong()).as("the swept credentials reached the server").isEqualTo(4);
        assertThat(doc.at("/axes/0/values").toString()).contains("***#1", "***#2");
        for (String s : List.of(key1, key2, pw1, pw2)) assertThat(cli.out() + cli.err()).doesNotContain(s);
        assertNoCanaryLeaked(List.of(cli), out);
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.toList()) {
                String text = f + (Files.isRegularFile(f) ? Files.readString(f) : "");
                for (String s : List.of(key1, key2, pw1, pw2)) assertThat(text).as(f.toString()).doesNotContain(s);
            }
        }
    }
}
