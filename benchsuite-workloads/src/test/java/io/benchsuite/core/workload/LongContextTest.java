package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.plans;
import static io.benchsuite.core.workload.Fixtures.resource;
import static io.benchsuite.core.workload.Fixtures.text;
import static io.benchsuite.core.workload.Fixtures.tokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LongContextTest {
    @Test
    void theTracesLongestRequestIsBuiltExactlyAndReportedOverA128kContext() {
        // Line 3209 of mooncake_synthetic_trace.jsonl: 191,378 input tokens in 374 named blocks, 8 output tokens.
        List<RequestPlan> p = plans(new MooncakeTraceSource(resource("mooncake_synthetic_longest.jsonl"),
                TraceOptions.defaults()), 5);
        RequestPlan longest = p.get(0);
        assertThat(longest.inputTokens()).isEqualTo(191_378);
        assertThat(tokens(longest.prompt())).isEqualTo(191_378);
        assertThat(longest.prefixBlocks()).hasSize(374);
        ContextLimit model = new ContextLimit(131_072);
        assertThat(model.fits(longest.inputTokens(), longest.outputTokens())).isFalse();
        assertThat(model.excess(longest.inputTokens(), longest.outputTokens()))
                .contains("191378 prompt tokens + 8 output tokens exceed the model's context of 131072 tokens");
        assertThat(new ContextLimit(191_386).excess(191_378, 8)).isEmpty();
    }

    @Test
    void skippingOverlongPlansCountsThemAndKeepsTheRest() {
        DataInput trace = text("mixed.jsonl", """
                {"timestamp": 0, "input_length": 1000, "output_length": 10}
                {"timestamp": 5, "input_length": 5000, "output_length": 10}
                {"timestamp": 9, "input_length": 3990, "output_length": 10}
                {"timestamp": 12, "input_length": 3991, "output_length": 10}
                """);
        ContextLimit model = new ContextLimit(4000);
        try (PlanCursor c = model.skipOverlong(new MooncakeTraceSource(trace, TraceOptions.defaults()).open(Fixtures.CONTEXT))) {
            assertThat(c.next().orElseThrow().inputTokens()).isEqualTo(1000);
            assertThat(c.next().orElseThrow().inputTokens()).isEqualTo(3990);
            assertThat(c.next()).isEmpty();
            assertThat(c.counts().plans()).isEqualTo(2);
            assertThat(c.counts().skipped()).isEqualTo(Map.of("over the model's context (4000 tokens)", 2L));
        }
        assertThatThrownBy(() -> new ContextLimit(0)).hasMessage("contextTokens must be > 0, got 0");
    }

    @Test
    void aSessionWhoseFirstTurnCannotFitIsSkippedWhole() {
        DataInput json = text("s.json", "[" + conv("A question that is long enough to overflow a tiny context window, surely.")
                + "," + conv("Short question here?") + "]");
        ShareGptSource source = new ShareGptSource(json, ShareGptOptions.builder().sessions(true).noLengthLimits().build());
        ContextLimit model = new ContextLimit(20);
        try (PlanCursor c = model.skipOverlong(source.open(Fixtures.CONTEXT))) {
            RequestPlan kept = c.next().orElseThrow();
            assertThat(kept.session().orElseThrow().sessionId()).isEqualTo("conversation#2");
            assertThat(c.next().orElseThrow().session().orElseThrow().turn()).isEqualTo(2);
            assertThat(c.next()).isEmpty();
            assertThat(c.counts().skipped()).containsEntry("over the model's context (20 tokens)", 2L);
        }
    }

    private static String conv(String first) {
        return "{\"conversations\": [{\"from\": \"human\", \"value\": \"" + first + "\"}, {\"from\": \"gpt\", \"value\": "
                + "\"An answer of some length that we keep.\"}, {\"from\": \"human\", \"value\": \"And more?\"}, "
                + "{\"from\": \"gpt\", \"value\": \"Yes, more.\"}]}";
    }
}
