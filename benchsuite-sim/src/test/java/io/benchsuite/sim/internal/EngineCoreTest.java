package io.benchsuite.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Percentage.withPercentage;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.sim.DeviceProfile;
import io.benchsuite.sim.EnginePreset;
import io.benchsuite.sim.ModelProfile;
import io.benchsuite.testkit.RecordingListener;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.Vocabulary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngineCoreTest {
    private static final SimSettings A100 = SimSettings.builder().build();

    @Test
    void aLoneRequestGetsItsFirstTokenAfterPrefillThenOnePerDecodeStep() {
        VirtualDriver d = new VirtualDriver(A100);
        RecordingListener r = d.request(0, 1000, 5);
        d.run();
        assertThat(r.violations()).isEmpty();
        assertThat(r.tokenTimes()).hasSize(5);
        assertThat(r.usage().promptTokens()).isEqualTo(1000);
        assertThat(r.usage().completionTokens()).isEqualTo(5);
        assertThat(VirtualDriver.seconds(r.tokenTimes().get(0))).isCloseTo(0.10295, withPercentage(1));
        double itl = VirtualDriver.seconds(r.tokenTimes().get(4) - r.tokenTimes().get(0)) / 4;
        assertThat(itl).isCloseTo(9.85e-3, withPercentage(2));
    }

    @Test
    void eightConcurrentRequestsTakeFarLessThanEightTimesOne() {
        VirtualDriver one = new VirtualDriver(A100);
        one.request(0, 200, 100);
        double single = one.run();
        VirtualDriver eight = new VirtualDriver(A100);
        for (int i = 0; i < 8; i++) eight.request(0, 200, 100);
        double batch = eight.run();
        // decode is memory-bound: 8 sequences share each weight read. Measured ratio is about 1.1.
        assertThat(batch).isLessThan(2 * single);
        assertThat(eight.stepSeconds).hasSize(100); // one prefill step for all eight, then 99 decode steps
    }

    @Test
    void fullKvCacheMakesRequestsQueue() {
        // 20 GB x 0.9 - 16.06 GB of weights = 14,801 KV tokens = 925 blocks; each request reserves
        // (1000 + 1000) / 16 = 125 blocks, so seven fit and the eighth waits for one to finish.
        DeviceProfile tiny = new DeviceProfile("tiny", 312e12, 0, 2.039e12, 20e9);
        SimSettings settings = SimSettings.builder().device(tiny).build();
        VirtualDriver d = new VirtualDriver(settings);
        List<RecordingListener> rs = new ArrayList<>();
        for (int i = 0; i < 8; i++) rs.add(d.request(0, 1000, 1000));
        assertThat(d.core.state().kvCapacityTokens()).isEqualTo(925 * 16);
        d.run();
        double ttft7 = VirtualDriver.seconds(rs.get(6).firstTokenNanos());
        double ttft8 = VirtualDriver.seconds(rs.get(7).firstTokenNanos());
        assertThat(ttft7).isLessThan(1.0);
        assertThat(ttft8).isGreaterThan(8.0); // after ~1000 decode steps of ~10 ms
        assertThat(d.plans.get(0).prefill()).hasSize(7);

        // The same eight on a full A100 all start in the first step.
        VirtualDriver big = new VirtualDriver(A100);
        List<RecordingListener> bs = new ArrayList<>();
        for (int i = 0; i < 8; i++) bs.add(big.request(0, 1000, 1000));
        big.run();
        assertThat(VirtualDriver.seconds(bs.get(7).firstTokenNanos())).isLessThan(1.0);
    }

    @Test
    void waitingCountAndKvUsageShowInTheState() {
        DeviceProfile tiny = new DeviceProfile("tiny", 312e12, 0, 2.039e12, 20e9);
        EngineCore core = new EngineCore(SimSettings.builder().device(tiny).build());
        for (int i = 0; i < 8; i++) {
            core.submit(new Sequence(i, new RecordingListener(), 1000, 1000, PromptBlocks.of("p" + i), i));
        }
        assertThat(core.state().waiting()).isEqualTo(8);
        core.planStep();
        assertThat(core.state().running()).isEqualTo(7);
        assertThat(core.state().waiting()).isEqualTo(1);
        assertThat(core.state().kvCacheUsage()).isCloseTo(875.0 / 925, withPercentage(0.1));
        core.failAll(ErrorKind.CANCELLED, "test", () -> 0);
        assertThat(core.state().running()).isZero();
        assertThat(core.state().kvCacheUsage()).isZero();
    }

    @Test
    void stepTokenBudgetSplitsLongPromptsAcrossSteps() {
        VirtualDriver d = new VirtualDriver(A100); // vllm: 8192 tokens per step
        for (int i = 0; i < 3; i++) d.request(0, 3000, 2);
        d.run();
        assertThat(d.plans.get(0).prefill()).hasSize(2);
        assertThat(d.plans.get(1).prefill()).hasSize(1);
    }

    @Test
    void prefixCacheSkipsTheSharedPrefixOfARepeatedPrompt() {
        String shared = "alpha beta gamma delta ".repeat(250); // 1000 words
        VirtualDriver d = new VirtualDriver(A100);
        d.request(0, 1100, 2, shared + "first question here");
        d.request(1, 1100, 2, shared + "another question entirely");
        d.run();
        double cold = d.stepSeconds.get(0);
        double warm = d.stepSeconds.get(2); // steps: prefill, decode, prefill (second request), decode
        assertThat(warm).isLessThan(cold * 0.2);
        assertThat(d.core.state().prefixQueryTokens()).isEqualTo(2200);
        // 62 whole 16-word blocks are shared = 992 words; at 1100/1003 tokens per word, 1087 -> 1072 tokens (whole blocks)
        assertThat(d.core.state().prefixHitTokens()).isBetween(1000L, 1099L);

        SimSettings hf = SimSettings.builder().engine(EnginePreset.TRANSFORMERS).build();
        VirtualDriver t = new VirtualDriver(hf);
        t.request(0, 1100, 2, shared + "first question here");
        t.request(1, 1100, 2, shared + "another question entirely");
        t.run();
        assertThat(t.core.state().prefixHitTokens()).isZero();
        assertThat(t.stepSeconds.get(2)).isCloseTo(t.stepSeconds.get(0), withPercentage(0.1));
    }

    @Test
    void staticBatchingMakesLateArrivalsWaitForTheWholeBatch() {
        SimSettings hf = SimSettings.builder().engine(EnginePreset.TRANSFORMERS).build();
        VirtualDriver t = new VirtualDriver(hf);
        t.request(0, 100, 200);
        RecordingListener late = t.request(0.05, 100, 5);
        t.run();
        // the first request's 200 tokens take ~2 s; the late one starts only after
        assertThat(VirtualDriver.seconds(late.firstTokenNanos())).isGreaterThan(1.9);

        VirtualDriver v = new VirtualDriver(A100);
        v.request(0, 100, 200);
        RecordingListener lateV = v.request(0.05, 100, 5);
        v.run();
        assertThat(VirtualDriver.seconds(lateV.firstTokenNanos())).isLessThan(0.1);
    }

    @Test
    void contiguousKvReservesTheFullContextPerSequence() {
        SimSettings hf = SimSettings.builder().engine(EnginePreset.TRANSFORMERS).build();
        EngineCore core = new EngineCore(hf);
        for (int i = 0; i < 60; i++) core.submit(new Sequence(i, new RecordingListener(), 10, 10, PromptBlocks.of("x"), i));
        StepPlan plan = core.planStep();
        // 426,788 tokens / 8192 per sequence = 52 sequences
        assertThat(plan.prefill()).hasSize(52);
        assertThat(core.state().waiting()).isEqualTo(8);
    }

    @Test
    void stepTimesAreADeterministicFunctionOfTheSeed() {
        List<Double> a = jitteredRun(0x5eedL);
        List<Double> b = jitteredRun(0x5eedL);
        List<Double> c = jitteredRun(0x5eee);
        assertThat(a).isEqualTo(b);
        assertThat(a).isNotEqualTo(c);
        // without jitter the seed does not matter at all
        SimSettings s1 = SimSettings.builder().seed(1).build();
        SimSettings s2 = SimSettings.builder().seed(2).build();
        assertThat(plainRun(s1)).isEqualTo(plainRun(s2));
    }

    private static List<Double> jitteredRun(long seed) {
        return plainRun(SimSettings.builder().seed(seed).jitter(0.2).build());
    }

    private static List<Double> plainRun(SimSettings s) {
        VirtualDriver d = new VirtualDriver(s);
        for (int i = 0; i < 5; i++) d.request(i * 0.03, 300 + 50 * i, 20);
        d.run();
        return d.stepSeconds;
    }

    @Test
    void cancelRemovesAQueuedOrRunningSequenceOnce() {
        EngineCore core = new EngineCore(A100);
        RecordingListener running = new RecordingListener();
        RecordingListener queued = new RecordingListener();
        Sequence s1 = new Sequence(1, running, 10, 100, PromptBlocks.of("a"), 1);
        Sequence s2 = new Sequence(2, queued, 10, 100, PromptBlocks.of("b"), 2);
        running.onSent(0);
        queued.onSent(0);
        core.submit(s1);
        StepPlan plan = core.planStep();
        core.submit(s2);
        core.cancel(s1, () -> 5, "x");
        core.cancel(s1, () -> 6, "x");
        core.cancel(s2, () -> 7, "x");
        core.completeStep(plan, () -> 8); // the cancelled sequence gets no token
        assertThat(running.error().kind()).isEqualTo(ErrorKind.CANCELLED);
        assertThat(queued.error().kind()).isEqualTo(ErrorKind.CANCELLED);
        assertThat(running.terminalCount()).isEqualTo(1);
        assertThat(running.tokens()).isZero();
        assertThat(running.violations()).isEmpty();
        assertThat(core.idle()).isTrue();
        assertThat(core.state().kvCacheUsage()).isZero();
    }

    @Test
    void admissionRejectsWhatCanNeverRun() {
        EngineCore core = new EngineCore(A100);
        assertThat(core.admissionProblem(8000, 193)).contains("maximum context length is 8192");
        assertThat(core.admissionProblem(8000, 192)).isNull();
        assertThatThrownBy(() -> new EngineCore(SimSettings.builder().model("llama-3-70b").device(DeviceProfile.L4).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not fit");
        SimSettings orin = SimSettings.builder().model("llama-3.1-8b").device(new DeviceProfile("small", 1e12, 0, 1e11, 20e9)).build();
        assertThat(new EngineCore(orin).admissionProblem(100_000, 100)).contains("KV cache");
    }

    @Test
    void generatedWordsDependOnlyOnTheSeeds() {
        assertThat(Vocabulary.word(42, 3)).isEqualTo(Vocabulary.word(42, 3));
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            a.append(Vocabulary.word(1, i));
            b.append(Vocabulary.word(2, i));
        }
        assertThat(a.toString()).isNotEqualTo(b.toString());
        assertThat(a.toString().split(" ")).hasSize(21); // leading space, one word each
    }

    @Test
    void promptBlocksAreStableUnderAppending() {
        String base = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ";
        PromptBlocks a = PromptBlocks.of(base.repeat(3));
        PromptBlocks b = PromptBlocks.of(base.repeat(3) + "and more words appended");
        assertThat(a.chainedHashes()).hasSize(3);
        assertThat(b.chainedHashes()).startsWith(a.chainedHashes());
        PromptBlocks c = PromptBlocks.of("zero " + base.repeat(3));
        assertThat(c.chainedHashes()[0]).isNotEqualTo(a.chainedHashes()[0]);
        assertThat(a.cachedTokens(3, 48)).isEqualTo(47 / 16 * 16); // never the last prompt token
        assertThat(a.cachedTokens(2, 96)).isEqualTo(64);
    }
}
