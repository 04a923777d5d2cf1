package io.benchsuite.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.workload.Window;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reasoning split of a request: TTFAT, TTFRT, answer tokens and answer TPOT, and the ttfat SLO. */
class ReasoningRecordTest {
    private static final long MS = 1_000_000;

    /** Scheduled at 0, first (reasoning) token at 100 ms, first answer token at 400 ms, end at 490 ms. */
    private static RequestRecord reasoned(int output, int reasoning, ReasoningTokenSource source) {
        Gaps answer = Gaps.of(10 * MS, 10 * MS, 10 * MS);
        Reasoning r = new Reasoning(100 * MS, 400 * MS, reasoning, source, answer);
        return record(100 * MS, 490 * MS, output, r);
    }

    private static RequestRecord record(long firstToken, long end, int output, Reasoning r) {
        return new RequestRecord(0, Window.MEASURED, -1, 0, 0, 0, 0, firstToken, end, 10, output, -1, -1, output,
                TokenSource.STREAM, "0000000000000000", Outcome.SUCCESS, null, null, Gaps.empty(), -1, 0, null, 0, 0,
                OutputKinds.of(OutputKinds.Kind.REASONING, OutputKinds.Kind.CONTENT), null, r);
    }

    @Test
    void firstAnswerTokenComesAfterTheReasoning() {
        RequestRecord r = reasoned(40, 30, ReasoningTokenSource.COUNTED);
        assertThat(r.ttftNanos()).isEqualTo(100 * MS);
        assertThat(r.ttfrtNanos()).isEqualTo(100 * MS);
        assertThat(r.ttfatNanos()).isEqualTo(400 * MS);
        assertThat(r.reasoningTokens()).isEqualTo(30);
        assertThat(r.answerTokens()).isEqualTo(10);
        // (490 - 400) ms over the 9 answer tokens after the first
        assertThat(r.answerTpotNanos()).isEqualTo(10 * MS);
        // the whole output's TPOT mixes the reasoning and the answer: (490 - 100) / 39
        assertThat(r.tpotNanos()).isEqualTo(390 * MS / 39);
        assertThat(LatencyMetric.TTFAT.valueNanos(r)).isEqualTo(400 * MS);
        assertThat(LatencyMetric.TTFRT.valueNanos(r)).isEqualTo(100 * MS);
        List<Long> gaps = new ArrayList<>();
        LatencyMetric.ANSWER_ITL.samples(r, gaps::add);
        assertThat(gaps).containsExactly(10 * MS, 10 * MS, 10 * MS);
    }

    @Test
    void aRecordWithoutReasoningHasItsFirstTokenAsFirstAnswerToken() {
        Gaps itl = Gaps.of(5 * MS, 7 * MS);
        RequestRecord r = new RequestRecord(0, Window.MEASURED, -1, 0, 0, 0, 0, 50 * MS, 62 * MS, 10, 3, -1, -1, 3,
                TokenSource.STREAM, "0000000000000000", Outcome.SUCCESS, null, null, itl, -1, 0, null, 0, 0,
                OutputKinds.none(), null);
        assertThat(r.reasoning().reasoned()).isFalse();
        assertThat(r.reasoning().source()).isEqualTo(ReasoningTokenSource.NONE);
        assertThat(r.ttfatNanos()).isEqualTo(r.ttftNanos()).isEqualTo(50 * MS);
        assertThat(r.ttfrtNanos()).isEqualTo(-1);
        assertThat(r.answerTpotNanos()).isEqualTo(r.tpotNanos()).isEqualTo(6 * MS);
        assertThat(r.reasoning().answerItl()).isSameAs(itl);
        List<Long> samples = new ArrayList<>();
        LatencyMetric.TTFRT.samples(r, samples::add);
        assertThat(samples).isEmpty();
    }

    @Test
    void reasoningTokensNeedASource() {
        assertThatThrownBy(() -> new Reasoning(-1, -1, 3, ReasoningTokenSource.NONE, Gaps.empty()))
                .hasMessage("reasoning tokens without a source: 3");
        assertThatThrownBy(() -> new Reasoning(-1, -1, -1, ReasoningTokenSource.USAGE, Gaps.empty()))
                .hasMessage("reasoningTokens must be >= 0, got -1");
    }

    @Test
    void sloParsesTtfatAndJudgesTheFirstAnswerToken() {
        Slo slo = Slo.parse("ttft=200ms, ttfat=350ms");
        assertThat(slo.ttfat()).isEqualTo(Duration.ofMillis(350));
        assertThat(slo.describe()).isEqualTo("ttft=200ms,ttfat=350ms");
        assertThat(Slo.parse(slo.describe())).isEqualTo(slo);
        assertThat(slo.objectives()).extracting(Slo.LatencyLimit::name).containsExactly("ttft", "ttfat");
        RequestRecord r = reasoned(40, 30, ReasoningTokenSource.USAGE);
        // the first token (reasoning) meets ttft=200ms; the first answer token at 400 ms misses ttfat=350ms
        assertThat(slo.objectives().get(0).isMetBy(r)).isTrue();
        assertThat(slo.objectives().get(1).isMetBy(r)).isFalse();
        assertThat(slo.isMetBy(r)).isFalse();
        assertThat(Slo.parse("ttfat=400ms").isMetBy(r)).isTrue();
        assertThat(new Slo(null, null, null).withTtfat(Duration.ofSeconds(1)).isEmpty()).isFalse();
        assertThatThrownBy(() -> Slo.parse("ttfa=1s")).hasMessage("unknown SLO 'ttfa' (expected ttft, ttfat, tpot or e2e)");
    }

    @Test
    void reasoningMetricsAreKnownByKey() {
        assertThat(LatencyMetric.fromKey("ttfat")).isEqualTo(LatencyMetric.TTFAT);
        assertThat(LatencyMetric.fromKey("answerTpot").csvName()).isEqualTo("answer_tpot");
        assertThat(LatencyMetric.TTFAT.reasoningSplit()).isTrue();
        assertThat(LatencyMetric.TTFT.reasoningSplit()).isFalse();
    }
}
