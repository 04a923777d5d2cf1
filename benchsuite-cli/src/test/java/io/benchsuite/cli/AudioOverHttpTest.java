package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.backends.media.SyntheticAudio;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.workload.AudioOptions;
import io.benchsuite.core.workload.AudioSource;
import io.benchsuite.core.workload.SyntheticSource;
import io.benchsuite.sim.AudioTokens;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Audio configured on the command line reaches the server: {@code serve-sim}'s own log of each request (the
 * clips it decoded, their seconds from their WAV headers, their bytes, the audio tokens it prefilled) equals
 * what the seed chain chose for that request, and the client's {@code audioClips}, {@code audioSeconds},
 * {@code audioBytes} and {@code serverPromptTokens} agree with the server, for chat {@code input_audio} parts
 * and for the transcriptions endpoint, streamed and whole.
 */
class AudioOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int REQUESTS = 5;

    @TempDir
    Path tmp;

    private static String errors(Path out) {
        try {
            return Files.readAllLines(out.resolve("requests.jsonl")).stream().filter(l -> l.contains("\"error")).findFirst().orElse("");
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static List<JsonNode> lines(Path file, String mustHave) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            JsonNode n = JSON.readTree(line);
            if (n.has(mustHave)) out.add(n);
        }
        return out;
    }

    /** Runs {@code serve-sim} and {@code benchsuite run} against it; the client's and the server's lines, by request. */
    private List<JsonNode>[] run(String name, String... flags) throws Exception {
        Path out = tmp.resolve("run-" + name);
        Path serverLog = tmp.resolve("server-" + name + ".jsonl");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).requestLog(serverLog)
                .config(BackendConfig.of(Map.of("model", "llama-3.1-8b"))).start()) {
            CliHarness cli = new CliHarness();
            List<String> args = new ArrayList<>(List.of("run", "--url", server.baseUri().toString(), "--model", "llama-3.1-8b",
                    "--max-concurrent", "1", "--num-requests", Integer.toString(REQUESTS), "--output-length", "4",
                    "--seed", "5", "--no-progress", "--output-dir", out.toString()));
            if (!List.of(flags).contains("--dataset")) args.addAll(List.of("--input-length", "64"));
            args.addAll(List.of(flags));
            int code = cli.run(args.toArray(String[]::new));
            assertThat(code).as(() -> cli.err() + cli.out() + errors(out)).isEqualTo(0);
        }
        List<JsonNode> client = lines(out.resolve("requests.jsonl"), "index");
        client.sort(Comparator.comparingLong(n -> n.get("index").asLong()));
        List<JsonNode> served = lines(serverLog, "receivedNanos");
        served.sort(Comparator.comparingLong(n -> n.get("n").asLong()));
        assertThat(client).hasSize(REQUESTS);
        assertThat(served).hasSize(REQUESTS);
        @SuppressWarnings("unchecked")
        List<JsonNode>[] both = new List[] {client, served};
        return both;
    }

    /** The clips the seed chain gives each request of a run named "default" with seed 5. */
    private static List<AudioInputs> configured(AudioOptions options) {
        AudioSource source = new AudioSource(SyntheticSource.builder().build(), options);
        List<AudioInputs> clips = new ArrayList<>();
        try (PlanCursor c = source.open(new SourceContext(Tokenizers.cl100k(), SeedChain.fromLong(5).scenario("default")))) {
            for (int i = 0; i < REQUESTS; i++) clips.add(c.next().orElseThrow().extras().get(AudioInputs.class).orElseThrow());
        }
        return clips;
    }

    @Test
    void theChatClipsConfiguredAreTheOnesTheServerReceived() throws Exception {
        List<JsonNode>[] both = run("chat", "--backend", "vllm", "--audio-count", "uniform:1-2", "--audio-seconds", "uniform:1-3",
                "--audio-sample-rate", "8000");
        List<AudioInputs> clips = configured(new AudioOptions(LengthDistribution.uniform(1, 2), LengthDistribution.uniform(1, 3), 8_000, 0));
        assertThat(clips.stream().map(AudioInputs::count).distinct().count()).as("the seed gives requests different counts").isGreaterThan(1);
        for (int i = 0; i < REQUESTS; i++) {
            JsonNode c = both[0].get(i);
            JsonNode s = both[1].get(i);
            double seconds = 0;
            long bytes = 0;
            int tokens = 0;
            for (AudioInputs.Clip clip : clips.get(i).clips()) {
                AudioInputs.Synthetic syn = (AudioInputs.Synthetic) clip;
                seconds += syn.seconds();
                bytes += 44 + syn.samples() * 2;
                tokens += AudioTokens.QWEN2_AUDIO.tokens(syn.seconds());
            }
            assertThat(c.get("outcome").asText()).isEqualTo("success");
            assertThat(s.get("audioClips").asInt()).as("request %d", i).isEqualTo(clips.get(i).count());
            assertThat(s.get("audioSeconds").asDouble()).isEqualTo(seconds);
            assertThat(s.get("audioBytes").asLong()).isEqualTo(bytes);
            assertThat(s.get("audioTokens").asInt()).isEqualTo(tokens);
            assertThat(c.get("audioClips").asInt()).isEqualTo(s.get("audioClips").asInt());
            assertThat(c.get("audioSeconds").asDouble()).isEqualTo(s.get("audioSeconds").asDouble());
            assertThat(c.get("audioBytes").asLong()).isEqualTo(s.get("audioBytes").asLong());
            // base64 is 4/3 of the bytes; the rest of the body is a few hundred bytes of text and fields
            assertThat(c.get("payloadBytes").asLong()).isBetween(4 * bytes / 3, 4 * bytes / 3 + 2_000);
            assertThat(c.get("serverPromptTokens").asInt()).isEqualTo(s.get("promptTokens").asInt());
            assertThat(s.get("promptTokens").asInt()).isEqualTo(c.get("inputTokens").asInt() + tokens);
            assertThat(c.has("promptSent")).as("a chat request sends its text").isFalse();
        }
        JsonNode report = JSON.readTree(tmp.resolve("run-chat").resolve("report.json").toFile());
        assertThat(report.at("/workload/inputTokens/count").asLong()).as("the text prompts sent").isEqualTo(REQUESTS);
        assertThat(report.at("/tokens/input").asLong()).isEqualTo(REQUESTS * 64L);
    }

    @Test
    void aStreamedTranscriptionIsTimedFromItsChunksAndCountedByTheServer() throws Exception {
        List<JsonNode>[] both = run("transcribe", "--backend", "vllm", "--endpoint", "transcriptions", "--audio-seconds", "2");
        for (int i = 0; i < REQUESTS; i++) {
            JsonNode c = both[0].get(i);
            JsonNode s = both[1].get(i);
            assertThat(c.get("outcome").asText()).as(c.toString()).isEqualTo("success");
            assertThat(s.get("api").asText()).isEqualTo("transcription");
            assertThat(s.get("audioClips").asInt()).isEqualTo(1);
            assertThat(s.get("audioSeconds").asDouble()).isEqualTo(2.0);
            assertThat(s.get("audioBytes").asLong()).isEqualTo(44 + 2 * 16_000 * 2);
            assertThat(s.get("promptTokens").asInt()).isEqualTo(50 + 4); // 25 per second, plus the decoder's task tokens
            assertThat(c.get("audioClips").asInt()).isEqualTo(1);
            assertThat(c.get("audioSeconds").asDouble()).isEqualTo(2.0);
            assertThat(c.get("audioBytes").asLong()).isEqualTo(s.get("audioBytes").asLong());
            assertThat(c.get("payloadBytes").asLong()).isBetween(s.get("audioBytes").asLong(), s.get("audioBytes").asLong() + 1_500);
            assertThat(c.get("serverPromptTokens").asInt()).isEqualTo(54);
            assertThat(c.get("inputTokens").asInt()).as("the server's count: the run's 64-token prompt is not sent").isEqualTo(54);
            assertThat(c.get("promptSent").asBoolean(true)).isFalse();
            assertThat(c.get("outputTokens").asInt()).isEqualTo(6); // 3 a second
            assertThat(c.get("streamedTokens").asInt()).as("one token per streamed chunk").isEqualTo(6);
            assertThat(c.get("ttftMs").asDouble()).isPositive();
        }
        JsonNode report = JSON.readTree(tmp.resolve("run-transcribe").resolve("report.json").toFile());
        assertThat(report.at("/tokens/input").asLong()).as("the prompts the server counted").isEqualTo(REQUESTS * 54L);
        assertThat(report.at("/tokens/output").asLong()).isEqualTo(REQUESTS * 6L);
        assertThat(report.at("/workload/requests").asLong()).isEqualTo(REQUESTS);
        assertThat(report.at("/workload/inputTokens/count").asLong(0)).as("no text prompt was sent").isZero();
        assertThat(report.at("/workload/source").asText()).endsWith("(transcribed, no text prompt sent)");
    }

    @Test
    void aWholeTranscriptionIsOneAnswerOverEitherTransport() throws Exception {
        // the Apache HttpClient transport too sends the form's own Content-Type (the server refuses anything else)
        List<JsonNode>[] both = run("whole", "--backend", "openai", "--endpoint", "transcriptions", "--audio-seconds", "3", "--no-stream",
                "--transport", "httpclient");
        for (int i = 0; i < REQUESTS; i++) {
            JsonNode c = both[0].get(i);
            assertThat(c.get("outcome").asText()).as(c.toString()).isEqualTo("success");
            assertThat(both[1].get(i).get("audioSeconds").asDouble()).isEqualTo(3.0);
            assertThat(c.get("audioSeconds").asDouble()).isEqualTo(3.0);
            // a whole answer carries the clip's duration, no token counts: no input-token figure rather than the unsent prompt's
            assertThat(c.has("inputTokens")).as(c.toString()).isFalse();
            assertThat(c.has("serverPromptTokens")).isFalse();
            assertThat(c.get("promptSent").asBoolean(true)).isFalse();
            assertThat(c.get("outputTokens").asInt()).as("the transcript's words, counted by the run's tokenizer").isPositive();
        }
        JsonNode report = JSON.readTree(tmp.resolve("run-whole").resolve("report.json").toFile());
        assertThat(report.at("/tokens/input").asLong()).as("no phantom prompt tokens").isZero();
        assertThat(report.at("/tokens/output").asLong()).isPositive();
    }

    @Test
    void aDatasetsAudioFilesAreSentAndMeasured() throws Exception {
        Files.createDirectories(tmp.resolve("clips"));
        Files.write(tmp.resolve("clips/a.wav"), SyntheticAudio.wav(new AudioInputs.Synthetic(4_000, 16_000, 11)));
        Path data = Files.writeString(tmp.resolve("prompts.jsonl"),
                "{\"prompt\":\"What is said here?\",\"audio\":[\"clips/a.wav\"]}\n".repeat(REQUESTS));
        List<JsonNode>[] both = run("dataset", "--backend", "vllm", "--dataset", "jsonl:" + data);
        for (int i = 0; i < REQUESTS; i++) {
            assertThat(both[1].get(i).get("audioSeconds").asDouble()).isEqualTo(4.0);
            assertThat(both[1].get(i).get("audioTokens").asInt()).isEqualTo(100);
            assertThat(both[0].get(i).get("audioBytes").asLong()).isEqualTo(44 + 4 * 16_000 * 2);
        }
    }

    @Test
    void imagesAndAudioInOneBodyAreLoggedWithOnePayloadSize() throws Exception {
        List<JsonNode>[] both = run("mixed", "--backend", "vllm", "--audio-count", "1", "--audio-seconds", "1", "--image-count", "1",
                "--image-size", "16x16");
        ObjectMapper strict = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        for (String line : Files.readAllLines(tmp.resolve("run-mixed").resolve("requests.jsonl"))) strict.readTree(line); // no key twice
        for (int i = 0; i < REQUESTS; i++) {
            JsonNode c = both[0].get(i);
            JsonNode s = both[1].get(i);
            assertThat(c.get("images").asInt()).isEqualTo(1);
            assertThat(c.get("audioClips").asInt()).isEqualTo(1);
            assertThat(s.get("images")).hasSize(1);
            assertThat(s.get("audioSeconds").asDouble()).isEqualTo(1.0);
            assertThat(c.get("serverPromptTokens").asInt()).isEqualTo(s.get("promptTokens").asInt());
        }
    }

    @Test
    void inProcessTheSimulatorPrefillsTheAudioTokens() {
        AudioSource source = new AudioSource(SyntheticSource.builder().inputTokens(LengthDistribution.fixed(64))
                .outputTokens(LengthDistribution.fixed(4)).build(),
                new AudioOptions(LengthDistribution.fixed(1), LengthDistribution.fixed(10), 16_000, 0));
        RunResult r = Benchmark.named("audio-virtual").backend("sim", BackendConfig.of(Map.of("model", "llama-3.1-8b",
                        SimSettings.CLOCK, "virtual")))
                .workload(Workload.closed(1).maxRequests(3).source(source).build()).seed(SeedChain.fromLong(3))
                .retainRequests(true).run();
        assertThat(r.requests()).hasSize(3).allMatch(RequestRecord::succeeded);
        for (RequestRecord rec : r.requests()) assertThat(rec.serverPromptTokens()).isEqualTo(rec.inputTokens() + 250);
    }
}
