package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.core.report.RequestLogWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tracker fed events at instants the test chooses (as a backend stamps them): every offset, gap
 * and latency of the record is exact. The real-time counterpart is {@link RunEngineTest}.
 */
class RequestTrackerTest {
    private static final long MS = 1_000_000;
    /** An arbitrary origin of the monotonic clock; offsets are taken from it. */
    private static final long RUN_START = 7_000 * MS;

    private final List<RequestTracker> finished = new ArrayList<>();
    private final List<long[]> firstTokens = new ArrayList<>();

    /** One word, one token: enough to tell the tokenizer path apart. */
    private static final Tokenizer WORDS = new Tokenizer() {
        @Override
        public String name() {
            return "words";
        }

        @Override
        public int countTokens(String text) {
            return text.isBlank() ? 0 : text.trim().split("\\s+").length;
        }
    };

    /** Request 3, scheduled at 100 ms, picked up by the dispatcher at 101 ms. */
    private RequestTracker tracker(boolean stream) {
        RequestPlan plan = RequestPlan.builder(3).prompt("prompt").inputTokens(16).outputTokens(10).build();
        Outgoing content = new Outgoing(plan, -1, null, 0, true, plan.messages(), 16, 10, "00ff00ff00ff00ff", null, List.of(), null);
        return new RequestTracker(3, content, Window.MEASURED, -1,
                RUN_START, 100 * MS, 101 * MS, WORDS, stream, SecretMask.of(List.of("sk-secret")), finished::add,
                (offset, ttft) -> firstTokens.add(new long[] {offset, ttft}));
    }

    private static long at(long offsetMs) {
        return RUN_START + offsetMs * MS;
    }

    @Test
    void theKindsOfOutputAReachTheRecordAndRequestsJsonl() throws Exception {
        RequestTracker t = tracker(true);
        t.onSent(at(105));
        t.onTokens(at(140), 1, "get_weather");
        t.onTokens(at(150), 1, "{}");
        t.onOutputKinds(OutputKinds.of(OutputKinds.Kind.TOOL_CALLS, OutputKinds.Kind.CONTENT));
        t.onComplete(at(160), new Usage(16, 2));
        RequestRecord r = t.record();
        assertThat(r.outputKinds().labels()).containsExactly("content", "tool_calls");
        assertThat(RequestLogWriter.toJsonLine(r)).contains("\"outputKinds\":[\"content\",\"tool_calls\"]");

        RequestTracker silent = tracker(true);
        silent.onSent(at(105));
        silent.onTokens(at(140), 1, " a");
        silent.onComplete(at(150), new Usage(16, 1));
        assertThat(silent.record().outputKinds().isEmpty()).isTrue();
        assertThat(RequestLogWriter.toJsonLine(silent.record())).doesNotContain("outputKinds");
    }

    @Test
    void aStreamedRequestGetsExactOffsetsGapsAndLatencies() {
        RequestTracker t = tracker(true);
        t.submitted(at(103));
        t.onConnected(2 * MS);
        t.onSent(at(105));
        t.onTokens(at(140), 1, " a");
        for (int i = 1; i <= 9; i++) t.onTokens(at(140 + 8 * i), 1, " b");
        t.onComplete(at(213), new Usage(16, 10));

        RequestRecord r = t.record();
        assertThat(finished).containsExactly(t);
        assertThat(r.scheduledOffsetNanos()).isEqualTo(100 * MS);
        assertThat(r.dispatchOffsetNanos()).isEqualTo(101 * MS);
        assertThat(r.submitOffsetNanos()).isEqualTo(103 * MS);
        assertThat(r.sentOffsetNanos()).isEqualTo(105 * MS);
        assertThat(r.firstTokenOffsetNanos()).isEqualTo(140 * MS);
        assertThat(r.endOffsetNanos()).isEqualTo(213 * MS);
        assertThat(r.itl().toArray()).containsExactly(8 * MS, 8 * MS, 8 * MS, 8 * MS, 8 * MS, 8 * MS, 8 * MS, 8 * MS, 8 * MS);
        assertThat(r.ttftNanos()).isEqualTo(40 * MS);
        assertThat(r.ttftFromSendNanos()).isEqualTo(35 * MS);
        assertThat(r.e2eNanos()).isEqualTo(113 * MS);
        assertThat(r.tpotNanos()).isEqualTo(73 * MS / 9);
        assertThat(r.dispatchLagNanos()).isEqualTo(1 * MS);
        assertThat(r.slotWaitNanos()).isEqualTo(2 * MS);
        assertThat(r.sendNanos()).isEqualTo(2 * MS);
        assertThat(r.scheduleLagNanos()).isEqualTo(5 * MS);
        assertThat(r.connectNanos()).isEqualTo(2 * MS);
        assertThat(r.outputTokens()).isEqualTo(10);
        assertThat(r.tokenSource()).isEqualTo(TokenSource.SERVER);
        assertThat(r.outcome()).isEqualTo(Outcome.SUCCESS);
        assertThat(firstTokens).as("the first token is reported once, when it arrives")
                .containsExactly(new long[] {140 * MS, 40 * MS});
    }

    @Test
    void aChunkOfSeveralTokensSharesItsGapAndTheFirstChunkAddsZeroGaps() {
        RequestTracker t = tracker(true);
        t.onSent(at(100));
        t.onTokens(at(120), 3, "a b c");           // first chunk: 2 gaps of 0
        t.onTokens(at(120) + 10, 3, "d e f");      // 10 ns over 3 tokens: 4, 3, 3
        t.onTokens(at(129), 2, "g h");             // 9 ms minus 10 ns over 2 tokens
        t.onComplete(at(130), Usage.unknown());
        RequestRecord r = t.record();
        assertThat(r.itl().toArray()).containsExactly(0, 0, 4, 3, 3, (9 * MS - 10) / 2, (9 * MS - 10) / 2);
        assertThat(r.outputTokens()).as("streamed count, no usage").isEqualTo(8);
        assertThat(r.tokenSource()).isEqualTo(TokenSource.STREAM);
        assertThat(r.itl().size()).as("samples = tokens - 1").isEqualTo(r.outputTokens() - 1);
    }

    @Test
    void aWholeResponseHasItsFirstTokenAtTheEndAndIsCountedByTheTokenizer() {
        RequestTracker t = tracker(false);
        t.onSent(at(110));
        t.onTokens(at(150), 0, "four words in here");
        t.onComplete(at(150), Usage.unknown());
        RequestRecord r = t.record();
        assertThat(r.firstTokenOffsetNanos()).isEqualTo(150 * MS);
        assertThat(r.endOffsetNanos()).isEqualTo(150 * MS);
        assertThat(r.outputTokens()).isEqualTo(4);
        assertThat(r.tokenSource()).isEqualTo(TokenSource.TOKENIZER);
        assertThat(r.itl().size()).isZero();
        assertThat(firstTokens).containsExactly(new long[] {150 * MS, 50 * MS});
    }

    @Test
    void aConnectionRetryMovesTheSendToTheResend() {
        RequestTracker t = tracker(true);
        t.submitted(at(101));
        t.onSent(at(102));
        t.onConnectionRetry(at(104), "connection reset before the response");
        t.onSent(at(107));
        t.onTokens(at(117), 1, "x");
        t.onComplete(at(118), new Usage(16, 1));
        RequestRecord r = t.record();
        assertThat(r.connectionRetries()).isEqualTo(1);
        assertThat(r.resent()).isTrue();
        assertThat(r.resendReason()).isEqualTo("connection reset before the response");
        assertThat(r.sentOffsetNanos()).isEqualTo(107 * MS);
        assertThat(r.ttftFromSendNanos()).isEqualTo(10 * MS);
        assertThat(r.ttftNanos()).as("from the schedule: includes the lost round trip").isEqualTo(17 * MS);
    }

    @Test
    void theResendReasonReachesTheRequestLogLine() throws IOException {
        RequestTracker t = tracker(true);
        t.onSent(at(102));
        t.onConnectionRetry(at(104), "kept-alive connection closed before the request was written in full");
        t.onSent(at(107));
        t.onTokens(at(117), 1, "x");
        t.onComplete(at(118), new Usage(16, 1));
        assertThat(RequestLogWriter.toJsonLine(t.record())).contains(
                "\"connectionRetries\":1,\"resent\":\"kept-alive connection closed before the request was written in full\"");
        RequestTracker once = tracker(true);
        once.onSent(at(102));
        once.onComplete(at(118), new Usage(16, 1));
        assertThat(once.record().resendReason()).isNull();
        assertThat(RequestLogWriter.toJsonLine(once.record()))
                .doesNotContain("resent").doesNotContain("connectionRetries");
    }

    @Test
    void theFirstTerminalEventWinsAndErrorsAreMasked() {
        RequestTracker t = tracker(true);
        t.onSent(at(100));
        t.onTokens(at(110), 1, "x");
        t.onError(at(120), BackendError.of(ErrorKind.HTTP_5XX, "HTTP 500: key sk-secret rejected"));
        t.onComplete(at(130), new Usage(16, 10));
        t.onTokens(at(131), 1, "late");
        RequestRecord r = t.record();
        assertThat(finished).hasSize(1);
        assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(r.errorKind()).isEqualTo(ErrorKind.HTTP_5XX);
        assertThat(r.errorMessage()).doesNotContain("sk-secret").contains("HTTP 500");
        assertThat(r.endOffsetNanos()).isEqualTo(120 * MS);
        assertThat(r.streamedTokens()).isEqualTo(1);

        RequestTracker c = tracker(true);
        c.onError(at(105), BackendError.of(ErrorKind.CANCELLED, "run stopped"));
        assertThat(c.record().outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(c.record().sentOffsetNanos()).as("never sent").isEqualTo(-1);
        assertThat(c.record().scheduleLagNanos()).isEqualTo(-1);
    }
}
