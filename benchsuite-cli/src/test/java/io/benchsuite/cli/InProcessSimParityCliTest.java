package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.backends.media.SyntheticAudio;
import io.benchsuite.backends.media.SyntheticImages;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.sim.Adapters;
import io.benchsuite.sim.AudioTokens;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same seeded workload in process ({@code --backend sim --backend-option clock=virtual}) and against
 * {@code serve-sim} over HTTP gives the same figures: tool names per request and the {@code tools} section,
 * an embeddings run's inputs and tokens, a transcription run's prompt and transcript tokens (under the same
 * audio-token rule, also on the real clock), a chat run's audio figures (synthetic clips and a dataset's files), its image figures (count, a file's
 * bytes and the vision tokens of each image's size), and
 * the adapter loads of a model mix. One request at a time, so that the
 * server sees the client's order.
 */
class InProcessSimParityCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static List<JsonNode> requests(Path out) throws Exception {
        List<JsonNode> r = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("requests.jsonl"))) r.add(JSON.readTree(line));
        r.sort(Comparator.comparingLong(n -> n.get("index").asLong()));
        return r;
    }

    private static CliHarness run(Path out, String backend, List<String> extra) {
        List<String> args = new ArrayList<>(backend == null ? List.of("run", "--backend", "sim", "--backend-option", "clock=virtual")
                : List.of("run", "--backend", "vllm", "--url", backend));
        args.addAll(List.of("--model", "llama-3-8b", "--max-concurrent", "1", "--seed", "5", "--no-progress", "--output-dir",
                out.toString()));
        args.addAll(extra);
        CliHarness cli = new CliHarness();
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err() + cli.out()).isZero();
        return cli;
    }

    @Test
    void toolCallsAndTheToolsSectionAreTheSameInProcessAndOverHttp() throws Exception {
        List<String> flags = List.of("--num-requests", "10", "--input-length", "64", "--output-length", "24", "--tools", "4",
                "--accuracy", "tool-call");
        Path http = tmp.resolve("http");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).start()) {
            run(http, server.baseUri().toString(), flags);
        }
        Path local = tmp.resolve("local");
        CliHarness cli = run(local, null, flags);
        List<JsonNode> a = requests(http);
        List<JsonNode> b = requests(local);
        assertThat(b).hasSize(10);
        for (int i = 0; i < 10; i++) {
            assertThat(b.get(i).get("toolNames")).as("request %d", i).isEqualTo(a.get(i).get("toolNames"));
            assertThat(b.get(i).get("toolCalls").asInt()).isEqualTo(1);
            assertThat(b.get(i).get("toolArgsJson").asInt()).isEqualTo(1);
            assertThat(b.get(i).get("outputTokens").asInt()).isEqualTo(a.get(i).get("outputTokens").asInt()).isEqualTo(24);
        }
        JsonNode toolsHttp = JSON.readTree(http.resolve("report.json").toFile()).get("tools");
        JsonNode toolsLocal = JSON.readTree(local.resolve("report.json").toFile()).get("tools");
        System.out.printf("tools section over HTTP: %s%ntools section in process: %s%n", toolsHttp, toolsLocal);
        assertThat(toolsLocal).as("the tools section, in process and over HTTP").isEqualTo(toolsHttp);
        assertThat(toolsLocal.get("requests").asLong()).isEqualTo(10);
        assertThat(toolsLocal.get("answeredWithCalls").asLong()).isEqualTo(10);
        assertThat(toolsLocal.get("malformedArguments").asLong()).isZero();
        assertThat(toolsLocal.get("accuracy").asDouble()).isEqualTo(1.0);
        assertThat(JSON.readTree(local.resolve("report.json").toFile()).at("/accuracy/correct").asLong()).isEqualTo(10);
        assertThat(cli.out()).contains("tools                10 requests offered tools: 10 answered with calls (1.00 per request)");
        assertThat(Files.readAllLines(local.resolve("summary.csv"))).contains("tools,requests,10,count", "tools,accuracy,1,ratio");
        assertThat(Files.readString(local.resolve("report.html"))).contains("<section id=\"tools\"><h2>Tool calls</h2>");
    }

    @Test
    void anEmbeddingsRunHasTheSameInputsAndTokensInProcessAndOverHttp() throws Exception {
        List<String> flags = List.of("--endpoint", "embeddings", "--batch-size", "8", "--num-requests", "6", "--input-length",
                "uniform:16-48");
        Path http = tmp.resolve("http");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).start()) {
            run(http, server.baseUri().toString(), flags);
        }
        Path local = tmp.resolve("local");
        run(local, null, flags);
        JsonNode a = JSON.readTree(http.resolve("report.json").toFile()).get("batches");
        JsonNode b = JSON.readTree(local.resolve("report.json").toFile()).get("batches");
        System.out.printf("batches over HTTP: %s%nbatches in process: %s%n", a, b);
        assertThat(b.get("requests").asLong()).isEqualTo(a.get("requests").asLong()).isEqualTo(6);
        assertThat(b.get("inputs").asLong()).isEqualTo(a.get("inputs").asLong()).isEqualTo(48);
        assertThat(b.get("inputTokens").asLong()).isEqualTo(a.get("inputTokens").asLong());
        assertThat(b.get("serverPromptTokens").asLong()).as("the engine counts the run tokenizer's tokens")
                .isEqualTo(b.get("inputTokens").asLong());
        for (JsonNode r : requests(local)) {
            assertThat(r.get("returned").asInt()).isEqualTo(8);
            assertThat(r.get("dimensions").asInt()).isEqualTo(384);
        }
    }

    @Test
    void aTranscriptionRunHasTheSameFiguresInProcessAndOverHttp() throws Exception {
        // clips of 1 to 40 s: whisper's rule pays 1500 tokens per started 30 s window, so two lengths cost 3000
        List<String> flags = List.of("--endpoint", "transcriptions", "--num-requests", "8", "--audio-seconds", "uniform:1-40",
                "--input-length", "64");
        Path http = tmp.resolve("http");
        Path log = tmp.resolve("server.jsonl");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).audioTokens(AudioTokens.WHISPER)
                .requestLog(log).start()) {
            run(http, server.baseUri().toString(), flags);
        }
        List<JsonNode> served = served(log);
        Path virtual = tmp.resolve("virtual");
        List<String> inProcess = new ArrayList<>(flags);
        inProcess.addAll(List.of("--backend-option", "audio-tokens=whisper"));
        run(virtual, null, inProcess);
        Path real = tmp.resolve("real");
        List<String> realArgs = new ArrayList<>(List.of("run", "--backend", "sim", "--backend-option", "time-scale=0.01"));
        realArgs.addAll(List.of("--model", "llama-3-8b", "--max-concurrent", "1", "--seed", "5", "--no-progress", "--output-dir",
                real.toString()));
        realArgs.addAll(inProcess);
        CliHarness cli = new CliHarness();
        assertThat(cli.run(realArgs.toArray(String[]::new))).as(cli.err() + cli.out()).isZero();

        List<JsonNode> a = requests(http);
        assertThat(a).hasSize(8);
        assertThat(served).hasSize(8);
        boolean twoWindows = false;
        for (Path local : List.of(virtual, real)) {
            List<JsonNode> b = requests(local);
            assertThat(b).hasSize(8);
            for (int i = 0; i < 8; i++) {
                JsonNode s = served.get(i);
                int prompt = s.get("promptTokens").asInt();
                double seconds = s.get("audioSeconds").asDouble();
                assertThat(prompt).as("whisper's windows and the task tokens").isEqualTo(1500 * (int) Math.ceil(seconds / 30) + 4);
                twoWindows |= seconds > 30;
                assertThat(a.get(i).get("serverPromptTokens").asInt()).isEqualTo(prompt);
                assertThat(b.get(i).get("outcome").asText()).as("%s request %d", local.getFileName(), i).isEqualTo("success");
                assertThat(b.get(i).get("serverPromptTokens").asInt()).as("%s request %d", local.getFileName(), i).isEqualTo(prompt);
                assertThat(b.get(i).get("inputTokens").asInt()).as("the server's count, not the unsent prompt's 64").isEqualTo(prompt);
                assertThat(a.get(i).get("inputTokens").asInt()).isEqualTo(prompt);
                assertThat(b.get(i).get("outputTokens").asInt()).isEqualTo(a.get(i).get("outputTokens").asInt())
                        .isEqualTo((int) Math.ceil(3 * seconds));
                assertThat(b.get(i).get("streamedTokens").asInt()).isEqualTo(a.get(i).get("streamedTokens").asInt());
                assertThat(b.get(i).path("promptSent").asBoolean(true)).as(b.get(i).toString()).isFalse();
                assertThat(a.get(i).path("promptSent").asBoolean(true)).as(a.get(i).toString()).isFalse();
            }
        }
        assertThat(twoWindows).as("the seed draws a clip over 30 s").isTrue();
    }

    /** serve-sim's log of the requests it received, in the order it received them. */
    private static List<JsonNode> served(Path log) throws Exception {
        List<JsonNode> served = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            JsonNode n = JSON.readTree(line);
            if (n.has("receivedNanos")) served.add(n);
        }
        served.sort(Comparator.comparingLong(n -> n.get("n").asLong()));
        return served;
    }

    /** One workload over HTTP (serve-sim's log of what it received, in its order) and in process, request by request. */
    private record Parity(List<JsonNode> overHttp, List<JsonNode> inProcess, List<JsonNode> served) {}

    /** Runs {@code flags} against serve-sim with a request log, then in process; checks both ran as many requests. */
    private Parity parity(String name, List<String> flags) throws Exception {
        Path http = tmp.resolve("http-" + name);
        Path log = tmp.resolve("server-" + name + ".jsonl");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).requestLog(log).start()) {
            run(http, server.baseUri().toString(), flags);
        }
        List<JsonNode> served = served(log);
        Path local = tmp.resolve("local-" + name);
        run(local, null, flags);
        Parity p = new Parity(requests(http), requests(local), served);
        assertThat(p.inProcess()).hasSize(p.overHttp().size()).hasSize(served.size());
        return p;
    }

    @Test
    void chatImagesHaveTheSameFiguresInProcessAndOverHttp() throws Exception {
        // a dataset's files: a 640x480 PNG (vision tokens of its size, read from its header on both sides), a 300x200
        // JPEG with it in one request, and a URL that neither side fetches (a size of its own is unknown)
        Files.createDirectories(tmp.resolve("imgs"));
        byte[] png = SyntheticImages.encode(new ImageInputs.Synthetic(640, 480, ImageInputs.Format.PNG, 3));
        byte[] jpeg = SyntheticImages.encode(new ImageInputs.Synthetic(300, 200, ImageInputs.Format.JPEG, 4));
        Files.write(tmp.resolve("imgs/a.png"), png);
        Files.write(tmp.resolve("imgs/b.jpg"), jpeg);
        Path data = Files.writeString(tmp.resolve("prompts.jsonl"), "{\"prompt\":\"What is in this picture?\",\"images\":[\"imgs/a.png\"]}\n"
                + "{\"prompt\":\"And these?\",\"images\":[\"imgs/a.png\",\"imgs/b.jpg\"]}\n"
                + "{\"prompt\":\"And this one?\",\"images\":[\"https://images.example/cat.png\"]}\n");
        List<String> synthetic = List.of("--num-requests", "6", "--input-length", "64", "--output-length", "4", "--image-count",
                "uniform:1-2", "--image-size", "96x64");
        List<String> dataset = List.of("--num-requests", "3", "--output-length", "4", "--dataset", "jsonl:" + data);
        for (List<String> flags : List.of(synthetic, dataset)) {
            String name = flags == synthetic ? "synthetic" : "dataset";
            Parity p = parity(name, flags);
            List<JsonNode> a = p.overHttp();
            List<JsonNode> b = p.inProcess();
            List<JsonNode> served = p.served();
            for (int i = 0; i < b.size(); i++) {
                JsonNode c = a.get(i);
                JsonNode r = b.get(i);
                JsonNode s = served.get(i);
                assertThat(r.get("outcome").asText()).as("%s request %d: %s", name, i, r).isEqualTo("success");
                assertThat(r.has("images")).as("%s request %d has its image figures: %s", name, i, r).isTrue();
                assertThat(r.get("images").asInt()).as("%s request %d", name, i).isEqualTo(c.get("images").asInt())
                        .isEqualTo(s.get("images").size());
                assertThat(r.has("payloadBytes")).as("no body in process, so no size of one").isFalse();
                int imageTokens = s.get("imageTokens").asInt();
                assertThat(r.get("serverPromptTokens").asInt() - r.get("inputTokens").asInt()).as("%s request %d's images", name, i)
                        .isEqualTo(imageTokens).isEqualTo(c.get("serverPromptTokens").asInt() - c.get("inputTokens").asInt());
                if (flags == synthetic) {
                    assertThat(r.has("imageBytes")).as("the simulator never encodes a synthetic image: %s", r).isFalse();
                    assertThat(c.get("imageBytes").asLong()).isPositive();
                } else {
                    assertThat(r.get("imageBytes").asLong()).as("dataset request %d", i).isEqualTo(c.get("imageBytes").asLong());
                }
            }
            if (flags == dataset) {
                assertThat(b.get(0).get("imageBytes").asLong()).isEqualTo(png.length);
                assertThat(b.get(1).get("imageBytes").asLong()).isEqualTo(png.length + jpeg.length);
                assertThat(b.get(2).get("imageBytes").asLong()).as("a URL is sent, not its bytes").isZero();
                assertThat(served.get(1).get("imageTokens").asInt()).as("a size of its own for each image")
                        .isNotEqualTo(2 * served.get(0).get("imageTokens").asInt());
            }
        }
    }

    @Test
    void chatAudioHasTheSameFiguresInProcessAndOverHttp() throws Exception {
        // a dataset's files: a WAV file of 3.2 s (80 tokens under qwen2-audio, not the unknown clip's 250) and, with it
        // in one request, a file that is not WAV (of unknown length, counted as 10 s on both sides)
        Files.createDirectories(tmp.resolve("clips"));
        byte[] wav = SyntheticAudio.wav(new AudioInputs.Synthetic(3_200, 16_000, 11));
        Files.write(tmp.resolve("clips/a.wav"), wav);
        Files.writeString(tmp.resolve("clips/b.wav"), "not a wav file");
        Path data = Files.writeString(tmp.resolve("prompts.jsonl"), "{\"prompt\":\"What is said here?\",\"audio\":[\"clips/a.wav\"]}\n"
                + "{\"prompt\":\"And here?\",\"audio\":[\"clips/a.wav\",\"clips/b.wav\"]}\n");
        List<String> synthetic = List.of("--num-requests", "6", "--input-length", "64", "--output-length", "4", "--audio-count",
                "uniform:1-2", "--audio-seconds", "uniform:1-3");
        List<String> dataset = List.of("--num-requests", "4", "--output-length", "4", "--dataset", "jsonl:" + data);
        for (List<String> flags : List.of(synthetic, dataset)) {
            String name = flags == synthetic ? "synthetic" : "dataset";
            Parity p = parity(name, flags);
            List<JsonNode> a = p.overHttp();
            List<JsonNode> b = p.inProcess();
            List<JsonNode> served = p.served();
            for (int i = 0; i < b.size(); i++) {
                JsonNode c = a.get(i);
                JsonNode r = b.get(i);
                assertThat(r.get("outcome").asText()).as("%s request %d: %s", name, i, r).isEqualTo("success");
                assertThat(r.has("audioClips")).as("%s request %d has its audio figures: %s", name, i, r).isTrue();
                assertThat(r.get("audioClips").asInt()).as("%s request %d", name, i).isEqualTo(c.get("audioClips").asInt());
                assertThat(r.get("audioSeconds").asDouble()).isEqualTo(c.get("audioSeconds").asDouble());
                assertThat(r.get("audioBytes").asLong()).isEqualTo(c.get("audioBytes").asLong());
                assertThat(c.get("payloadBytes").asLong()).isGreaterThan(c.get("audioBytes").asLong());
                assertThat(r.has("payloadBytes")).as("no body in process, so no size of one").isFalse();
                int audioTokens = served.get(i).get("audioTokens").asInt();
                assertThat(r.get("serverPromptTokens").asInt() - r.get("inputTokens").asInt()).as("%s request %d's clips", name, i)
                        .isEqualTo(audioTokens);
                if (flags == synthetic) {
                    int clips = r.get("audioClips").asInt();
                    assertThat(r.get("audioBytes").asLong()).isEqualTo(44L * clips + Math.round(r.get("audioSeconds").asDouble() * 32_000));
                } else if (r.get("audioClips").asInt() == 1) {
                    assertThat(r.get("audioSeconds").asDouble()).isEqualTo(3.2);
                    assertThat(r.get("audioBytes").asLong()).isEqualTo(wav.length).isEqualTo(44 + 51_200 * 2);
                    assertThat(audioTokens).isEqualTo(80);
                } else {
                    assertThat(r.get("audioSeconds").asDouble()).as("one clip's length is unknown").isEqualTo(-1.0);
                    assertThat(r.get("audioBytes").asLong()).isEqualTo(wav.length + 14);
                    assertThat(audioTokens).isEqualTo(80 + 250);
                }
            }
        }
    }

    @Test
    void aRerankReturnsItsTopNInProcessAsOverHttp() throws Exception {
        List<String> flags = List.of("--endpoint", "rerank", "--batch-size", "6", "--num-requests", "4", "--input-length", "16",
                "--backend-option", "top-n=2");
        Path http = tmp.resolve("http");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).start()) {
            run(http, server.baseUri().toString(), flags);
        }
        Path local = tmp.resolve("local");
        run(local, null, flags);
        List<JsonNode> a = requests(http);
        List<JsonNode> b = requests(local);
        assertThat(b).hasSize(4);
        for (int i = 0; i < 4; i++) {
            assertThat(a.get(i).get("returned").asInt()).as("serve-sim honours top_n").isEqualTo(2);
            assertThat(b.get(i).get("returned").asInt()).as("so does the in-process simulator").isEqualTo(2);
            assertThat(b.get(i).get("inputs").asInt()).isEqualTo(a.get(i).get("inputs").asInt()).isEqualTo(6);
            assertThat(b.get(i).get("serverPromptTokens").asInt()).isEqualTo(a.get(i).get("serverPromptTokens").asInt());
        }
    }

    @Test
    void aModelMixLoadsTheSameAdaptersInProcessAndOverHttp() throws Exception {
        List<String> flags = List.of("--num-requests", "40", "--input-length", "32", "--output-length", "4",
                "--model-mix", "llama-3-8b=0.5,adapter-a=0.3,adapter-b=0.2");
        Path http = tmp.resolve("http");
        Path log = tmp.resolve("server.jsonl");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).servedModelName("llama-3-8b")
                .settings(SimSettings.builder().timeScale(0.01).build()).adapters(new Adapters(List.of("adapter-a", "adapter-b"), 1, 40))
                .requestLog(log).start()) {
            run(http, server.baseUri().toString(), flags);
        }
        long serverLoads = 0;
        for (String line : Files.readAllLines(log)) {
            JsonNode n = JSON.readTree(line);
            if (n.path("adapterLoadMs").asDouble() > 0) serverLoads++;
        }
        Path local = tmp.resolve("local");
        List<String> inProcess = new ArrayList<>(flags);
        inProcess.addAll(List.of("--backend-option", "lora-modules=adapter-a,adapter-b", "--backend-option", "lora-load-ms=40"));
        run(local, null, inProcess);
        List<JsonNode> b = requests(local);
        List<JsonNode> a = requests(http);
        long localLoads = 0;
        for (int i = 0; i < b.size(); i++) {
            assertThat(b.get(i).get("model").asText()).isEqualTo(a.get(i).get("model").asText());
            // a 32-token prompt alone takes a few ms to its first token: 40 ms or more is a load
            if (b.get(i).get("ttftMs").asDouble() >= 40) localLoads++;
        }
        System.out.printf("model mix: %d requests, %d adapter loads over HTTP, %d in process%n", b.size(), serverLoads, localLoads);
        assertThat(serverLoads).as("max-loras 1 and two adapters in the mix: loads happen").isPositive();
        assertThat(localLoads).as("the same loads in process").isEqualTo(serverLoads);
    }
}
