package io.benchsuite.api.workload.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ChatMessage;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestPlanTest {
    @Test
    void builderMakesAnIndependentUntimedPlanByDefault() {
        RequestPlan p = RequestPlan.builder(3).prompt("hello there").inputTokens(2).outputTokens(8).build();
        assertThat(p.index()).isEqualTo(3);
        assertThat(p.arrivalNanos()).isEmpty();
        assertThat(p.session()).isEmpty();
        assertThat(p.messages()).containsExactly(ChatMessage.user("hello there"));
        assertThat(p.prompt()).isEqualTo("hello there");
        assertThat(p.referenceAnswer()).isEmpty();
        assertThat(p.prefixBlocks()).isEmpty();
        assertThat(p.startsSession()).isTrue();
    }

    @Test
    void sessionTurnsAndTimingAreCarried() {
        RequestPlan p = RequestPlan.builder(0).arrival(Duration.ofMillis(1500)).session("c7", 2, true)
                .messages(List.of(new ChatMessage("system", "be brief"), ChatMessage.user("and then?")))
                .inputTokens(6).outputTokens(40).referenceAnswer("Then it rained.")
                .prefixBlocks(List.of(new PrefixBlock(11, 2), new PrefixBlock(12, 3))).build();
        assertThat(p.arrivalNanos()).hasValue(1_500_000_000L);
        assertThat(p.session()).contains(new SessionTurn("c7", 2, true));
        assertThat(p.startsSession()).isFalse();
        assertThat(p.prompt()).isEqualTo("be brief\nand then?");
        assertThat(p.referenceAnswer()).contains("Then it rained.");
    }

    @Test
    void badComponentsFailNamingTheArgument() {
        RequestPlan.Builder ok = RequestPlan.builder(0).prompt("x").inputTokens(1).outputTokens(1);
        assertThatThrownBy(() -> RequestPlan.builder(0).inputTokens(1).outputTokens(1).build())
                .isInstanceOf(NullPointerException.class).hasMessage("messages must not be null");
        assertThatThrownBy(() -> RequestPlan.builder(0).prompt(null)).hasMessage("prompt must not be null");
        assertThatThrownBy(() -> RequestPlan.builder(0).prompt("x").outputTokens(1).build())
                .hasMessage("inputTokens must be > 0, got 0");
        assertThatThrownBy(() -> RequestPlan.builder(0).prompt("x").inputTokens(1).build())
                .hasMessage("outputTokens must be > 0, got 0");
        assertThatThrownBy(() -> RequestPlan.builder(-1).prompt("x").inputTokens(1).outputTokens(1).build())
                .hasMessage("index must be >= 0, got -1");
        assertThatThrownBy(() -> ok.arrivalNanos(-5).build()).hasMessage("arrivalNanos must be >= 0, got -5");
        assertThatThrownBy(() -> RequestPlan.builder(0).messages(List.of()).inputTokens(1).outputTokens(1).build())
                .hasMessage("messages must not be empty");
        assertThatThrownBy(() -> RequestPlan.builder(0).prompt("x").inputTokens(4).outputTokens(1)
                .prefixBlocks(List.of(new PrefixBlock(1, 3), new PrefixBlock(2, 2))).build())
                .hasMessage("prefixBlocks hold 5 tokens, more than inputTokens (4)");
        assertThatThrownBy(() -> new SessionTurn(" ", 1, false)).hasMessage("sessionId must not be blank");
        assertThatThrownBy(() -> new SessionTurn("s", 0, false)).hasMessage("turn must be > 0, got 0");
        assertThatThrownBy(() -> new PrefixBlock(1, 0)).hasMessage("tokens must be > 0, got 0");
        assertThatThrownBy(() -> new SourceContext(null, null)).hasMessage("tokenizer must not be null");
    }

    @Test
    void countsAreSortedCopiesAndSumTheirSkips() {
        HashMap<String, Long> skipped = new HashMap<>(Map.of("b reason", 2L, "a reason", 3L));
        SourceCounts c = new SourceCounts(7, skipped, Map.of());
        skipped.clear();
        assertThat(c.skipped()).containsEntry("a reason", 3L).containsEntry("b reason", 2L);
        assertThat(c.skippedTotal()).isEqualTo(5);
        assertThat(SourceCounts.none().plans()).isZero();
        assertThatThrownBy(() -> new SourceCounts(-1, Map.of(), Map.of())).hasMessage("plans must be >= 0, got -1");
    }
}
