package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.tck.RecordingListener;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** Captured CUDA graphs: which steps replay them, what eager steps cost, and the counts behind the hit rate. */
class CudaGraphsTest {

    /** {@code n} requests of 16 prompt and {@code out} output tokens, all sent at time 0, run to the end. */
    private static EngineSnapshot run(SimSettings settings, int n, int out) {
        SimulatedServer server = new SimulatedServer(settings);
        for (int i = 0; i < n; i++) server.send(SimulatedServerTest.request(i, 16, out), new RecordingListener(), 0);
        server.drain();
        return server.engineSnapshot();
    }

    @Test
    void vllmCapturesOneTwoFourAndMultiplesOfEightUpToMaxNumSeqs() {
        EngineSnapshot u = run(SimSettings.builder().build(), 1, 2);
        assertThat(u.compilation()).isEqualTo("cuda-graphs");
        assertThat(u.compilations()).isEqualTo(35); // 1, 2, 4, 8, 16, ..., 256 for max-batch 256
        assertThat(u.maxCapturedBatch()).isEqualTo(256);
        assertThat(run(SimSettings.builder().maxBatch(1024).build(), 1, 2).maxCapturedBatch()).isEqualTo(512);
        assertThat(run(SimSettings.builder().maxBatch(20).build(), 1, 2).compilations()).isEqualTo(5); // 1, 2, 4, 8, 16
        assertThat(run(SimSettings.builder().engine(EnginePreset.TGI).build(), 1, 2).compilations()).isEqualTo(6); // 1..32
        assertThat(u.recompilations()).isZero();
        assertThat(u.recompileRatio()).isZero();
        // 35 captures of 3 runs each plus their host time: seconds, like vLLM's "35/35 [00:08]"
        assertThat(u.compileSeconds()).isBetween(5.0, 12.0);
    }

    @Test
    void aLightDecodeLoadBelowTheLargestGraphIsServedByGraphsOnly() {
        EngineSnapshot u = run(SimSettings.builder().build(), 10, 50);
        // prefill of the ten prompts (eager), then decode-only steps of 10 sequences (the graph of 16)
        assertThat(u.graphRequests()).isGreaterThanOrEqualTo(49);
        assertThat(u.graphHits()).isEqualTo(u.graphRequests());
        assertThat(u.graphHitRate()).isEqualTo(1.0);
        assertThat(u.eagerSteps()).isBetween(1L, 2L);
        assertThat(u.steps()).isEqualTo(u.graphRequests() + u.eagerSteps());
    }

    @Test
    void batchesLargerThanTheLargestGraphRunEagerly() {
        EngineSnapshot u = run(SimSettings.builder().maxBatch(64).maxBatchedTokens(100_000).build(), 40, 20);
        assertThat(u.graphHitRate()).isEqualTo(1.0); // 40 fits the graph of 40
        EngineSnapshot tgi = run(SimSettings.builder().engine(EnginePreset.TGI).maxBatchedTokens(100_000).build(), 40, 20);
        assertThat(tgi.graphRequests()).isGreaterThanOrEqualTo(19);
        assertThat(tgi.graphHits()).isZero(); // 40 sequences, TGI's largest graph is 32
        assertThat(tgi.graphHitRate()).isLessThan(1.0);
        EngineSnapshot mixed = run(SimSettings.builder().engine(EnginePreset.TGI).maxBatchedTokens(100_000).build(), 32, 20);
        assertThat(mixed.graphHitRate()).isEqualTo(1.0);
    }

    @Test
    void enforceEagerServesNothingFromGraphsAndPaysTheLaunches() {
        SimSettings eager = SimSettings.fromConfig(BackendConfig.of(Map.of(SimSettings.ENFORCE_EAGER, "true")));
        assertThat(eager.enforceEager()).isTrue();
        EngineSnapshot u = run(eager, 10, 50);
        assertThat(u.compilation()).isEqualTo("eager");
        assertThat(u.compilations()).isZero();
        assertThat(u.compileSeconds()).isZero();
        assertThat(u.graphRequests()).isGreaterThanOrEqualTo(49);
        assertThat(u.graphHitRate()).isZero();
        assertThat(u.eagerSteps()).isEqualTo(u.steps());
        assertThat(u.recompileRatio()).isNaN();
        // a batch-1 decode of Llama-3-8B on an A100: the graph is memory-bound (~10 ms); eagerly the 32 layers'
        // launches (16 ms) bound the step
        SimPhysics p = SimSettings.builder().build().physics();
        double graph = p.cost(1, 1000, 1000, false).seconds();
        double eagerStep = p.cost(1, 1000, 1000, true).seconds();
        assertThat(eagerStep).isCloseTo(32 * EnginePreset.EAGER_LAUNCH_SECONDS_PER_LAYER + EnginePreset.VLLM.stepOverheadSeconds(),
                within(1e-9));
        assertThat(eagerStep / graph).isBetween(1.4, 1.9);
        // the whole run takes longer without graphs
        assertThat(u.busySeconds()).isGreaterThan(run(SimSettings.builder().build(), 10, 50).busySeconds() * 1.3);
    }

    @Test
    void engineKindsReportTheirCompilation() {
        EngineSnapshot trt = run(SimSettings.builder().engine(EnginePreset.TENSORRT_LLM).build(), 4, 10);
        assertThat(trt.compilation()).isEqualTo("ahead-of-time");
        assertThat(trt.graphHitRate()).isEqualTo(1.0);
        assertThat(trt.eagerSteps()).isZero();
        EngineSnapshot hf = run(SimSettings.builder().engine(EnginePreset.TRANSFORMERS).build(), 4, 10);
        assertThat(hf.compilation()).isEqualTo("eager");
        assertThat(hf.graphHitRate()).isZero();
    }

    @Test
    void badEnforceEagerValueNamesTheKey() {
        Assertions.assertThatThrownBy(
                        () -> SimSettings.fromConfig(BackendConfig.of(Map.of(SimSettings.ENFORCE_EAGER, "maybe"))))
                .hasMessageContaining("enforce-eager").hasMessageContaining("true or false");
    }
}
