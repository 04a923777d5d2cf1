package io.benchsuite.core.internal.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.PromptNotSent;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.Reasoning;
import io.benchsuite.api.result.ReasoningTokenSource;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.workload.Window;
import org.junit.jupiter.api.Test;

/** A time-scaled simulator's records are read in its own time, every instant and gap of them. */
class BackendTimeTest {
    private static final long MS = 1_000_000;

    @Test
    void aRequestsReasoningIsConvertedWithTheRestOfTheRecord() {
        Reasoning reasoning = new Reasoning(20 * MS, 50 * MS, 3, ReasoningTokenSource.COUNTED, Gaps.of(new long[] {2 * MS, 2 * MS}));
        RequestRecord r = new RequestRecord(0, Window.MEASURED, -1, 0, 0, 1 * MS, 1 * MS, 20 * MS, 60 * MS, 10, 6, 10, 6, 6,
                TokenSource.SERVER, "00", Outcome.SUCCESS, null, null, Gaps.of(new long[] {10 * MS, 10 * MS, 10 * MS, 2 * MS, 2 * MS}),
                -1, 0, null, 0, 0, OutputKinds.none(), null, reasoning);
        RequestRecord sim = BackendTime.of(0.1).record(r);
        assertThat(sim.firstTokenOffsetNanos()).isEqualTo(200 * MS);
        assertThat(sim.reasoning().firstReasoningOffsetNanos()).as("first reasoning token, simulated").isEqualTo(200 * MS);
        assertThat(sim.reasoning().firstAnswerOffsetNanos()).as("first answer token, simulated").isEqualTo(500 * MS);
        assertThat(sim.reasoning().answerItl().toArray()).containsExactly(20 * MS, 20 * MS);
        assertThat(sim.reasoning().reasoningTokens()).isEqualTo(3);
        assertThat(sim.reasoning().source()).isEqualTo(ReasoningTokenSource.COUNTED);
        assertThat(BackendTime.of(1).record(r)).isSameAs(r);
    }

    @Test
    void theExtrasStayWithTheRecord() {
        RequestRecord r = new RequestRecord(0, Window.MEASURED, -1, 0, 0, 1 * MS, 1 * MS, 20 * MS, 60 * MS, 54, 6, 54, 6, 6,
                TokenSource.SERVER, "00", Outcome.SUCCESS, null, null, Gaps.of(new long[] {10 * MS}), -1, 0, null, 0, 0,
                OutputKinds.none(), null, Reasoning.none(20 * MS, Gaps.of(new long[] {10 * MS})), RequestExtras.of(PromptNotSent.INSTANCE, new BatchResult(5, 10, 3, 0)));
        RequestRecord sim = BackendTime.of(0.01).record(r);
        assertThat(sim.endOffsetNanos()).isEqualTo(6_000 * MS);
        assertThat(sim.extras().get(PromptNotSent.class)).contains(PromptNotSent.INSTANCE);
        assertThat(sim.extras().get(BatchResult.class)).contains(new BatchResult(5, 10, 3, 0));
    }
}
