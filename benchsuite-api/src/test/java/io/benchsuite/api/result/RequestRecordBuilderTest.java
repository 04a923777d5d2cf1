package io.benchsuite.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.workload.Window;
import org.junit.jupiter.api.Test;

class RequestRecordBuilderTest {

    @Test
    void namesEachComponentAndFillsTheRestWithWhatDidNotHappen() {
        RequestRecord r = RequestRecord.builder(7).scheduled(10).sent(20).firstToken(30).end(90).inputTokens(5).outputTokens(3)
                .itl(Gaps.of(20, 40)).build();
        assertThat(r.index()).isEqualTo(7);
        assertThat(r.window()).isEqualTo(Window.MEASURED);
        assertThat(r.dispatchOffsetNanos()).as("dispatch defaults to the scheduled instant").isEqualTo(10);
        assertThat(r.submitOffsetNanos()).isEqualTo(10);
        assertThat(r.streamedTokens()).as("streamed defaults to the output count").isEqualTo(3);
        assertThat(r.serverPromptTokens()).isEqualTo(-1);
        assertThat(r.connectNanos()).isEqualTo(-1);
        assertThat(r.ttftNanos()).isEqualTo(20);
        assertThat(r.reasoning().reasoned()).isFalse();
        assertThat(r.extras()).isEqualTo(RequestExtras.none());
    }

    @Test
    void toBuilderGivesTheSameRecordBack() {
        RequestRecord r = RequestRecord.builder(1).window(Window.WARM_UP).user(3).scheduled(1).dispatched(2).submitted(3).sent(4)
                .firstToken(5).end(6).inputTokens(7).outputTokens(8).serverTokens(9, 10).streamed(11, TokenSource.SERVER)
                .promptHash("abcdabcdabcdabcd").outcome(Outcome.FAILED, ErrorKind.HTTP_5XX, "boom").connection(12, 1, "reset")
                .session("s", 2).clientStall(13).build();
        assertThat(r.toBuilder().build()).isEqualTo(r);
        assertThat(r.toBuilder().end(99).build().endOffsetNanos()).isEqualTo(99);
    }

    @Test
    void refusesInconsistentRecordsNamingThem() {
        assertThatThrownBy(() -> RequestRecord.builder(0).outcome(Outcome.FAILED, null, null).build())
                .hasMessageContaining("errorKind");
        assertThatThrownBy(() -> RequestRecord.builder(0).session("s", 0).build()).hasMessageContaining("turn must be >= 1");
        assertThatThrownBy(() -> RequestRecord.builder(0).window(null)).hasMessageContaining("window");
    }
}
