package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.ForwardingResponseListener;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.report.model.WorkloadSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.workload.DataInput;
import io.benchsuite.core.workload.ShareGptOptions;
import io.benchsuite.core.workload.ShareGptSource;
import io.benchsuite.sim.SimEngineState;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.server.SimHttpServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three-turn ShareGPT sessions against the simulated server over HTTP: the prompts the server receives
 * grow turn by turn (its own request log says so), and its prefix cache hits more on later turns (its
 * own counters, read after each request of a single user, say so).
 */
class SessionsOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** A sentence of {@code n} words, different per seed. */
    private static String words(int n, int seed) {
        String[] w = {"river", "market", "station", "garden", "signal", "window", "island", "forest", "letter", "engine"};
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) b.append(i == 0 ? "" : " ").append(w[random.nextInt(w.length)]).append(i % 10 == 9 ? "." : "");
        return b.toString();
    }

    @Test
    void laterTurnsCarryTheGrowingHistoryAndHitTheServersPrefixCacheMore() throws IOException {
        StringBuilder json = new StringBuilder("[");
        for (int c = 0; c < 4; c++) {
            if (c > 0) json.append(',');
            json.append("{\"id\": \"s").append(c).append("\", \"conversations\": [");
            for (int t = 0; t < 6; t++) {
                if (t > 0) json.append(',');
                json.append("{\"from\": \"").append(t % 2 == 0 ? "human" : "gpt").append("\", \"value\": \"")
                        .append(words(t % 2 == 0 ? 120 : 80, c * 10 + t)).append("\"}");
            }
            json.append("]}");
        }
        Path data = Files.writeString(tmp.resolve("sharegpt.json"), json.append(']').toString());
        Path log = tmp.resolve("server-requests.jsonl");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).requestLog(log)
                .settings(SimSettings.builder().model("llama-3.1-8b").timeScale(0.01).build()).start()) {
            // a single user, so each request's hits are the server's counters before and after it, read when
            // its end reaches the engine (a decorator's listener: before the user's next request is sent;
            // a run listener hears it later, on the listeners' thread)
            Map<Long, long[]> hitsByIndex = new ConcurrentHashMap<>();
            long[] last = {0, 0};
            RequestDecorator counters = (request, downstream) -> new RequestDecorator.Decorated(request,
                    new ForwardingResponseListener(downstream) {
                        private void take() {
                            synchronized (last) {
                                SimEngineState s = server.state();
                                hitsByIndex.put(request.index(), new long[] {s.prefixQueryTokens() - last[0], s.prefixHitTokens() - last[1]});
                                last[0] = s.prefixQueryTokens();
                                last[1] = s.prefixHitTokens();
                            }
                        }

                        @Override
                        public void onComplete(long nanoTime, Usage usage) {
                            take();
                            super.onComplete(nanoTime, usage);
                        }

                        @Override
                        public void onError(long nanoTime, BackendError error) {
                            take();
                            super.onError(nanoTime, error);
                        }
                    });
            Workload w = Workload.closed(1).source(new ShareGptSource(DataInput.of(data),
                    ShareGptOptions.builder().sessions(true).maxTurns(3).noLengthLimits().build())).build();
            RunResult r = Benchmark.named("sessions").backend("vllm", BackendConfig.of(Map.of("url",
                    server.baseUri().toString(), "model", "llama-3.1-8b"))).workload(w).seed(SeedChain.fromLong(5))
                    .decorator(counters).retainRequests(true).run();

            assertThat(r.requests()).hasSize(12).allMatch(RequestRecord::succeeded);
            // on the wire: the server's own log, in arrival order, grows turn by turn within each session
            List<JsonNode> received = new ArrayList<>();
            for (String line : Files.readAllLines(log)) received.add(JSON.readTree(line));
            assertThat(received).hasSize(12);
            for (int s = 0; s < 4; s++) {
                int t1 = received.get(3 * s).get("promptTokens").asInt();
                int t2 = received.get(3 * s + 1).get("promptTokens").asInt();
                int t3 = received.get(3 * s + 2).get("promptTokens").asInt();
                assertThat(t2).as("turn 2 holds turn 1, its answer and a new message").isGreaterThan(t1 + 80);
                assertThat(t3).isGreaterThan(t2 + 80);
            }
            // the client's count of every prompt is the server's
            List<RequestRecord> byIndex = r.requests().stream().sorted(Comparator.comparingLong(RequestRecord::index)).toList();
            for (int i = 0; i < 12; i++) {
                assertThat(byIndex.get(i).inputTokens()).isEqualTo(received.get(i).get("promptTokens").asInt());
            }
            // the server's prefix cache: per turn, the share of prompt tokens it found cached
            Map<Long, long[]> byTurn = new TreeMap<>();
            for (RequestRecord rec : r.requests()) {
                long[] q = hitsByIndex.get(rec.index());
                long[] t = byTurn.computeIfAbsent((long) rec.turn(), k -> new long[2]);
                t[0] += q[0];
                t[1] += q[1];
            }
            double turn1 = (double) byTurn.get(1L)[1] / byTurn.get(1L)[0];
            double turn2 = (double) byTurn.get(2L)[1] / byTurn.get(2L)[0];
            double turn3 = (double) byTurn.get(3L)[1] / byTurn.get(3L)[0];
            assertThat(turn1).as("first turns share nothing").isZero();
            assertThat(turn2).as("turn 2 finds turn 1's prompt cached").isGreaterThan(0.2);
            assertThat(turn3).as("turn 3 finds turns 1 and 2 cached: a higher rate").isGreaterThan(turn2);
            // the report's ideal rate by turn rises the same way, and is never below what the server found
            WorkloadSection ws = r.section(WorkloadSection.class).orElseThrow();
            assertThat(ws.turns()).extracting(WorkloadSection.Turn::turn).containsExactly(1, 2, 3);
            assertThat(ws.turns().get(0).idealHitRate()).isZero();
            assertThat(ws.turns().get(1).idealHitRate()).isGreaterThanOrEqualTo(turn2);
            assertThat(ws.turns().get(2).idealHitRate()).isGreaterThan(ws.turns().get(1).idealHitRate())
                    .isGreaterThanOrEqualTo(turn3);
            assertThat(ws.sessions().completed()).isEqualTo(4);
        }
    }
}
