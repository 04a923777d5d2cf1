package io.benchsuite.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Percentage.withPercentage;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.sim.DeviceProfile;
import io.benchsuite.sim.EnginePreset;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.Vocabulary;
import io.benchsuite.tck.RecordingListener;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.assertj.core.api.Assertions;
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
        // prefill 93.1 ms (SimPhysicsTest's hand arithmetic), then one decode step of ~10.97 ms per token
        assertThat(VirtualDriver.seconds(r.tokenTimes().get(0))).isCloseTo(d.core.physics().prefillSeconds(1000), withPercentage(0.01));
        assertThat(VirtualDriver.seconds(r.tokenTimes().get(0))).isCloseTo(0.09311, withPercentage(0.5));
        double itl = VirtualDriver.seconds(r.tokenTimes().get(4) - r.tokenTimes().get(0)) / 4;
        assertThat(itl).isCloseTo(d.core.physics().decodeStepSeconds(1, 1002), withPercentage(0.1));
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
        // 20 GB x 0.9 - 16.06 GB of weights = 14,801 KV tokens = 925 blocks; TGI reserves each request's
        // (1000 + 1000) / 16 = 125 blocks at admission, so seven fit and the eighth waits for one to finish.
        DeviceProfile tiny = new DeviceProfile("tiny", 312e12, 0, 2.039e12, 20e9);
        SimSettings settings = SimSettings.builder().device(tiny).engine(EnginePreset.TGI).maxBatchedTokens(16_384).build();
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
        EngineCore core = new EngineCore(SimSettings.builder().device(tiny).engine(EnginePreset.TGI).maxBatchedTokens(16_384).build(), EventSink.DIRECT);
        for (int i = 0; i < 8; i++) {
            core.submit(new Sequence(i, new RecordingListener(), 1000, 1000, PromptBlocks.of("p" + i), i), 0);
        }
        assertThat(core.state().waiting()).isEqualTo(8);
        core.planStep(0);
        assertThat(core.state().running()).isEqualTo(7);
        assertThat(core.state().waiting()).isEqualTo(1);
        assertThat(core.state().kvCacheUsage()).isCloseTo(875.0 / 925, withPercentage(0.1));
        core.failAll(ErrorKind.CANCELLED, "test", 0);
        assertThat(core.state().running()).isZero();
        assertThat(core.state().kvCacheUsage()).isZero();
    }

    @Test
    void stepTokenBudgetSplitsLongPromptsAcrossSteps() {
        // tensorrt-llm (no chunked context): whole prompts only, 8192 tokens per step
        VirtualDriver trt = new VirtualDriver(SimSettings.builder().engine(EnginePreset.TENSORRT_LLM).build());
        for (int i = 0; i < 3; i++) trt.request(0, 3000, 2);
        trt.run();
        assertThat(trt.plans.get(0).prefill()).hasSize(2);
        assertThat(trt.plans.get(1).prefill()).hasSize(1);
        // vllm (chunked prefill): the third prompt's first 2192 tokens fill the first step, its last 808 the next
        VirtualDriver d = new VirtualDriver(A100);
        List<RecordingListener> rs = new ArrayList<>();
        for (int i = 0; i < 3; i++) rs.add(d.request(0, 3000, 2));
        d.run();
        assertThat(d.plans.get(0).prefill()).hasSize(3);
        assertThat(d.plans.get(0).computeTokens()).isEqualTo(8192);
        assertThat(d.plans.get(1).prefill()).hasSize(1);
        assertThat(d.plans.get(1).decode()).hasSize(2);
        assertThat(d.plans.get(1).computeTokens()).isEqualTo(808 + 2);
        // the chunked one gets its first token a step later than the others
        assertThat(rs.get(2).firstTokenNanos()).isGreaterThan(rs.get(1).firstTokenNanos());
        for (RecordingListener r : rs) assertThat(r.tokens()).isEqualTo(2);
    }

    @Test
    void anOnDemandCacheThatRunsOutPreemptsTheLatestRequestAndRecomputesIt() {
        // vllm allocates blocks as sequences grow: all eight (63 prompt blocks each) are admitted at once;
        // at 925 blocks they cannot all reach 2000 tokens (125 blocks), so the latest is preempted,
        // waits, and is recomputed (prompt plus its output so far) when room comes back.
        DeviceProfile tiny = new DeviceProfile("tiny", 312e12, 0, 2.039e12, 20e9);
        VirtualDriver d = new VirtualDriver(SimSettings.builder().device(tiny).build());
        List<RecordingListener> rs = new ArrayList<>();
        for (int i = 0; i < 8; i++) rs.add(d.request(0, 1000, 1000));
        d.run();
        assertThat(d.plans.get(0).prefill()).hasSize(8);
        assertThat(d.core.state().preemptions()).isPositive();
        for (RecordingListener r : rs) {
            assertThat(r.violations()).isEmpty();
            assertThat(r.tokens()).as("no token lost or repeated by a preemption").isEqualTo(1000);
            assertThat(r.usage().completionTokens()).isEqualTo(1000);
        }
        // the latest request was the one that waited
        assertThat(rs.get(7).endNanos()).isGreaterThan(rs.get(0).endNanos());
        assertThat(d.core.state().kvCacheUsage()).isZero();
    }

    @Test
    void promptsSharingTheirFirst1024TokensHitTheCacheForAllOfThem() {
        // Benchmark prompts are made of words that are one token each, so a block of 16 words is a block of 16 tokens.
        String shared = words(1024, 1);
        VirtualDriver d = new VirtualDriver(A100);
        RecordingListener first = d.request(0, 1224, 2, shared + " " + words(200, 2));
        RecordingListener second = d.request(1, 1224, 2, shared + " " + words(200, 3));
        RecordingListener other = d.request(2, 1224, 2, words(1224, 4));
        d.run();
        assertThat(d.core.state().prefixQueryTokens()).isEqualTo(3 * 1224);
        assertThat(d.core.state().prefixHitTokens()).as("the second prompt's first 64 blocks").isEqualTo(1024);
        long coldTtft = first.firstTokenNanos() - first.sentNanos();
        long warmTtft = second.firstTokenNanos() - second.sentNanos();
        assertThat(warmTtft).isLessThan(coldTtft / 3);
        assertThat(other.firstTokenNanos() - other.sentNanos()).isCloseTo(coldTtft, withPercentage(1));
    }

    /** {@code n} single-token words drawn from a seed. */
    static String words(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(' ');
            b.append(word(r.nextLong(), 0).trim());
        }
        return b.toString();
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

    /**
     * A six-turn session whose every prompt is the history (earlier prompts and the answers received) and a new
     * question, as a chat client sends it: vLLM caches the generated tokens' blocks too, so each turn's whole
     * history hits. The ideal is the history's share of the prompt tokens; the measured rate may fall short of it
     * by the blocks left partial at each answer's end (under 16 tokens a turn, at most 5 x 16 of the 3,000-odd
     * prompt tokens here: 0.03). Caching only prompt blocks misses every previous answer (about 0.16 lower).
     */
    @Test
    void aSessionsNextTurnFindsThePreviousAnswerInThePrefixCache() {
        VirtualDriver d = new VirtualDriver(A100);
        String history = "";
        long promptTotal = 0;
        long idealRepeated = 0;
        double now = 0;
        for (int turn = 1; turn <= 6; turn++) {
            String question = ("question" + turn + " about the matter at hand ").repeat(7).trim(); // 49 words
            String prompt = history.isEmpty() ? question : history + "\n" + question;
            int promptTokens = PromptBlocks.of(prompt).words(); // one token per word, as the vocabulary's words are
            if (!history.isEmpty()) idealRepeated += PromptBlocks.of(history).words();
            promptTotal += promptTokens;
            RecordingListener l = d.request(now, promptTokens, 100, prompt);
            now = d.run();
            StringBuilder answer = new StringBuilder();
            for (RecordingListener.Event e : l.events()) {
                if (e.kind() == RecordingListener.Kind.TOKENS) answer.append(e.text());
            }
            assertThat(PromptBlocks.of(answer.toString()).words()).isEqualTo(100);
            history = prompt + "\n" + answer;
        }
        double ideal = (double) idealRepeated / promptTotal;
        assertThat(d.core.state().prefixQueryTokens()).isEqualTo(promptTotal);
        double measured = (double) d.core.state().prefixHitTokens() / d.core.state().prefixQueryTokens();
        assertThat(ideal).isCloseTo(0.894, Assertions.within(0.001));
        assertThat(measured).as("measured %.4f against the ideal %.4f", measured, ideal).isBetween(ideal - 0.03, ideal);
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
        EngineCore core = new EngineCore(hf, EventSink.DIRECT);
        for (int i = 0; i < 60; i++) core.submit(new Sequence(i, new RecordingListener(), 10, 10, PromptBlocks.of("x"), i), 0);
        StepPlan plan = core.planStep(0);
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
        EngineCore core = new EngineCore(A100, EventSink.DIRECT);
        RecordingListener running = new RecordingListener();
        RecordingListener queued = new RecordingListener();
        Sequence s1 = new Sequence(1, running, 10, 100, PromptBlocks.of("a"), 1);
        Sequence s2 = new Sequence(2, queued, 10, 100, PromptBlocks.of("b"), 2);
        running.onSent(0);
        queued.onSent(0);
        core.submit(s1, 0);
        StepPlan plan = core.planStep(0);
        core.submit(s2, 0);
        core.cancel(s1, 5, "x");
        core.cancel(s1, 6, "x");
        core.cancel(s2, 7, "x");
        core.completeStep(plan, 8, 0); // the cancelled sequence gets no token
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
        EngineCore core = new EngineCore(A100, EventSink.DIRECT);
        assertThat(core.admissionProblem(8000, 193)).contains("maximum context length is 8192");
        assertThat(core.admissionProblem(8000, 192)).isNull();
        assertThatThrownBy(() -> new EngineCore(SimSettings.builder().model("llama-3-70b").device(DeviceProfile.L4).build(), EventSink.DIRECT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not fit");
        SimSettings orin = SimSettings.builder().model("llama-3.1-8b").device(new DeviceProfile("small", 1e12, 0, 1e11, 20e9)).build();
        assertThat(new EngineCore(orin, EventSink.DIRECT).admissionProblem(100_000, 100)).contains("KV cache");
    }

    @Test
    void generatedWordsDependOnlyOnTheSeeds() {
        assertThat(word(42, 3)).isEqualTo(word(42, 3));
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            a.append(word(1, i));
            b.append(word(2, i));
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

    /** The {@code index}-th word of the stream {@code seed}, as the engine generates it. */
    private static String word(long seed, int index) {
        return Vocabulary.wordAt(Vocabulary.position(seed, index));
    }
}
