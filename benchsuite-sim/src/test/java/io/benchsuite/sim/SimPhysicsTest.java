package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.data.Percentage.withPercentage;

import io.benchsuite.api.backend.Quantization;
import org.junit.jupiter.api.Test;

class SimPhysicsTest {
    private static SimPhysics physics(ModelProfile m, DeviceProfile d, Quantization q) {
        return new SimPhysics(m, d, q, 0.9);
    }

    private static SimPhysics physics(ModelProfile m, DeviceProfile d, Quantization q, int tp, EnginePreset e) {
        return new SimPhysics(m, d, q, 0.9, tp, e, SimPhysics.KvCacheDtype.AUTO);
    }

    @Test
    void decodeStepOfOneLlama3_8bSequenceOnA100MatchesHandArithmetic() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE); // vllm preset
        // memory: 8.03e9 params x 2 B = 16.06e9 B per step at 2.039e12 x 0.80 B/s = 9.8455 ms
        // compute: 2 x 8.03e9 FLOP at 312e12 x 0.60 = 0.0858 ms, half of it not hidden: +0.0429 ms
        // plus vLLM's 1 ms of host time per step: 10.888 ms
        assertThat(p.weightBytes()).isCloseTo(16.06e9, withPercentage(0.01));
        SimPhysics.StepCost c = p.cost(1, 0, 0);
        assertThat(c.memorySeconds()).isCloseTo(9.8455e-3, withPercentage(0.1));
        assertThat(c.computeSeconds()).isCloseTo(0.0858e-3, withPercentage(0.5));
        assertThat(p.decodeStepSeconds(1, 0)).isCloseTo(10.888e-3, withPercentage(0.1));
        // 1000 tokens of context add 1000 x 131072 B = 0.131 GB (+0.0804 ms) and 1000 x 524,288 FLOP of attention (+0.0014 ms)
        assertThat(p.kvBytesPerToken()).isEqualTo(131_072L);
        assertThat(ModelProfile.LLAMA_3_8B.attentionFlopsPerPair()).isEqualTo(4.0 * 32 * 32 * 128);
        assertThat(p.decodeStepSeconds(1, 1000) - p.decodeStepSeconds(1, 0)).isCloseTo(8.18e-5, withPercentage(1));
    }

    @Test
    void prefillIsComputeBoundWithAttentionGrowingWithTheSquareOfThePrompt() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        // (2 x 8.03e9 x 1000 + 524,288 x 500,500) FLOP / (312e12 x 0.6) = 87.19 ms, + 9.85 / 2 + 1 = 93.11 ms
        assertThat(p.prefillSeconds(1000)).isCloseTo(0.09311, withPercentage(0.5));
        assertThat(p.prefillSeconds(2000) / p.prefillSeconds(1000)).isCloseTo(1.967, within(0.01));
        // at 8000 tokens attention adds 16.8 TFLOP to 128.5: superlinear
        assertThat(p.prefillSeconds(8000) / p.prefillSeconds(1000)).isCloseTo(8.40, within(0.02));
        assertThat(SimPhysics.causalPairs(0, 4)).isEqualTo(10);
        assertThat(SimPhysics.causalPairs(100, 4)).isEqualTo(410);
    }

    @Test
    void decodeMemoryTimeScalesWithBandwidth() {
        SimPhysics a100 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        SimPhysics h200 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H200, Quantization.NONE);
        assertThat(a100.cost(8, 8000, 8000).memorySeconds() / h200.cost(8, 8000, 8000).memorySeconds())
                .isCloseTo(4.8 / 2.039, withPercentage(0.1));
        // the fixed host time narrows the whole step's ratio
        assertThat(a100.decodeStepSeconds(8, 8000) / h200.decodeStepSeconds(8, 8000)).isBetween(1.8, 4.8 / 2.039);
    }

    @Test
    void quantizationShrinksWeightsAndStepTimes() {
        SimPhysics none = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H100, Quantization.NONE);
        SimPhysics fp8 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H100, Quantization.FP8);
        SimPhysics awq = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H100, Quantization.AWQ);
        assertThat(fp8.cost(1, 0, 0).memorySeconds() / none.cost(1, 0, 0).memorySeconds()).isCloseTo(0.5, within(0.001));
        assertThat(awq.cost(1, 0, 0).memorySeconds() / none.cost(1, 0, 0).memorySeconds()).isCloseTo(0.5195 / 2, within(0.001));
        // FP8 tensor cores: twice the peak at a lower achieved share (vllm: 0.45 of 1,979 vs 0.60 of 989.5 TFLOP/s)
        assertThat(fp8.cost(4000, 0, 0).computeSeconds() / none.cost(4000, 0, 0).computeSeconds())
                .isCloseTo(0.60 * 989.5 / (0.45 * 1979), within(0.001));
        // ... but Ampere has none, so there FP8 only saves bandwidth.
        SimPhysics a100fp8 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.FP8);
        SimPhysics a100 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        assertThat(a100fp8.cost(4000, 0, 0).computeSeconds()).isCloseTo(a100.cost(4000, 0, 0).computeSeconds(), withPercentage(0.01));
        assertThat(awq.kvCapacityTokens()).isGreaterThan(none.kvCapacityTokens());
    }

    @Test
    void kvCapacityIsMemoryLeftAfterWeightsOverBytesPerToken() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        // (80e9 x 0.9 - 16.06e9) / 131072 = 426,788
        assertThat(p.kvCapacityTokens()).isBetween(426_700L, 426_800L);
        assertThat(ModelProfile.QWEN2_5_0_5B.kvBytesPerToken()).isEqualTo(2L * 24 * 2 * 64 * 2);
        assertThat(physics(ModelProfile.LLAMA_3_70B, DeviceProfile.L4, Quantization.NONE).kvCapacityTokens()).isNegative();
        SimPhysics fp8Kv = new SimPhysics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE, 0.9, 1,
                EnginePreset.VLLM, SimPhysics.KvCacheDtype.FP8);
        assertThat(fp8Kv.kvBytesPerToken()).isEqualTo(65_536L);
        assertThat(fp8Kv.kvCapacityTokens()).isBetween(2 * 426_700L, 2 * 426_800L);
    }

    @Test
    void largeDecodeBatchesBecomeComputeBound() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        SimPhysics.StepCost c = p.cost(256, 0, 0);
        assertThat(c.computeSeconds()).isGreaterThan(c.memorySeconds());
        assertThat(c.seconds()).isCloseTo(c.computeSeconds() + 0.5 * c.memorySeconds() + 1e-3, withPercentage(0.01));
    }

    @Test
    void tensorParallelSplitsWeightsComputeAndKvAndAddsTwoAllReducesPerLayer() {
        SimPhysics one = physics(ModelProfile.LLAMA_3_70B, DeviceProfile.H100, Quantization.NONE, 1, EnginePreset.VLLM);
        SimPhysics four = physics(ModelProfile.LLAMA_3_70B, DeviceProfile.H100, Quantization.NONE, 4, EnginePreset.VLLM);
        assertThat(one.kvCapacityTokens()).as("70B in 16 bit does not fit one H100").isNegative();
        // per device: 141.1 GB / 4 = 35.3 GB of weights; KV heads 8 / 4 = 2 per device
        assertThat(four.weightBytesPerDevice()).isCloseTo(70.554e9 * 2 / 4, withPercentage(0.01));
        assertThat(four.kvBytesPerTokenPerDevice()).isEqualTo(327_680.0 / 4);
        // (80e9 x 0.9 - 35.277e9) / 81,920 = 448,279 tokens
        assertThat(four.kvCapacityTokens()).isBetween(448_200L, 448_300L);
        // decode all-reduce: 8192 x 2 B per token; NVLink 4: 9.6 us + 2 x 3/4 x 16 KB / (450e9 x 0.82) = 9.667 us
        assertThat(four.allReduceSeconds(1)).isCloseTo(9.6e-6 + 1.5 * 16_384 / (450e9 * 0.82), withPercentage(0.01));
        SimPhysics.StepCost c = four.cost(1, 0, 0);
        assertThat(c.communicationSeconds()).isCloseTo(160 * four.allReduceSeconds(1), withPercentage(0.01));
        assertThat(c.memorySeconds()).isCloseTo(35.277e9 / (3.35e12 * 0.8), withPercentage(0.1));
        // PCIe is far slower for prefill-sized messages: 2048 tokens x 16 KB = 33.5 MB per all-reduce
        SimPhysics pcie = physics(ModelProfile.LLAMA_3_70B, DeviceProfile.L40S, Quantization.FP8, 4, EnginePreset.VLLM);
        assertThat(pcie.allReduceSeconds(2048) / four.allReduceSeconds(2048)).isGreaterThan(10);
        // Qwen2.5-7B's 4 KV heads are replicated at TP 8: each device holds one head, a quarter of the KV
        assertThatThrownBy(() -> physics(ModelProfile.QWEN2_5_7B, DeviceProfile.H100, Quantization.NONE, 8, EnginePreset.VLLM))
                .hasMessageContaining("tensorParallel 8 does not divide").hasMessageContaining("28 attention heads");
        SimPhysics llama8 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H100, Quantization.NONE, 8, EnginePreset.VLLM);
        assertThat(llama8.kvBytesPerTokenPerDevice()).isEqualTo(131_072.0 / 8);
        assertThatThrownBy(() -> physics(ModelProfile.LLAMA_3_8B, DeviceProfile.JETSON_ORIN, Quantization.NONE, 2, EnginePreset.VLLM))
                .hasMessageContaining("tensorParallel must be 1 on device 'jetson-orin'");
        assertThatThrownBy(() -> physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H100, Quantization.NONE, 3, EnginePreset.VLLM))
                .hasMessageContaining("tensorParallel must be 1, 2, 4 or 8, got 3");
    }

    @Test
    void eagerEnginesAreBoundByKernelLaunchesOnFastDevices() {
        // transformers: 28 layers x 0.5 ms of launches overlap the device; on H100 they are the step, on L4 the memory is
        SimPhysics h100 = physics(ModelProfile.QWEN2_5_7B, DeviceProfile.H100, Quantization.NONE, 1, EnginePreset.TRANSFORMERS);
        SimPhysics l4 = physics(ModelProfile.QWEN2_5_7B, DeviceProfile.L4, Quantization.NONE, 1, EnginePreset.TRANSFORMERS);
        assertThat(h100.decodeStepSeconds(1, 2048)).isCloseTo(28 * 0.0005, withPercentage(0.01));
        assertThat(l4.decodeStepSeconds(1, 2048)).isGreaterThan(28 * 0.0005 * 4);
    }

    @Test
    void utilisationAndPowerFollowTheDevicesFigures() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        double decode = p.cost(1, 0, 0).utilisation();
        // batch-1 decode streams the weights at 0.8 of the bandwidth for 9.9 of its 10.9 ms: memory 72 % busy
        assertThat(decode).isCloseTo(16.06e9 / 10.888e-3 / 2.039e12, within(0.001));
        // a long prefill keeps the tensor cores busy (at the engine's achievable rate) nearly all the step
        assertThat(p.cost(8000, 32_004_000, 0).utilisation()).isGreaterThan(0.95).isLessThanOrEqualTo(1.0);
        assertThat(DeviceProfile.H100.powerWatts(0)).isEqualTo(110);
        assertThat(DeviceProfile.H100.powerWatts(1)).isEqualTo(700);
        assertThat(DeviceProfile.H100.powerWatts(0.5)).isEqualTo(405);
        assertThat(DeviceProfile.A100_80GB.idleWatts()).isEqualTo(DeviceProfile.ESTIMATED_IDLE_SHARE * 400);
        assertThat(new DeviceProfile("custom", 1e12, 0, 1e11, 1e9).hasPower()).isFalse();
        assertThatThrownBy(() -> new DeviceProfile("x", 1e12, 0, 1e11, 1e9, 10, 20, Interconnect.PCIE4))
                .hasMessageContaining("idleWatts (20.0) must not exceed tdpWatts (10.0)");
    }

    @Test
    void activationMemoryCountsTheLargestLayerAndTheLogits() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        // 8192 tokens x (2 x 14336 + 4 x 4096) x 2 B = 738.2 MB, plus 256 x 128,256 x 4 B = 131.3 MB of logits
        assertThat(p.activationBytesPerDevice(8192, 256)).isCloseTo(738.2e6 + 131.3e6, withPercentage(0.1));
    }

    @Test
    void profilesResolveByNameAndAliasAndListKnownNamesOtherwise() {
        assertThat(DeviceProfile.of("H100")).isEqualTo(DeviceProfile.H100);
        assertThat(DeviceProfile.of(" a100 ")).isEqualTo(DeviceProfile.A100_80GB);
        assertThat(DeviceProfile.of("Jetson-Orin").memoryBandwidth()).isEqualTo(204.8e9);
        assertThat(DeviceProfile.of("orin-nano")).isEqualTo(DeviceProfile.JETSON_ORIN_NANO_SUPER);
        assertThat(DeviceProfile.of("rpi5")).isEqualTo(DeviceProfile.RASPBERRY_PI_5);
        assertThat(DeviceProfile.knownNames()).contains("a10g", "l40s", "mi300x", "jetson-orin-nano", "raspberry-pi-5", "a100-40gb");
        assertThatThrownBy(() -> DeviceProfile.of("tpu-v5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tpu-v5").hasMessageContaining("a100-80gb").hasMessageContaining("l4");
        assertThat(ModelProfile.of("meta-llama/Llama-3-8B-Instruct")).isEqualTo(ModelProfile.LLAMA_3_8B);
        assertThat(ModelProfile.of("meta-llama/Meta-Llama-3-8B-Instruct")).isEqualTo(ModelProfile.LLAMA_3_8B);
        assertThat(ModelProfile.of("Qwen/Qwen2.5-0.5B-Instruct")).isEqualTo(ModelProfile.QWEN2_5_0_5B);
        assertThat(ModelProfile.of("meta-llama/Llama-3.1-8B-Instruct").maxContext()).isEqualTo(131_072);
        assertThat(ModelProfile.of("meta-llama/Llama-3.3-70B-Instruct")).isEqualTo(ModelProfile.LLAMA_3_1_70B);
        assertThat(ModelProfile.of("nvidia/Llama-3.1-8B-Instruct-FP8")).isEqualTo(ModelProfile.LLAMA_3_1_8B);
        assertThatThrownBy(() -> ModelProfile.of("gpt-5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gpt-5").hasMessageContaining("llama-3-8b").hasMessageContaining("qwen2.5-0.5b");
        assertThatThrownBy(() -> new DeviceProfile(null, 1, 0, 1, 1)).hasMessageContaining("name");
        assertThatThrownBy(() -> new ModelProfile("m", 0, 1, 1, 1, 1)).hasMessageContaining("parameters");
        assertThatThrownBy(() -> new ModelProfile("m", 1, 1, 64, 3, 2, 32, 256, 100, 10)).hasMessageContaining("multiple of kvHeads");
        // the short constructor estimates the rest of a standard transformer
        ModelProfile custom = new ModelProfile("custom-7b", 6_700_000_000L, 32, 32, 128, 4096);
        assertThat(custom.hiddenSize()).isEqualTo(4160); // sqrt(6.7e9 / (12 x 32)) = 4177, to a multiple of 64
        assertThat(custom.queryHeads()).isEqualTo(32);
    }

    @Test
    void everyBuiltInProfileIsConsistent() {
        for (ModelProfile m : ModelProfile.builtIn()) {
            // 12 x layers x hidden^2 (attention + MLP, order of magnitude) is within 2x of the parameter count
            double estimate = (double) m.layers() * (4.0 * m.hiddenSize() * m.hiddenSize() + 3.0 * m.hiddenSize() * m.intermediateSize());
            assertThat(m.parameters() / estimate).as(m.name()).isBetween(0.8, 1.6);
        }
        for (DeviceProfile d : DeviceProfile.builtIn()) {
            assertThat(d.hasPower()).as(d.name()).isTrue();
            assertThat(d.idleWatts()).as(d.name()).isLessThan(d.tdpWatts());
        }
    }
}
