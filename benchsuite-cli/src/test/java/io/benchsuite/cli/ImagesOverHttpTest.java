package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.workload.ImageOptions;
import io.benchsuite.core.workload.ImageSource;
import io.benchsuite.core.workload.SyntheticSource;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.VisionTokens;
import io.benchsuite.sim.server.SimHttpServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Images configured on the command line reach the server: {@code serve-sim}'s own log of each request
 * (the images it decoded from the body: format, width, height, bytes) equals what the seed chain chose for
 * that request, the server's prompt tokens (text plus the vision tokens) come back as the client's
 * {@code serverPromptTokens}, and the client's {@code images}, {@code imageBytes} and {@code payloadBytes}
 * agree with the server.
 */
class ImagesOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int REQUESTS = 6;

    @TempDir
    Path tmp;

    /** The bytes of a noise PNG as written: signature, IHDR, IDAT of stored blocks, IEND. */
    private static long pngBytes(int w, int h) {
        long raw = (long) h * (3L * w + 1);
        long blocks = (raw + 65_534) / 65_535;
        return 8 + 25 + 12 + 2 + raw + 5 * blocks + 4 + 12;
    }

    /** The first failed request's error, for the message of a failed run. */
    private static String errors(Path out) {
        try {
            return Files.readAllLines(out.resolve("requests.jsonl")).stream().filter(l -> l.contains("\"error")).findFirst().orElse("");
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) out.add(JSON.readTree(line));
        return out;
    }

    /** The image count the seed chain gives each request of a run named "default" with seed 5. */
    private static List<Integer> configuredCounts(ImageOptions options, int n) {
        ImageSource source = new ImageSource(SyntheticSource.builder().build(), options);
        List<Integer> counts = new ArrayList<>();
        try (PlanCursor c = source.open(new SourceContext(Tokenizers.cl100k(), SeedChain.fromLong(5).scenario("default")))) {
            for (int i = 0; i < n; i++) {
                RequestPlan p = c.next().orElseThrow();
                counts.add(p.extras().get(ImageInputs.class).orElseThrow().count());
            }
        }
        return counts;
    }

    private List<JsonNode>[] run(String format, String count, String size) throws Exception {
        Path out = tmp.resolve("run-" + format);
        Path serverLog = tmp.resolve("server-" + format + ".jsonl");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).requestLog(serverLog)
                .config(BackendConfig.of(Map.of("model", "llama-3.1-8b"))).start()) {
            CliHarness cli = new CliHarness();
            // one user: the server's n-th request is the client's n-th
            int code = cli.run("run", "--backend", "vllm", "--url", server.baseUri().toString(), "--model", "llama-3.1-8b",
                    "--max-concurrent", "1", "--num-requests", Integer.toString(REQUESTS), "--input-length", "64",
                    "--output-length", "4", "--seed", "5", "--image-count", count, "--image-size", size, "--image-format",
                    format, "--no-progress", "--output-dir", out.toString());
            assertThat(code).as(() -> cli.err() + cli.out() + errors(out)).isEqualTo(0);
        }
        List<JsonNode> client = lines(out.resolve("requests.jsonl"));
        client.sort(Comparator.comparingLong(n -> n.get("index").asLong()));
        List<JsonNode> served = lines(serverLog);
        served.sort(Comparator.comparingLong(n -> n.get("n").asLong()));
        assertThat(client).hasSize(REQUESTS);
        assertThat(served).hasSize(REQUESTS);
        @SuppressWarnings("unchecked")
        List<JsonNode>[] both = new List[] {client, served};
        return both;
    }

    @Test
    void thePngsConfiguredAreTheOnesTheServerReceived() throws Exception {
        List<JsonNode>[] both = run("png", "uniform:1-3", "320x240");
        List<Integer> counts = configuredCounts(new ImageOptions(LengthDistribution.uniform(1, 3), 320, 240,
                ImageInputs.Format.PNG, 0), REQUESTS);
        assertThat(new HashSet<>(counts)).as("the seed gives requests different counts").hasSizeGreaterThan(1);
        int tokensEach = VisionTokens.QWEN2_VL.tokens(320, 240);
        assertThat(tokensEach).isEqualTo(11 * 9 + 2); // 320 -> 308 = 11 x 28, 240 -> 252 = 9 x 28
        for (int i = 0; i < REQUESTS; i++) {
            JsonNode c = both[0].get(i);
            JsonNode s = both[1].get(i);
            assertThat(c.get("outcome").asText()).isEqualTo("success");
            JsonNode images = s.get("images");
            assertThat(images).as("request %d", i).hasSize(counts.get(i));
            for (JsonNode img : images) {
                assertThat(img.get("format").asText()).isEqualTo("png");
                assertThat(img.get("width").asInt()).isEqualTo(320);
                assertThat(img.get("height").asInt()).isEqualTo(240);
                assertThat(img.get("bytes").asLong()).isEqualTo(pngBytes(320, 240));
            }
            assertThat(s.get("imageTokens").asInt()).isEqualTo(counts.get(i) * tokensEach);
            assertThat(c.get("images").asInt()).isEqualTo(counts.get(i));
            assertThat(c.get("imageBytes").asLong()).isEqualTo(counts.get(i) * pngBytes(320, 240));
            // base64 is 4/3 of the bytes; the rest of the body is a few hundred bytes of text and fields
            assertThat(c.get("payloadBytes").asLong()).isBetween(counts.get(i) * 4 * pngBytes(320, 240) / 3,
                    counts.get(i) * (4 * pngBytes(320, 240) / 3 + 100) + 2_000);
            assertThat(c.get("serverPromptTokens").asInt()).isEqualTo(s.get("promptTokens").asInt());
            assertThat(s.get("promptTokens").asInt()).isEqualTo(c.get("inputTokens").asInt() + counts.get(i) * tokensEach);
        }
    }

    @Test
    void jpegsArriveAtTheirSize() throws Exception {
        List<JsonNode>[] both = run("jpeg", "2", "512x512");
        for (int i = 0; i < REQUESTS; i++) {
            JsonNode s = both[1].get(i);
            assertThat(s.get("images")).hasSize(2);
            long bytes = 0;
            for (JsonNode img : s.get("images")) {
                assertThat(img.get("format").asText()).isEqualTo("jpeg");
                assertThat(img.get("width").asInt()).isEqualTo(512);
                assertThat(img.get("height").asInt()).isEqualTo(512);
                bytes += img.get("bytes").asLong();
            }
            assertThat(s.get("imageTokens").asInt()).isEqualTo(2 * 326);
            assertThat(both[0].get(i).get("imageBytes").asLong()).isEqualTo(bytes);
        }
    }

    @Test
    void inProcessTheSimulatorPrefillsTheImageTokensInVirtualTime() {
        ImageSource source = new ImageSource(SyntheticSource.builder().inputTokens(LengthDistribution.fixed(64))
                .outputTokens(LengthDistribution.fixed(4)).build(),
                new ImageOptions(LengthDistribution.fixed(2), 512, 512, ImageInputs.Format.PNG, 0));
        RunResult r = Benchmark.named("images-virtual").backend("sim", BackendConfig.of(Map.of("model", "llama-3.1-8b",
                        SimSettings.CLOCK, "virtual")))
                .workload(Workload.closed(1).maxRequests(3).source(source).build()).seed(SeedChain.fromLong(3))
                .retainRequests(true).run();
        assertThat(r.requests()).hasSize(3).allMatch(RequestRecord::succeeded);
        for (RequestRecord rec : r.requests()) {
            assertThat(rec.serverPromptTokens()).isEqualTo(rec.inputTokens() + 2 * 326);
        }
    }
}
