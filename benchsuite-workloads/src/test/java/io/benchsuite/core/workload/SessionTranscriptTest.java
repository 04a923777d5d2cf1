package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.plans;
import static io.benchsuite.core.workload.Fixtures.resource;
import static io.benchsuite.core.workload.Fixtures.tokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.workload.injection.Injection;
import io.benchsuite.api.workload.injection.InjectionPriority;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SessionTranscriptTest {
    private static List<RequestPlan> threeTurns() {
        return plans(new ShareGptSource(resource("sharegpt_sample.json"),
                ShareGptOptions.builder().sessions(true).maxTurns(3).limit(1).build()), 10);
    }

    @Test
    void eachTurnSendsTheWholeHistoryWithTheAnswersReceived() {
        List<RequestPlan> turns = threeTurns();
        assertThat(turns).hasSize(3);
        SessionTranscript s = new SessionTranscript(Fixtures.CONTEXT.tokenizer(), SessionTranscript.Answers.RECEIVED);
        List<SessionTranscript.Turn> sent = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            SessionTranscript.Turn turn = s.next(turns.get(t), List.of());
            sent.add(turn);
            assertThat(turn.promptTokens()).isEqualTo(tokens(ChatMessage.join(turn.messages())));
            s.answered("answer number " + (t + 1));
        }
        // Prompts grow, and every turn starts with the previous turn's request and the answer received.
        assertThat(sent).extracting(SessionTranscript.Turn::promptTokens).isSorted().doesNotHaveDuplicates();
        for (int t = 1; t < 3; t++) {
            List<ChatMessage> before = new ArrayList<>(sent.get(t - 1).messages());
            before.add(new ChatMessage("assistant", "answer number " + t));
            assertThat(sent.get(t).messages().subList(0, before.size())).isEqualTo(before);
            assertThat(sent.get(t).messages().get(before.size())).isEqualTo(turns.get(t).messages().get(0));
        }
        assertThat(s.turns()).isEqualTo(3);
        List<ChatMessage> all = new ArrayList<>(sent.get(2).messages());
        all.add(new ChatMessage("assistant", "answer number 3"));
        assertThat(s.tokens()).isEqualTo(tokens(ChatMessage.join(all)));
    }

    @Test
    void recordedAnswersMakePromptsIndependentOfTheServer() {
        List<RequestPlan> turns = threeTurns();
        SessionTranscript s = new SessionTranscript(Fixtures.CONTEXT.tokenizer(), SessionTranscript.Answers.RECORDED);
        s.next(turns.get(0), List.of());
        s.answered("whatever the server said");
        SessionTranscript.Turn second = s.next(turns.get(1), List.of());
        assertThat(second.messages().get(1)).isEqualTo(new ChatMessage("assistant", turns.get(0).referenceAnswer().orElseThrow()));
    }

    @Test
    void injectedContentGoesBeforeTheTurnsOwnMessage() {
        List<RequestPlan> turns = threeTurns();
        SessionTranscript s = new SessionTranscript(Fixtures.CONTEXT.tokenizer(), SessionTranscript.Answers.RECEIVED);
        s.next(turns.get(0), List.of());
        s.answered("ok");
        Injection news = new Injection(0, "Breaking: the deadline moved.", InjectionPriority.URGENT, Duration.ofSeconds(5));
        SessionTranscript.Turn t = s.next(turns.get(1), List.of(news));
        assertThat(t.messages().subList(2, 4)).containsExactly(ChatMessage.user("Breaking: the deadline moved."),
                turns.get(1).messages().get(0));
        s.answered("noted");
        assertThat(s.next(turns.get(2), List.of()).messages()).contains(ChatMessage.user("Breaking: the deadline moved."));
    }

    @Test
    void turnsOutOfOrderOrWithoutAnAnswerAreRefused() {
        List<RequestPlan> turns = threeTurns();
        SessionTranscript s = new SessionTranscript(Fixtures.CONTEXT.tokenizer(), SessionTranscript.Answers.RECEIVED);
        assertThatThrownBy(() -> s.next(turns.get(1), List.of()))
                .hasMessage("expected turn 1 of session 'k2fJx9a_0#1', got turn 2 of session 'k2fJx9a_0#1'");
        s.next(turns.get(0), List.of());
        assertThatThrownBy(() -> s.next(turns.get(1), List.of()))
                .hasMessage("turn 2 of session 'k2fJx9a_0#1' before the answer to turn 1");
        s.answered("a");
        assertThatThrownBy(() -> s.answered("b")).hasMessage("no turn is waiting for an answer");
        RequestPlan single = RequestPlan.builder(9).prompt("x").inputTokens(1).outputTokens(1).build();
        assertThatThrownBy(() -> s.next(single, List.of())).hasMessage("plan 9 has no session");
    }

    @Test
    void theSessionCursorHandsOutWholeSessions() {
        ShareGptSource source = new ShareGptSource(resource("sharegpt_sample.json"), ShareGptOptions.builder().sessions(true).build());
        try (SessionCursor c = new SessionCursor(source.open(Fixtures.CONTEXT))) {
            assertThat(c.next().orElseThrow()).hasSize(3);
            assertThat(c.next().orElseThrow()).hasSize(1);
            assertThat(c.next().orElseThrow()).hasSize(1);
            assertThat(c.next()).isEmpty();
            assertThat(c.counts().plans()).isEqualTo(5);
        }
        try (SessionCursor c = new SessionCursor(new MooncakeTraceSource(resource("mooncake_synthetic_longest.jsonl"),
                TraceOptions.defaults()).open(Fixtures.CONTEXT))) {
            assertThat(c.next().orElseThrow()).hasSize(1);
        }
    }

    @Test
    void theSessionCursorRejectsABrokenContract() {
        assertThat(contractError(turn("a", 2, true))).isEqualTo("session 'a' starts at turn 2, not 1");
        assertThat(contractError(turn("a", 1, false), turn("b", 1, true)))
                .isEqualTo("session 'a' turn 1 is followed by session 'b' before its last turn");
        assertThat(contractError(turn("a", 1, false), turn("a", 3, true)))
                .isEqualTo("session 'a' turn 1 is followed by turn 3");
        assertThat(contractError(turn("a", 1, false),
                RequestPlan.builder(1).prompt("x").inputTokens(1).outputTokens(1).build()))
                .isEqualTo("session 'a' turn 1 is followed by an independent request before its last turn");
    }

    private static RequestPlan turn(String id, int turn, boolean last) {
        return RequestPlan.builder(turn).prompt("x").inputTokens(1).outputTokens(1).session(id, turn, last).build();
    }

    private static String contractError(RequestPlan... plans) {
        Iterator<RequestPlan> it = List.of(plans).iterator();
        PlanCursor cursor = new PlanCursor() {
            @Override public Optional<RequestPlan> next() {
                return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
            }
            @Override public SourceCounts counts() {
                return SourceCounts.none();
            }
            @Override public void close() {}
        };
        try (SessionCursor c = new SessionCursor(cursor)) {
            c.next();
        } catch (WorkloadDataException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error");
    }
}
