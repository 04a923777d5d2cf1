package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ModelsSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.sim.Adapters;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --model-mix} and the routing headers against {@code serve-sim} serving a base model and two LoRA adapters:
 * the client's per-model figures against the server's request log, the headers as the server received them.
 */
class ModelMixOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SHAREGPT = Path.of("..", "benchsuite-workloads", "src", "test", "resources", "io", "benchsuite",
            "core", "workload", "sharegpt_sample.json").toString();
    /** A credential header given with --header: it must stay masked while the routing headers are shown. */
    private static final String CANARY = "canary-4f1d9a7c2b";

    private static SimHttpServer server(Path log) throws Exception {
        return SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).servedModelName("base")
                .settings(SimSettings.builder().model("llama-3.1-8b").timeScale(0.01).build())
                .adapters(new Adapters(List.of("adapter-a", "adapter-b"), 1, 40)).requestLog(log).start();
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String l : Files.readAllLines(file)) if (!l.isBlank()) out.add(JSON.readTree(l));
        return out;
    }

    @Test
    void perModelFiguresEqualTheServersLogAndTheHeadersArrive(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        Path log = tmp.resolve("server.jsonl");
        CliHarness cli = new CliHarness();
        try (SimHttpServer server = server(log)) {
            int code = cli.run("run", "--backend", "vllm", "--url", server.baseUri().toString(), "--model", "base",
                    "--max-concurrent", "4", "--num-requests", "120", "--input-length", "40", "--output-length", "8",
                    "--seed", "11", "--model-mix", "base=0.6,adapter-a=0.3,adapter-b=0.1", "--session-header", "x-session-id",
                    "--request-id-header", "x-request-id", "--header", "x-api-key=" + CANARY, "--no-progress",
                    "--output-dir", out.toString());
            assertThat(code).as(cli.err()).isZero();
        }
        Map<String, Integer> served = new TreeMap<>();
        Map<String, String> serverModelById = new HashMap<>();
        Map<String, String> serverSessionById = new HashMap<>();
        for (JsonNode l : lines(log)) {
            if (!l.has("model")) continue;
            served.merge(l.get("model").asText(), 1, Integer::sum);
            String id = l.path("headers").path("x-request-id").asText(null);
            assertThat(id).as("every request carries its id: %s", l).isNotNull();
            serverModelById.put(id, l.get("model").asText());
            serverSessionById.put(id, l.path("headers").path("x-session-id").asText(null));
        }
        Report report = ReportJson.read(out);
        ModelsSection models = report.section(ModelsSection.class).orElseThrow();
        Map<String, Integer> client = new TreeMap<>();
        for (ModelsSection.Model m : models.models()) client.put(m.name(), (int) m.requests());
        assertThat(client).as("the client's per-model counts are the server's").isEqualTo(served);
        assertThat(client.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(120);
        assertThat(models.models()).allSatisfy(m -> {
            assertThat(m.failed()).isZero();
            assertThat(m.succeeded()).isEqualTo(m.requests());
            assertThat(m.ttft().count()).isEqualTo(m.succeeded());
        });

        Set<String> ids = new HashSet<>();
        for (JsonNode r : lines(out.resolve("requests.jsonl"))) {
            String id = r.get("routeRequestId").asText();
            assertThat(ids.add(id)).as("request ids are unique").isTrue();
            assertThat(id).isEqualTo(report.run().id() + "-" + r.get("index").asLong());
            assertThat(serverModelById.get(id)).as("the model the server saw for %s", id).isEqualTo(r.get("model").asText());
            assertThat(serverSessionById.get(id)).as("an independent request's session id is its own")
                    .isEqualTo(r.get("routeSessionId").asText()).isEqualTo(id);
        }
        assertThat(ids).hasSize(120);

        String reportText = Files.readString(out.resolve("report.json"));
        assertThat(reportText).as("the routing headers are shown").contains("x-session-id").contains("x-request-id")
                .doesNotContain(CANARY);
        for (String f : List.of("requests.jsonl", "summary.csv", "report.html")) {
            assertThat(Files.readString(out.resolve(f))).as(f).doesNotContain(CANARY);
        }
        assertThat(cli.out()).doesNotContain(CANARY).contains("Models").contains("adapter-a");
        assertThat(Files.readAllLines(out.resolve("summary.csv")))
                .contains("model:adapter-b,requests," + served.get("adapter-b") + ",count");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<section id=\"models\">");
    }

    @Test
    void perSessionEveryTurnCarriesTheSameIdAndModel(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        Path log = tmp.resolve("server.jsonl");
        try (SimHttpServer server = server(log)) {
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "vllm", "--url", server.baseUri().toString(), "--model", "base",
                    "--max-concurrent", "3", "--dataset", "sharegpt:" + SHAREGPT, "--sessions", "--no-length-filters",
                    "--output-length", "6", "--seed", "3", "--model-mix", "base=1,adapter-a=1,adapter-b=1",
                    "--model-mix-by", "session", "--session-header", "x-session-id", "--no-progress",
                    "--output-dir", out.toString());
            assertThat(code).as(cli.err()).isZero();
        }
        Map<String, Set<String>> modelsBySession = new HashMap<>();
        Map<String, Set<String>> idsBySession = new HashMap<>();
        int multiTurn = 0;
        for (JsonNode r : lines(out.resolve("requests.jsonl"))) {
            String session = r.path("session").asText("");
            if (session.isEmpty()) {
                // an independent request (a one-turn conversation) draws its own model and carries its own id
                assertThat(r.get("routeSessionId").asText()).endsWith("-" + r.get("index").asLong());
                continue;
            }
            modelsBySession.computeIfAbsent(session, k -> new HashSet<>()).add(r.get("model").asText());
            idsBySession.computeIfAbsent(session, k -> new HashSet<>()).add(r.get("routeSessionId").asText());
            if (r.path("turn").asInt() > 1) multiTurn++;
        }
        assertThat(multiTurn).as("the dataset has sessions of several turns").isPositive();
        assertThat(modelsBySession.values()).allSatisfy(s -> assertThat(s).hasSize(1));
        assertThat(idsBySession.values()).allSatisfy(s -> assertThat(s).hasSize(1));
        Map<String, Set<String>> serverModels = new HashMap<>();
        for (JsonNode l : lines(log)) {
            if (!l.has("model")) continue;
            serverModels.computeIfAbsent(l.path("headers").path("x-session-id").asText(), k -> new HashSet<>())
                    .add(l.get("model").asText());
        }
        assertThat(serverModels).as("the server saw one model per session id").hasSize(modelsBySession.size());
        assertThat(serverModels.values()).allSatisfy(s -> assertThat(s).hasSize(1));
    }

    @Test
    void badValuesExit2NamingTheFlag(@TempDir Path tmp) throws Exception {
        String[][] cases = {
            {"--model-mix", "base"}, {"--model-mix", "base=-1"}, {"--model-mix-by", "turn"},
            {"--session-header", "x session"}, {"--request-id-header", "Authorization"}};
        String[] flags = {"--model-mix", "--model-mix", "--model-mix-by", "--session-header", "--request-id-header"};
        for (int i = 0; i < cases.length; i++) {
            CliHarness cli = new CliHarness();
            List<String> args = new ArrayList<>(List.of("run", "--backend-option", "clock=virtual", "--num-requests", "5",
                    "--no-progress", "--output-dir", tmp.resolve("r" + i).toString()));
            args.addAll(List.of(cases[i]));
            assertThat(cli.run(args.toArray(String[]::new))).as(String.join(" ", cases[i])).isEqualTo(2);
            assertThat(cli.err()).contains(flags[i]);
        }
        CliHarness alone = new CliHarness();
        assertThat(alone.run("run", "--backend-option", "clock=virtual", "--num-requests", "5", "--no-progress",
                "--output-dir", tmp.resolve("alone").toString(), "--model-mix-by", "session")).isEqualTo(2);
        assertThat(alone.err()).contains("--model-mix-by: needs --model-mix");
    }

    @Test
    void theSameSeedGivesTheSameModelsAndCompareShowsPerModelRows(@TempDir Path tmp) throws Exception {
        String[] base = {"run", "--backend-option", "clock=virtual", "--num-requests", "300", "--rate", "20",
            "--input-length", "32", "--output-length", "8", "--seed", "9", "--model-mix", "base=0.6,adapter-a=0.3,adapter-b=0.1",
            "--no-progress", "--output-dir"};
        List<Map<String, Long>> counts = new ArrayList<>();
        for (String run : List.of("a", "b")) {
            CliHarness cli = new CliHarness();
            List<String> args = new ArrayList<>(List.of(base));
            args.add(tmp.resolve(run).toString());
            assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
            Map<String, Long> c = new TreeMap<>();
            for (ModelsSection.Model m : ReportJson.read(tmp.resolve(run)).section(ModelsSection.class).orElseThrow().models()) {
                c.put(m.name(), m.requests());
            }
            counts.add(c);
        }
        assertThat(counts.get(0)).as("the same seed picks the same models").isEqualTo(counts.get(1));
        Map<String, Long> picked = counts.get(0);
        assertThat(picked.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(300);
        Map<String, Double> shares = Map.of("base", 0.6, "adapter-a", 0.3, "adapter-b", 0.1);
        shares.forEach((name, p) -> {
            double sd = Math.sqrt(300 * p * (1 - p));
            assertThat((double) picked.get(name)).as(name).isBetween(300 * p - 3 * sd, 300 * p + 3 * sd);
        });
        CliHarness compare = new CliHarness();
        assertThat(compare.run("compare", tmp.resolve("a").toString(), tmp.resolve("b").toString(), "--output-dir",
                tmp.resolve("cmp").toString())).as(compare.err()).isZero();
        JsonNode doc = JSON.readTree(tmp.resolve("cmp").resolve("comparison.json").toFile());
        assertThat(doc.get("models")).as("per-model rows: 3 models x 2 runs").hasSize(6);
        JsonNode first = doc.get("models").get(0);
        assertThat(first.get("model").asText()).isEqualTo("base");
        assertThat(first.path("values").path("requests").asLong()).isEqualTo(picked.get("base"));
        assertThat(Files.readString(tmp.resolve("cmp").resolve("comparison.html"))).contains("data-model=\"adapter-b\"");
    }
}
