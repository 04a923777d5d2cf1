package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.plans;
import static io.benchsuite.core.workload.Fixtures.text;
import static io.benchsuite.core.workload.Fixtures.tokens;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JsonlPromptSourceTest {
    private static final String FILE = """
            {"prompt": "Explain the CAP theorem in one paragraph.", "output_tokens": 200}
            {"messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Why is the sky blue?"}], "id": 7}

            {"prompt": "List three sorting algorithms."}
            """;

    @Test
    void promptsAndMessagesWithTheirOutputLengths() {
        LengthDistribution out = LengthDistribution.uniform(10, 90);
        List<RequestPlan> p = plans(new JsonlPromptSource(text("p.jsonl", FILE), out, 0), 10);
        assertThat(p).hasSize(3);
        assertThat(p.get(0).messages()).containsExactly(ChatMessage.user("Explain the CAP theorem in one paragraph."));
        assertThat(p.get(0).outputTokens()).isEqualTo(200);
        assertThat(p.get(1).messages()).containsExactly(new ChatMessage("system", "Be brief."),
                ChatMessage.user("Why is the sky blue?"));
        assertThat(p).allSatisfy(r -> assertThat(r.inputTokens()).isEqualTo(tokens(r.prompt())));
        // Lines without output_tokens draw from the distribution with the request's own seed.
        assertThat(p.get(1).outputTokens()).isEqualTo(out.sample(new SplittableRandom(Fixtures.CONTEXT.seed().requestSeed(1))));
        assertThat(p.get(2).outputTokens()).isEqualTo(out.sample(new SplittableRandom(Fixtures.CONTEXT.seed().requestSeed(2))));
        assertThat(plans(new JsonlPromptSource(text("p.jsonl", FILE), out, 0), 10)).isEqualTo(p);
        assertThat(plans(new JsonlPromptSource(text("p.jsonl", FILE), out, 2), 10)).hasSize(2);
    }

    @Test
    void emptyPromptsAreSkippedAndCounted() {
        try (PlanCursor c = new JsonlPromptSource(text("p.jsonl", "{\"prompt\": \"\"}\n{\"prompt\": \"hello world\"}\n"),
                LengthDistribution.fixed(5), 0).open(Fixtures.CONTEXT)) {
            assertThat(c.next().orElseThrow().index()).isZero();
            assertThat(c.next()).isEmpty();
            assertThat(c.counts().skipped()).containsEntry("empty prompt", 1L);
        }
    }

    @Test
    void badLinesAreNamed() {
        assertThat(error("{\"text\": \"hi\"}")).isEqualTo(
                "jsonl prompts 'p.jsonl' record 1 (line 1): expected either a \"prompt\" string or a \"messages\" array");
        assertThat(error("{\"prompt\": \"a\", \"messages\": []}")).isEqualTo(
                "jsonl prompts 'p.jsonl' record 1 (line 1): expected either a \"prompt\" string or a \"messages\" array, not both");
        assertThat(error("{\"prompt\": \"a\"}\n{\"prompt\": \"b\", \"output_tokens\": 0}")).isEqualTo(
                "jsonl prompts 'p.jsonl' record 2 (line 2): \"output_tokens\" must be a whole number of at least 1, got 0");
        assertThat(error("{\"messages\": [{\"role\": \"user\"}]}")).isEqualTo(
                "jsonl prompts 'p.jsonl' record 1 (line 1) message 1: missing \"content\"");
        assertThat(error("{\"messages\": \"hi\"}")).isEqualTo(
                "jsonl prompts 'p.jsonl' record 1 (line 1): \"messages\" must be a non-empty array of {\"role\", \"content\"}, got \"hi\"");
        assertThat(error("{\"prompt\": 3}")).isEqualTo(
                "jsonl prompts 'p.jsonl' record 1 (line 1): \"prompt\" must be a string, got 3");
    }

    private static String error(String content) {
        try {
            plans(new JsonlPromptSource(text("p.jsonl", content), LengthDistribution.fixed(5), 0), 10);
        } catch (WorkloadDataException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + content);
    }
}
