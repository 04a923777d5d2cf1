package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.ReasoningTokenSource;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.sim.SimReasoning;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reasoning model simulated by {@code serve-sim}, measured over HTTP and in process: each request
 * thinks for {@value #REASONING} tokens ({@code reasoning_content} deltas) before its answer, so its
 * first answer token comes {@value #REASONING} decode steps after its first token. With one request at
 * a time every decode step costs the same, and the answer's own pace (answer TPOT) is that step: TTFAT
 * − TTFT must be {@value #REASONING} answer TPOTs. Over HTTP each time is a socket read on a loaded
 * machine, so the stated tolerance is 10 % plus 5 ms; in virtual time it is 1 %.
 */
class ReasoningOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int REASONING = 40;
    private static final int OUTPUT = 60;

    @TempDir
    Path tmp;

    private static SimSettings reasoningModel(boolean inUsage) {
        return SimSettings.fromConfig(BackendConfig.of(Map.of("model", "llama-3.1-8b",
                SimReasoning.TOKENS, Integer.toString(REASONING), SimReasoning.IN_USAGE, Boolean.toString(inUsage))));
    }

    @Test
    void theCliMeasuresTheReasoningPhaseOverHttpAndJudgesTheTtfatSlo() throws Exception {
        Path out = tmp.resolve("run");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).settings(reasoningModel(false)).start()) {
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "vllm", "--url", server.baseUri().toString(), "--model", "llama-3.1-8b",
                    "--max-concurrent", "1", "--num-requests", "6", "--input-length", "200", "--output-length",
                    Integer.toString(OUTPUT), "--seed", "11", "--slo", "ttft=5s,ttfat=1ms", "--no-progress",
                    "--output-dir", out.toString());
            assertThat(code).as(cli.err()).isEqualTo(0);
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("requests.jsonl"))) lines.add(JSON.readTree(line));
        assertThat(lines).hasSize(6);
        for (JsonNode r : lines) {
            assertThat(r.get("outcome").asText()).isEqualTo("success");
            // vLLM-like usage without a reasoning count: the client counted the reasoning deltas
            assertThat(r.get("reasoningTokens").asInt()).isEqualTo(REASONING);
            assertThat(r.get("reasoningTokensSource").asText()).isEqualTo("counted");
            assertThat(r.get("answerTokens").asInt()).isEqualTo(OUTPUT - REASONING);
            assertThat(r.get("answerItlMs").size()).isEqualTo(OUTPUT - REASONING - 1);
            double delta = r.get("ttfatMs").asDouble() - r.get("ttftMs").asDouble();
            double expected = REASONING * r.get("answerTpotMs").asDouble();
            assertThat(delta).as("TTFAT - TTFT of request %s", r.get("index")).isBetween(expected * 0.9 - 5, expected * 1.1 + 5);
            assertThat(r.get("ttfrtMs").asDouble()).isEqualTo(r.get("ttftMs").asDouble());
        }
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        for (String key : List.of("ttfat", "ttfrt", "answerItl", "answerTpot")) {
            assertThat(report.has(key)).as(key).isTrue();
        }
        assertThat(report.at("/ttfat/count").asLong()).isEqualTo(6);
        assertThat(report.at("/ttfat/p50").asDouble()).isGreaterThan(report.at("/ttft/p50").asDouble());
        assertThat(report.at("/tokens/reasoning").asLong()).isEqualTo(6L * REASONING);
        assertThat(report.at("/tokens/reasoningRequests").asLong()).isEqualTo(6);
        assertThat(report.at("/tokens/reasoningFromUsage").asLong()).isZero();
        // every first token came within 5 s, no first answer token within 1 ms: goodput counts none
        assertThat(report.at("/goodput/slo").asText()).isEqualTo("ttft=5s,ttfat=1ms");
        assertThat(report.at("/goodput/attainment/0/fraction").asDouble()).isEqualTo(1.0);
        assertThat(report.at("/goodput/attainment/1/objective").asText()).isEqualTo("ttfat=1ms");
        assertThat(report.at("/goodput/attainment/1/fraction").asDouble()).isZero();
        String csv = Files.readString(out.resolve("summary.csv"));
        assertThat(csv).contains("ttfat,count,6,count", "answer_tpot,p99,", "tokens,reasoning," + (6 * REASONING) + ",count",
                "tokens,answer," + (6 * (OUTPUT - REASONING)) + ",count");
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("TTFAT CDF", "TTFRT CDF", "answer TPOT histogram", "TTFAT / answer TPOT");
    }

    @Test
    void theServersReasoningCountIsPreferredWhenItSendsOne() {
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).settings(reasoningModel(true)).start()) {
            RunResult r = Benchmark.named("reasoning-usage").backend("vllm", BackendConfig.of(Map.of("url",
                    server.baseUri().toString(), "model", "llama-3.1-8b"))).workload(workload()).seed(SeedChain.fromLong(3))
                    .retainRequests(true).run();
            assertThat(r.requests()).hasSize(4).allMatch(RequestRecord::succeeded);
            for (RequestRecord rec : r.requests()) {
                assertThat(rec.reasoning().source()).isEqualTo(ReasoningTokenSource.USAGE);
                assertThat(rec.reasoningTokens()).isEqualTo(REASONING);
                assertThat(rec.answerTokens()).isEqualTo(OUTPUT - REASONING);
            }
            assertThat(r.summary().tokens().reasoningFromUsage()).isEqualTo(4);
        }
    }

    @Test
    void inProcessInVirtualTimeTheFirstAnswerTokenIsExactlyTheReasoningStepsLater() {
        RunResult r = Benchmark.named("reasoning-virtual").backend("sim", BackendConfig.of(Map.of("model", "llama-3.1-8b",
                        SimReasoning.TOKENS, Integer.toString(REASONING), SimSettings.CLOCK, "virtual")))
                .workload(workload()).seed(SeedChain.fromLong(3)).retainRequests(true).run();
        assertThat(r.requests()).hasSize(4).allMatch(RequestRecord::succeeded);
        for (RequestRecord rec : r.requests()) {
            assertThat(rec.reasoning().source()).isEqualTo(ReasoningTokenSource.COUNTED);
            assertThat(rec.reasoningTokens()).isEqualTo(REASONING);
            long delta = rec.ttfatNanos() - rec.ttftNanos();
            double expected = REASONING * (double) rec.answerTpotNanos();
            assertThat((double) delta).isBetween(expected * 0.99, expected * 1.01);
        }
        assertThat(r.summary().latency(LatencyMetric.TTFAT).count()).isEqualTo(4);
        assertThat(r.summary().latency(LatencyMetric.TTFRT).p50()).isEqualTo(r.summary().latency(LatencyMetric.TTFT).p50());
    }

    private static Workload workload() {
        return Workload.closed(1).maxRequests(4).inputTokens(LengthDistribution.fixed(200))
                .outputTokens(LengthDistribution.fixed(OUTPUT)).build();
    }
}
