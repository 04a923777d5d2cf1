package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.source.RequestPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The answer's text is kept only where something reads it (a session's next turn, a grader, the
 * tokenizer's count at the end); a streamed chunk that carries its token count is not appended
 * otherwise, and no record figure changes for it.
 */
class RequestTrackerTextTest {
    private static final long MS = 1_000_000;
    private static final long RUN_START = 5_000 * MS;

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

    private static RequestTracker tracker(boolean stream, long sessionKey, boolean last) {
        RequestPlan plan = RequestPlan.builder(1).prompt("prompt").inputTokens(8).outputTokens(3).build();
        Outgoing content = new Outgoing(plan, sessionKey, sessionKey >= 0 ? "s" : null, sessionKey >= 0 ? 1 : 0, last,
                plan.messages(), 8, 3, "00ff00ff00ff00ff", null, List.of(), null);
        return new RequestTracker(1, content, Window.MEASURED, -1, RUN_START, 0, 0, WORDS, stream, SecretMask.of(List.of()),
                t -> {}, (offset, ttft) -> {});
    }

    private static long at(long ms) {
        return RUN_START + ms * MS;
    }

    private static void stream(RequestTracker t) {
        t.onSent(at(1));
        t.onTokens(at(10), 1, " the");
        t.onTokens(at(20), 1, " of");
        t.onTokens(at(30), 1, " and");
    }

    @Test
    void countedStreamedChunksOfAnIndependentRequestAreNotKept() {
        RequestTracker t = tracker(true, -1, true);
        stream(t);
        assertThat(t.text()).isEmpty();
        t.onComplete(at(40), Usage.unknown());
        RequestRecord r = t.record();
        assertThat(r.outputTokens()).isEqualTo(3);
        assertThat(r.tokenSource()).isEqualTo(TokenSource.STREAM);
        assertThat(r.itl().size()).isEqualTo(2);
        assertThat(r.itl().get(0)).isEqualTo(10 * MS);
    }

    @Test
    void aGradedAnswerAndASessionsNextTurnKeepTheText() {
        RequestTracker graded = tracker(true, -1, true);
        graded.keepAnswer();
        stream(graded);
        graded.onComplete(at(40), new Usage(8, 3));
        assertThat(graded.text()).isEqualTo(" the of and");

        RequestTracker turn = tracker(true, 7, false);
        stream(turn);
        assertThat(turn.text()).isEqualTo(" the of and");
        turn.onComplete(at(40), new Usage(8, 3));
        assertThat(turn.text()).isEqualTo(" the of and");
    }

    @Test
    void uncountedChunksAreKeptForTheTokenizersCount() {
        RequestTracker t = tracker(true, -1, true);
        t.onSent(at(1));
        t.onTokens(at(10), 0, " one two");
        t.onTokens(at(20), 0, " three four five");
        t.onComplete(at(30), Usage.unknown());
        assertThat(t.record().outputTokens()).isEqualTo(5);
        assertThat(t.record().tokenSource()).isEqualTo(TokenSource.TOKENIZER);
    }

    @Test
    void aWholeAnswerIsKeptAndCountedByTheTokenizerEvenWithACount() {
        RequestTracker t = tracker(false, -1, true);
        t.onSent(at(1));
        t.onTokens(at(10), 2, " one two three");
        assertThat(t.text()).isEqualTo(" one two three");
        t.onComplete(at(30), Usage.unknown());
        assertThat(t.record().outputTokens()).isEqualTo(3);
        assertThat(t.record().tokenSource()).isEqualTo(TokenSource.TOKENIZER);
    }
}
