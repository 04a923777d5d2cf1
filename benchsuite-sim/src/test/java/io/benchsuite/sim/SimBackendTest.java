package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.Quantization;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.tck.RecordingListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/**
 * Real-time behaviour. Lower bounds are exact (no token comes before the physics allows, whatever
 * the machine does); upper bounds are generous because a loaded 2-core machine delays threads by
 * milliseconds at every step (the engine keeps such delays, it never makes them up). They still fail
 * when timing is off by a factor (e.g. the time scale ignored). The precise fidelity figure is a
 * benchmark ({@code SimRealTimeFidelityHarness}), not a test.
 */
class SimBackendTest {

    static InferenceRequest request(long index, int inputTokens, int maxTokens) {
        return new InferenceRequest(index, "llama-3-8b", List.of(ChatMessage.user("hello number " + index)),
                inputTokens, maxTokens, true, 0.0, index, true, Map.of());
    }

    @Test
    void streamsTokensAtThePredictedTimes() throws Exception {
        try (SimBackend sim = new SimBackend(SimSettings.builder().build())) {
            SimPhysics p = sim.physics();
            double predictedTtft = p.prefillSeconds(1000);             // 102.9 ms
            double predictedItl = p.decodeStepSeconds(1, 1001);         // 9.9 ms
            RecordingListener r = new RecordingListener();
            sim.send(request(0, 1000, 41), r);
            assertThat(r.awaitDone(Duration.ofMillis(5000))).isTrue();
            assertThat(r.violations()).isEmpty();
            assertThat(r.tokens()).isEqualTo(41);
            double ttft = (r.firstTokenNanos() - r.sentNanos()) / 1e9;
            double decode = (r.tokenTimes().get(40) - r.tokenTimes().get(0)) / 1e9;
            // Never early; at most 2x + 0.2 s late (a loaded machine delays every step a little).
            System.out.printf("sim real-time: TTFT %.2f ms (predicted %.2f), mean ITL %.3f ms (predicted %.3f)%n",
                    ttft * 1e3, predictedTtft * 1e3, decode / 40 * 1e3, predictedItl * 1e3);
            assertThat(ttft).isBetween(predictedTtft, predictedTtft * 2 + 0.2);
            assertThat(decode).isBetween(40 * p.decodeStepSeconds(1, 1001), 40 * predictedItl * 2 + 0.2);
            assertThat(r.usage().promptTokens()).isEqualTo(1000);
            assertThat(r.usage().completionTokens()).isEqualTo(41);
            assertThat(r.text().trim().split(" ")).hasSize(41);
        }
    }

    @Test
    void timeScaleShortensWallTime() throws Exception {
        // 200 decode steps of ~9.9 ms = ~2 s simulated; at time-scale 0.05, ~0.1 s of wall time.
        try (SimBackend sim = new SimBackend(SimSettings.builder().timeScale(0.05).build())) {
            RecordingListener r = new RecordingListener();
            long t0 = System.nanoTime();
            sim.send(request(0, 100, 200), r);
            assertThat(r.awaitDone(Duration.ofMillis(5000))).isTrue();
            double wall = (System.nanoTime() - t0) / 1e9;
            double simulated = sim.physics().prefillSeconds(100) + 199 * sim.physics().decodeStepSeconds(1, 200);
            // never faster than scaled physics; far below the 2 s of real time, however loaded the machine
            assertThat(wall).isBetween(simulated * 0.05, simulated * 0.05 * 3 + 0.3);
        }
    }

    @Test
    void concurrentRequestsShareSteps() throws Exception {
        try (SimBackend sim = new SimBackend(SimSettings.builder().timeScale(0.2).build())) {
            List<RecordingListener> rs = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < 8; i++) {
                RecordingListener r = new RecordingListener();
                rs.add(r);
                sim.send(request(i, 200, 50), r);
            }
            for (RecordingListener r : rs) assertThat(r.awaitDone(Duration.ofMillis(5000))).isTrue();
            double wall = (System.nanoTime() - t0) / 1e9;
            double one = 0.2 * (sim.physics().prefillSeconds(200) + 49 * sim.physics().decodeStepSeconds(1, 250));
            assertThat(wall).isLessThan(4 * one); // sequentially it would be 8x
            // the state snapshot is published when the step ends, just after the listeners heard of it
            long until = System.nanoTime() + 2_000_000_000L;
            while (sim.state().completedRequests() < 8 && System.nanoTime() < until) Thread.sleep(5);
            assertThat(sim.state().completedRequests()).isEqualTo(8);
            assertThat(sim.state().generationTokens()).isEqualTo(400);
            assertThat(sim.state().promptTokens()).isEqualTo(1600);
            assertThat(sim.state().running()).isZero();
        }
    }

    @Test
    void cancelDeliversOneCancelledErrorAndStopsTokens() throws Exception {
        try (SimBackend sim = new SimBackend(SimSettings.builder().timeScale(0.1).build())) {
            RecordingListener r = new RecordingListener();
            RequestHandle h = sim.send(request(0, 10, 5000), r);
            assertThat(r.awaitFirstToken(Duration.ofMillis(5000))).isTrue();
            h.cancel();
            h.cancel();
            assertThat(r.awaitDone(Duration.ofMillis(5000))).isTrue();
            int tokensAtCancel = r.tokens();
            Thread.sleep(50);
            h.cancel();
            assertThat(r.error().kind()).isEqualTo(ErrorKind.CANCELLED);
            assertThat(r.terminalCount()).isEqualTo(1);
            assertThat(r.tokens()).isEqualTo(tokensAtCancel).isLessThan(5000);
            assertThat(r.violations()).isEmpty();
            assertThat(sim.state().running()).isZero();
        }
    }

    @Test
    void closeCancelsInFlightRequestsAndStopsTheThread() throws Exception {
        SimBackend sim = new SimBackend(SimSettings.builder().build());
        List<RecordingListener> rs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            RecordingListener r = new RecordingListener();
            rs.add(r);
            sim.send(request(i, 10, 8000), r);
        }
        assertThat(rs.get(0).awaitFirstToken(Duration.ofMillis(5000))).isTrue();
        assertThat(engineThreads()).isNotEmpty();
        sim.close();
        assertThat(sim.engineThreadAlive()).isFalse();
        for (RecordingListener r : rs) {
            assertThat(r.awaitDone(Duration.ofMillis(0))).isTrue();
            assertThat(r.error().kind()).isEqualTo(ErrorKind.CANCELLED);
            assertThat(r.violations()).isEmpty();
        }
        RecordingListener after = new RecordingListener();
        sim.send(request(9, 10, 10), after);
        assertThat(after.error().kind()).as("sent after close: refused").isEqualTo(ErrorKind.REJECTED);
        assertThat(after.error().message()).isEqualTo("sim backend is closed");
        sim.close(); // idempotent
    }

    private static List<String> engineThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("benchsuite-sim-engine-")).toList();
    }

    @Test
    void noEngineThreadOutlivesItsBackend() {
        List<String> before = engineThreads();
        SimBackend sim = new SimBackend(SimSettings.builder().build());
        assertThat(engineThreads()).hasSize(before.size() + 1);
        sim.close();
        assertThat(engineThreads()).containsExactlyInAnyOrderElementsOf(before);
    }

    @Test
    void promptsBeyondTheContextAreRejected() throws Exception {
        try (SimBackend sim = new SimBackend(SimSettings.builder().build())) {
            RecordingListener r = new RecordingListener();
            sim.send(request(0, 9000, 10), r);
            assertThat(r.awaitDone(Duration.ofMillis(1000))).isTrue();
            assertThat(r.error().kind()).isEqualTo(ErrorKind.REJECTED);
            assertThat(r.error().message()).contains("maximum context length");
            assertThat(r.sentNanos()).isPositive();
        }
    }

    @Test
    void theProviderIsFoundByNameAndReadsItsConfig() {
        BackendRegistry registry = BackendRegistry.load();
        assertThat(registry.names()).contains("sim");
        BackendConfig config = BackendConfig.of(Map.of("model", "meta-llama/Meta-Llama-3-8B-Instruct", "device", "H200",
                "quantization", "fp8", "engine", "tgi", "seed", "0x2a", "max-batch", "32", "time-scale", "0.5", "jitter", "0.1"));
        try (Backend b = registry.create("sim", config)) {
            SimBackend sim = (SimBackend) b;
            assertThat(sim.settings().device()).isEqualTo(DeviceProfile.H200);
            assertThat(sim.settings().model()).isEqualTo(ModelProfile.LLAMA_3_8B);
            assertThat(sim.settings().quantization()).isEqualTo(Quantization.FP8);
            assertThat(sim.settings().engine()).isEqualTo(EnginePreset.TGI);
            assertThat(sim.settings().maxBatchedTokens()).isEqualTo(4096);
            assertThat(sim.settings().seed()).isEqualTo(42);
            assertThat(sim.settings().maxBatch()).isEqualTo(32);
            assertThat(b.info().name()).isEqualTo("sim");
            assertThat(b.info().model()).isEqualTo("meta-llama/Meta-Llama-3-8B-Instruct");
            assertThat(b.info().details()).containsEntry("device", "h200").containsEntry("quantization", "fp8")
                    .containsEntry("engine", "tgi").containsKey("kv-capacity-tokens");
        }
        try (Backend b = registry.create("sim", BackendConfig.empty())) {
            assertThat(b.info().details()).containsEntry("device", "a100-80gb").containsEntry("engine", "vllm")
                    .containsEntry("model-profile", "llama-3-8b");
        }
    }

    @Test
    void deviceFiguresAreAvailableWhileAndAfterItRuns() throws Exception {
        try (SimBackend sim = new SimBackend(SimSettings.builder().timeScale(0.05).build())) {
            RecordingListener r = new RecordingListener();
            sim.send(request(0, 500, 20), r);
            assertThat(r.awaitDone(Duration.ofMillis(10_000))).isTrue();
            long until = System.nanoTime() + 2_000_000_000L;
            while (sim.engineSnapshot().orElseThrow().generationTokens() < 20 && System.nanoTime() < until) Thread.sleep(5);
            EngineSnapshot u = sim.engineSnapshot().orElseThrow();
            assertThat(u.generationTokens()).isEqualTo(20);
            assertThat(u.peakMemoryBytes()).isGreaterThan(sim.physics().weightBytes() + 32 * 16 * 131_072.0);
            assertThat(u.energyJoules()).isPositive();
            // simulated seconds: the wall time divided by the time scale, at least the physics' busy time
            assertThat(u.elapsedSeconds()).isGreaterThanOrEqualTo(u.busySeconds());
            assertThat(u.busySeconds()).isCloseTo(sim.physics().prefillSeconds(500) + 19 * sim.physics().decodeStepSeconds(1, 510),
                    Percentage.withPercentage(2));
        }
    }

    @Test
    void tensorParallelAndTheKvDtypeAreReadFromTheConfig() {
        try (Backend b = BackendRegistry.load().create("sim", BackendConfig.of(Map.of("model", "llama-3-70b", "device", "h100",
                "tp", "4", "kv-cache-dtype", "fp8", "engine", "tensorrt-llm")))) {
            SimBackend sim = (SimBackend) b;
            assertThat(sim.settings().tensorParallel()).isEqualTo(4);
            assertThat(sim.settings().kvCacheDtype()).isEqualTo(SimPhysics.KvCacheDtype.FP8);
            assertThat(sim.settings().engine()).isEqualTo(EnginePreset.TENSORRT_LLM);
            assertThat(b.info().details()).containsEntry("devices", "4").containsEntry("kv-cache-dtype", "fp8")
                    .containsEntry("engine", "tensorrt-llm");
        }
    }

    @Test
    void badConfigurationNamesTheKey() {
        assertThatThrownBy(() -> SimSettings.fromConfig(BackendConfig.of(Map.of("device", "tpu"))))
                .hasMessageContaining("tpu").hasMessageContaining("h100");
        assertThatThrownBy(() -> SimSettings.fromConfig(BackendConfig.of(Map.of("seed", "xyz"))))
                .hasMessageContaining("seed");
        assertThatThrownBy(() -> SimSettings.fromConfig(BackendConfig.of(Map.of("max-batch", "many"))))
                .hasMessageContaining("max-batch");
        assertThatThrownBy(() -> SimSettings.fromConfig(BackendConfig.of(Map.of("engine", "triton"))))
                .hasMessageContaining("triton").hasMessageContaining("vllm");
        assertThatThrownBy(() -> SimSettings.fromConfig(BackendConfig.of(Map.of("time-scale", "0"))))
                .hasMessageContaining("timeScale");
        assertThat(SimSettings.parseSeed("a6bb133cb1e3638ad7b8a3ff0539668e9e56f9b850ef1b2a810f5422eaa6c323"))
                .isEqualTo(0xa6bb133cb1e3638aL ^ 0xd7b8a3ff0539668eL ^ 0x9e56f9b850ef1b2aL ^ 0x810f5422eaa6c323L);
        assertThatThrownBy(() -> new SimBackend(null)).hasMessageContaining("settings");
        assertThatThrownBy(() -> SimSettings.fromConfig(BackendConfig.of(Map.of("time-scale", "0"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend config key 'time-scale': ");
    }

    @Test
    void theProviderDeclaresEveryKeyItReadsSoTyposAreCaught() {
        BackendRegistry registry = BackendRegistry.load();
        assertThat(registry.provider("sim").options()).extracting(o -> o.key()).contains("model", "device", "quantization",
                SimSettings.ENGINE, SimSettings.MAX_BATCH, SimSettings.MAX_BATCHED_TOKENS, SimSettings.JITTER,
                SimSettings.TIME_SCALE, SimSettings.MEMORY_UTILIZATION, "seed", SimSettings.TENSOR_PARALLEL,
                SimSettings.KV_CACHE_DTYPE);
        assertThatThrownBy(() -> registry.create("sim", BackendConfig.of(Map.of("tp", "3"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("backend config key 'tp': tensorParallel must be 1, 2, 4 or 8, got 3");
        assertThatThrownBy(() -> registry.create("sim", BackendConfig.of(Map.of("tp", "2", "device", "raspberry-pi-5"))))
                .hasMessageContaining("tensorParallel must be 1 on device 'raspberry-pi-5'");
        assertThatThrownBy(() -> registry.create("sim", BackendConfig.of(Map.of("kv-cache-dtype", "int4"))))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("kv-cache-dtype");
        assertThatThrownBy(() -> registry.create("sim", BackendConfig.of(Map.of("engine", "triton"))))
                .hasMessageContaining("tensorrt-llm").hasMessageContaining("llama.cpp");
        assertThatThrownBy(() -> registry.create("sim", BackendConfig.of(Map.of("jiter", "0.1"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("unknown option 'jiter' for backend 'sim'; did you mean jitter?");
        assertThatThrownBy(() -> registry.create("sim", BackendConfig.of(Map.of("memory-utilization", "1.5"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend config key 'memory-utilization': memoryUtilization must be in (0, 1]");
        assertThatThrownBy(() -> registry.create("sim", BackendConfig.of(Map.of("url", "http://127.0.0.1:8000"))))
                .hasMessageStartingWith("unknown option 'url' for backend 'sim'");
    }
}
