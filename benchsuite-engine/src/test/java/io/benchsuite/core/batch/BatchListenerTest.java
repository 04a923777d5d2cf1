package io.benchsuite.core.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.Reasoning;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.report.model.BatchSection;
import org.junit.jupiter.api.Test;

/** Only successful measured requests' inputs count, over the window of every measured request. */
class BatchListenerTest {

    private static RequestRecord record(Window window, long scheduledMs, long endMs, Outcome outcome, int serverPrompt, BatchResult b) {
        long at = scheduledMs * 1_000_000;
        RequestRecord r = new RequestRecord(0, window, -1, at, at, at, at, -1, endMs * 1_000_000, 100, 0, serverPrompt, 0, 0,
                TokenSource.SERVER, "0", outcome, outcome == Outcome.SUCCESS ? null : ErrorKind.MALFORMED_RESPONSE,
                outcome == Outcome.SUCCESS ? null : "short", Gaps.empty(), -1, 0, null, 0, 0, OutputKinds.none(), null,
                Reasoning.none(-1, Gaps.empty()));
        return b == null ? r : r.withExtras(RequestExtras.of(b));
    }

    @Test
    void inputsPerSecondCountsSuccessfulMeasuredBatchesOverTheMeasuredWindow() {
        BatchListener l = new BatchListener();
        assertThat(l.reportSections()).as("no batch, no section").isEmpty();
        l.onRequestFinished(record(Window.WARM_UP, 0, 100, Outcome.SUCCESS, 50, new BatchResult(32, 1000, 32, 8)));
        l.onRequestFinished(record(Window.MEASURED, 1000, 1500, Outcome.SUCCESS, 900, new BatchResult(32, 800, 32, 8)));
        l.onRequestFinished(record(Window.MEASURED, 1200, 2000, Outcome.SUCCESS, 1000, new BatchResult(32, 1000, 32, 8)));
        l.onRequestFinished(record(Window.MEASURED, 1300, 3000, Outcome.FAILED, -1, new BatchResult(32, 900, 31, 8)));
        BatchSection s = l.section();
        assertThat(s.requests()).isEqualTo(2);
        assertThat(s.inputs()).isEqualTo(64);
        assertThat(s.inputTokens()).isEqualTo(1800);
        assertThat(s.serverPromptTokens()).isEqualTo(1900);
        assertThat(s.shortResponses()).isEqualTo(1);
        // the window runs from the first measured scheduled instant to the last measured end, the failure's included
        assertThat(s.windowSeconds()).isEqualTo(2.0);
        assertThat(s.inputsPerSecond()).isEqualTo(32.0);
        assertThat(s.inputTokensPerSecond()).isEqualTo(900.0);
        assertThat(s.meanBatchSize()).isEqualTo(32.0);
        assertThat(l.reportSections()).containsExactly(s);
    }

    @Test
    void aServerThatCountedNoTokensLeavesTheirSumUnknown() {
        BatchListener l = new BatchListener();
        l.onRequestFinished(record(Window.MEASURED, 0, 1000, Outcome.SUCCESS, -1, new BatchResult(8, 80, 8, 4)));
        assertThat(l.section().serverPromptTokens()).isEqualTo(-1);
    }
}
