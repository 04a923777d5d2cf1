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

    @Test
    void decodeStepOfOneLlama3_8bSequenceOnA100MatchesHandArithmetic() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        // 8.03e9 params x 2 B = 16.06e9 B read per step; 2.039e12 B/s x 0.8 = 1.6312e12 B/s -> 9.8455 ms
        assertThat(p.weightBytes()).isCloseTo(16.06e9, withPercentage(0.01));
        assertThat(p.decodeStepSeconds(1, 0)).isCloseTo(9.8455e-3, withPercentage(1));
        // 1000 tokens of context add 1000 x 131072 B = 0.131 GB -> +0.0804 ms
        assertThat(p.kvBytesPerToken()).isEqualTo(131_072L);
        assertThat(p.decodeStepSeconds(1, 1000) - p.decodeStepSeconds(1, 0)).isCloseTo(8.035e-5, withPercentage(1));
    }

    @Test
    void prefillIsComputeBoundAndLinearInPromptTokens() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        // 2 x 8.03e9 x 1000 FLOP / (312e12 x 0.5) = 102.95 ms
        assertThat(p.prefillSeconds(1000)).isCloseTo(0.10295, withPercentage(1));
        assertThat(p.prefillSeconds(2000) / p.prefillSeconds(1000)).isCloseTo(2.0, within(0.01));
        assertThat(p.prefillSeconds(8000) / p.prefillSeconds(1000)).isCloseTo(8.0, within(0.05));
    }

    @Test
    void decodeIsFasterOnH200ByTheBandwidthRatio() {
        double a100 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE).decodeStepSeconds(8, 8000);
        double h200 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H200, Quantization.NONE).decodeStepSeconds(8, 8000);
        assertThat(a100 / h200).isCloseTo(4.8 / 2.039, withPercentage(1));
    }

    @Test
    void quantizationShrinksWeightsAndStepTimes() {
        SimPhysics none = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H100, Quantization.NONE);
        SimPhysics fp8 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H100, Quantization.FP8);
        SimPhysics awq = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.H100, Quantization.AWQ);
        assertThat(fp8.decodeStepSeconds(1, 0) / none.decodeStepSeconds(1, 0)).isCloseTo(0.5, within(0.01));
        assertThat(awq.decodeStepSeconds(1, 0) / none.decodeStepSeconds(1, 0)).isCloseTo(0.5195 / 2, within(0.01));
        // FP8 tensor cores double prefill throughput on Hopper ...
        assertThat(fp8.prefillSeconds(4000) / none.prefillSeconds(4000)).isCloseTo(0.5, within(0.01));
        // ... but Ampere has none, so there FP8 only saves bandwidth.
        SimPhysics a100fp8 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.FP8);
        SimPhysics a100 = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        assertThat(a100fp8.prefillSeconds(4000)).isCloseTo(a100.prefillSeconds(4000), withPercentage(0.1));
        assertThat(awq.kvCapacityTokens()).isGreaterThan(none.kvCapacityTokens());
    }

    @Test
    void kvCapacityIsMemoryLeftAfterWeightsOverBytesPerToken() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        // (80e9 x 0.9 - 16.06e9) / 131072 = 426,788
        assertThat(p.kvCapacityTokens()).isBetween(426_700L, 426_800L);
        assertThat(ModelProfile.QWEN2_5_0_5B.kvBytesPerToken()).isEqualTo(2L * 24 * 2 * 64 * 2);
        assertThat(physics(ModelProfile.LLAMA_3_70B, DeviceProfile.L4, Quantization.NONE).kvCapacityTokens()).isNegative();
    }

    @Test
    void largeDecodeBatchesBecomeComputeBound() {
        SimPhysics p = physics(ModelProfile.LLAMA_3_8B, DeviceProfile.A100_80GB, Quantization.NONE);
        double step = p.decodeStepSeconds(256, 0);
        assertThat(step).isCloseTo(p.computeSeconds(256), withPercentage(0.01)).isGreaterThan(p.memorySeconds(0));
    }

    @Test
    void profilesResolveByNameAndAliasAndListKnownNamesOtherwise() {
        assertThat(DeviceProfile.of("H100")).isEqualTo(DeviceProfile.H100);
        assertThat(DeviceProfile.of(" a100 ")).isEqualTo(DeviceProfile.A100_80GB);
        assertThat(DeviceProfile.of("Jetson-Orin").memoryBandwidth()).isEqualTo(204.8e9);
        assertThatThrownBy(() -> DeviceProfile.of("tpu-v5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tpu-v5").hasMessageContaining("a100-80gb").hasMessageContaining("l4");
        assertThat(ModelProfile.of("meta-llama/Llama-3-8B-Instruct")).isEqualTo(ModelProfile.LLAMA_3_8B);
        assertThat(ModelProfile.of("meta-llama/Meta-Llama-3-8B-Instruct")).isEqualTo(ModelProfile.LLAMA_3_8B);
        assertThat(ModelProfile.of("Qwen/Qwen2.5-0.5B-Instruct")).isEqualTo(ModelProfile.QWEN2_5_0_5B);
        assertThat(ModelProfile.of("meta-llama/Llama-3.1-8B-Instruct").maxContext()).isEqualTo(131_072);
        assertThatThrownBy(() -> ModelProfile.of("gpt-5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gpt-5").hasMessageContaining("llama-3-8b").hasMessageContaining("qwen2.5-0.5b");
        assertThatThrownBy(() -> new DeviceProfile(null, 1, 0, 1, 1)).hasMessageContaining("name");
        assertThatThrownBy(() -> new ModelProfile("m", 0, 1, 1, 1, 1)).hasMessageContaining("parameters");
    }
}
