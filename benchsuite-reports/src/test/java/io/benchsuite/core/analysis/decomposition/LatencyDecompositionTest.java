package io.benchsuite.core.analysis.decomposition;

import static io.benchsuite.core.analysis.Requests.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.analysis.Requests;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LatencyDecompositionTest {

    private static List<RequestRecord> run() {
        return List.of(
                ok(0, 0, 10, 40, 140, 11),     // E2E 140: queue 10, prefill 30, decode 100
                ok(1, 100, 100, 120, 160, 5),  // E2E 60: queue 0, prefill 20, decode 40
                Requests.of(2, Window.WARM_UP, 0, 0, 500, 900, 5, Outcome.SUCCESS),     // not measured
                Requests.of(3, Window.MEASURED, 0, 0, -1, 30, 0, Outcome.FAILED),      // failed
                Requests.of(4, Window.COOL_DOWN, 0, 0, 500, 900, 5, Outcome.SUCCESS));  // not measured
    }

    @Test
    void perRequestTimingsPartitionE2eExactly() {
        StageShares s = LatencyDecomposition.fromRequests(run()).orElseThrow();
        assertThat(s.requests()).isEqualTo(2);
        assertThat(s.meanE2eMs()).isCloseTo(100, within(1e-9));
        assertThat(s.queueing()).isCloseTo(10.0 / 200, within(1e-12));
        assertThat(s.prefill()).isCloseTo(50.0 / 200, within(1e-12));
        assertThat(s.decode()).isCloseTo(140.0 / 200, within(1e-12));
        assertThat(s.other()).isZero();
        assertThat(s.queueing() + s.prefill() + s.decode()).isCloseTo(1, within(1e-12));
        assertThat(LatencyDecomposition.fromRequests(run().subList(2, 5))).isEmpty();
    }

    @Test
    void serverHistogramsGiveTheServersOwnQueue() {
        // means: queue 20 ms, prefill 50 ms, decode 200 ms, server E2E 280 ms (10 ms outside the three stages)
        Map<String, StageTotal> deltas = Map.of(ServerStageTimes.VLLM_QUEUE, new StageTotal(2, 100),
                ServerStageTimes.VLLM_PREFILL, new StageTotal(5, 100), ServerStageTimes.VLLM_DECODE, new StageTotal(20, 100),
                ServerStageTimes.VLLM_E2E, new StageTotal(28, 100));
        ServerStageTimes t = ServerStageTimes.fromVllm(deltas).orElseThrow();
        StageShares s = LatencyDecomposition.fromServer(t, "server (vllm histograms)").orElseThrow();
        assertThat(s.meanE2eMs()).isCloseTo(280, within(1e-9));
        assertThat(s.queueing()).isCloseTo(20.0 / 280, within(1e-12));
        assertThat(s.prefill()).isCloseTo(50.0 / 280, within(1e-12));
        assertThat(s.decode()).isCloseTo(200.0 / 280, within(1e-12));
        assertThat(s.other()).isCloseTo(10.0 / 280, within(1e-12));
        assertThat(s.notes()).isEmpty();

        StageShares noE2e = LatencyDecomposition.fromServer(new ServerStageTimes(t.queue(), t.prefill(), t.decode(), null), "s").orElseThrow();
        assertThat(noE2e.decode()).isCloseTo(200.0 / 270, within(1e-12));
        assertThat(noE2e.other()).isCloseTo(0, within(1e-12));
        assertThat(noE2e.notes()).containsExactly("the server exposes no end-to-end histogram: shares are of queue + prefill + decode");
    }

    @Test
    void aServerWithoutStageHistogramsIsSaid() {
        Map<String, StageTotal> deltas = Map.of(ServerStageTimes.VLLM_QUEUE, new StageTotal(2, 100));
        assertThat(ServerStageTimes.fromVllm(deltas)).isEmpty();
        assertThat(ServerStageTimes.missingVllm(deltas))
                .hasValue("the server exposes no vllm:request_prefill_time_seconds, vllm:request_decode_time_seconds");
        StageTotal none = new StageTotal(0, 0);
        assertThat(LatencyDecomposition.fromServer(new ServerStageTimes(none, none, none, null), "s")).isEmpty();
        assertThatThrownBy(() -> new StageTotal(-1, 3)).hasMessageStartingWith("a histogram's sum delta must be a finite number >= 0 s, got -1.0");
    }

    @Test
    void clientAndServerTogetherSplitTheClientsE2e() {
        // client: mean E2E 100 ms of which 5 ms waiting before the send; server: queue 10, prefill 20, decode 60
        List<RequestRecord> client = List.of(ok(0, 0, 5, 40, 100, 10), ok(1, 0, 5, 40, 100, 10));
        ServerStageTimes server = new ServerStageTimes(new StageTotal(0.02, 2), new StageTotal(0.04, 2), new StageTotal(0.12, 2), null);
        StageShares s = LatencyDecomposition.combined(client, server).orElseThrow();
        assertThat(s.queueing()).isCloseTo(0.15, within(1e-12));
        assertThat(s.prefill()).isCloseTo(0.20, within(1e-12));
        assertThat(s.decode()).isCloseTo(0.60, within(1e-12));
        assertThat(s.other()).isCloseTo(0.05, within(1e-12));
        assertThat(s.notes()).hasSize(1);

        ServerStageTimes tooLong = new ServerStageTimes(new StageTotal(0.02, 2), new StageTotal(0.04, 2), new StageTotal(0.2, 2), null);
        StageShares odd = LatencyDecomposition.combined(client, tooLong).orElseThrow();
        assertThat(odd.other()).isCloseTo(-0.35, within(1e-12));
        assertThat(odd.notes().get(1)).isEqualTo("the server's stages exceed the client's mean E2E by 35.0 ms: the two windows or request sets differ");
    }
}
