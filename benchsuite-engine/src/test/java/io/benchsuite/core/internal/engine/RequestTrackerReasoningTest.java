package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.ReasoningTokenSource;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.core.report.RequestLogWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reasoning model's request through the tracker, at instants the test chooses: TTFT is the first
 * token of any kind, TTFAT the first answer token, the reasoning count comes from the usage when the
 * server gave one and from the reasoning deltas otherwise, and the answer's gaps leave out the wait
 * from the last reasoning token to the first answer token.
 */
class RequestTrackerReasoningTest {
    private static final long MS = 1_000_000;
    private static final long RUN_START = 7_000 * MS;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<RequestTracker> finished = new ArrayList<>();

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

    /** Request 3, scheduled at 100 ms. */
    private RequestTracker tracker(boolean stream) {
        RequestPlan plan = RequestPlan.builder(3).prompt("prompt").inputTokens(16).outputTokens(10).build();
        Outgoing content = new Outgoing(plan, -1, null, 0, true, plan.messages(), 16, 10, "00ff00ff00ff00ff", null, List.of(), null);
        return new RequestTracker(3, content, Window.MEASURED, -1, RUN_START, 100 * MS, 101 * MS, WORDS, stream,
                SecretMask.of(List.of()), finished::add, (offset, ttft) -> { });
    }

    private static long at(long offsetMs) {
        return RUN_START + offsetMs * MS;
    }

    /** Three reasoning tokens (150, 160, 170 ms), then the answer: 2 tokens at 300 ms, one at 320 ms. */
    private static void reasonThenAnswer(RequestTracker t) {
        t.onSent(at(105));
        t.onTokens(at(140), 0, ""); // role-only delta
        t.onReasoningTokens(at(150), 1, "Let");
        t.onReasoningTokens(at(160), 1, " me");
        t.onReasoningTokens(at(170), 1, " think.");
        t.onTokens(at(300), 2, "The answer");
        t.onTokens(at(320), 1, " is 4.");
    }

    @Test
    void firstAnswerTokenAndCountedReasoning() throws Exception {
        RequestTracker t = tracker(true);
        reasonThenAnswer(t);
        t.onComplete(at(330), Usage.unknown());
        RequestRecord r = t.record();
        assertThat(r.ttftNanos()).isEqualTo(50 * MS);
        assertThat(r.ttfrtNanos()).isEqualTo(50 * MS);
        assertThat(r.ttfatNanos()).isEqualTo(200 * MS);
        assertThat(r.outputTokens()).isEqualTo(6);
        assertThat(r.reasoningTokens()).isEqualTo(3);
        assertThat(r.reasoning().source()).isEqualTo(ReasoningTokenSource.COUNTED);
        assertThat(r.answerTokens()).isEqualTo(3);
        // every gap: 10, 10, then 130 ms over the two tokens at 300 ms, then 20
        assertThat(r.itl().size()).isEqualTo(5);
        assertThat(r.itl().get(2) + r.itl().get(3)).isEqualTo(130 * MS);
        // the answer's gaps: the second token of the first answer chunk (0), then 20 ms
        assertThat(r.reasoning().answerItl().size()).isEqualTo(2);
        assertThat(r.reasoning().answerItl().get(0)).isZero();
        assertThat(r.reasoning().answerItl().get(1)).isEqualTo(20 * MS);
        // (330 - 300) ms over the 2 answer tokens after the first
        assertThat(r.answerTpotNanos()).isEqualTo(15 * MS);
        // the kept answer is the answer alone: a later turn and a grader do not see the thinking
        assertThat(t.text()).isEmpty(); // not kept: no later turn, no grading asked
        JsonNode line = JSON.readTree(RequestLogWriter.toJsonLine(r));
        assertThat(line.get("ttftMs").asDouble()).isEqualTo(50.0);
        assertThat(line.get("ttfatMs").asDouble()).isEqualTo(200.0);
        assertThat(line.get("ttfrtMs").asDouble()).isEqualTo(50.0);
        assertThat(line.get("answerTpotMs").asDouble()).isEqualTo(15.0);
        assertThat(line.get("reasoningTokens").asInt()).isEqualTo(3);
        assertThat(line.get("reasoningTokensSource").asText()).isEqualTo("counted");
        assertThat(line.get("answerTokens").asInt()).isEqualTo(3);
        assertThat(line.get("answerItlMs").toString()).isEqualTo("[0.0,20.0]");
    }

    @Test
    void theServersReasoningCountWins() {
        RequestTracker t = tracker(true);
        reasonThenAnswer(t);
        // the server says 9 of its 12 completion tokens were reasoning (several per delta)
        t.onComplete(at(330), new Usage(16, 12, 9));
        RequestRecord r = t.record();
        assertThat(r.outputTokens()).isEqualTo(12);
        assertThat(r.reasoningTokens()).isEqualTo(9);
        assertThat(r.reasoning().source()).isEqualTo(ReasoningTokenSource.USAGE);
        assertThat(r.answerTokens()).isEqualTo(3);
        assertThat(r.ttfatNanos()).isEqualTo(200 * MS);
    }

    @Test
    void aKeptAnswerLeavesTheReasoningOut() {
        RequestTracker t = tracker(true);
        t.keepAnswer();
        reasonThenAnswer(t);
        t.onComplete(at(330), Usage.unknown());
        assertThat(t.text()).isEqualTo("The answer is 4.");
    }

    @Test
    void aModelWithoutReasoningHasTtfatEqualToTtftAndWritesNoReasoningFields() throws Exception {
        RequestTracker t = tracker(true);
        t.onSent(at(105));
        t.onTokens(at(150), 1, "Hi");
        t.onTokens(at(160), 1, " there");
        t.onComplete(at(170), new Usage(16, 2));
        RequestRecord r = t.record();
        assertThat(r.reasoning().reasoned()).isFalse();
        assertThat(r.reasoning().source()).isEqualTo(ReasoningTokenSource.NONE);
        assertThat(r.ttfatNanos()).isEqualTo(r.ttftNanos()).isEqualTo(50 * MS);
        assertThat(r.reasoning().answerItl()).isSameAs(r.itl());
        List<Long> ttfrt = new ArrayList<>();
        LatencyMetric.TTFRT.samples(r, ttfrt::add);
        assertThat(ttfrt).isEmpty();
        JsonNode line = JSON.readTree(RequestLogWriter.toJsonLine(r));
        assertThat(line.has("ttfatMs")).isFalse();
        assertThat(line.has("reasoningTokens")).isFalse();
        assertThat(line.has("answerItlMs")).isFalse();
    }

    @Test
    void aStreamCutWhileThinkingHasNoFirstAnswerToken() {
        RequestTracker t = tracker(true);
        t.onSent(at(105));
        t.onReasoningTokens(at(150), 1, "Hmm");
        t.onError(at(200), BackendError.of(ErrorKind.STREAM_TRUNCATED, "cut"));
        RequestRecord r = t.record();
        assertThat(r.ttftNanos()).isEqualTo(50 * MS);
        assertThat(r.ttfatNanos()).isEqualTo(-1);
        assertThat(r.reasoningTokens()).isEqualTo(1);
        assertThat(r.reasoning().source()).isEqualTo(ReasoningTokenSource.COUNTED);
    }

    @Test
    void aWholeAnswerCountsItsReasoningTextWithTheTokenizerUnlessTheServerSaid() {
        RequestTracker t = tracker(false);
        t.onSent(at(105));
        t.onReasoningTokens(at(400), 0, "first think hard");
        t.onTokens(at(400), 0, "four");
        t.onComplete(at(400), Usage.unknown());
        RequestRecord r = t.record();
        assertThat(r.outputTokens()).isEqualTo(4);
        assertThat(r.reasoningTokens()).isEqualTo(3);
        assertThat(r.reasoning().source()).isEqualTo(ReasoningTokenSource.COUNTED);
        // nothing was streamed: the first token, reasoning or answer, is the end
        assertThat(r.ttfatNanos()).isEqualTo(300 * MS);
    }
}
