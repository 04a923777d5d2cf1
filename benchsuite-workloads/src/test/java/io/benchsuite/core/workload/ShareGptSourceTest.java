package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.plans;
import static io.benchsuite.core.workload.Fixtures.resource;
import static io.benchsuite.core.workload.Fixtures.text;
import static io.benchsuite.core.workload.Fixtures.tokens;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SessionTurn;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShareGptSourceTest {
    private static final DataInput SAMPLE = resource("sharegpt_sample.json");

    @Test
    void singleRequestsFollowVllmsFilters() {
        Read r = read(new ShareGptSource(SAMPLE, ShareGptOptions.defaults()));
        assertThat(r.plans).extracting(RequestPlan::prompt).containsExactly(
                "What is the difference between a process and a thread in an operating system?",
                "Name three prime numbers greater than one hundred.",
                "What does HTTP status 429 mean?");
        RequestPlan first = r.plans.get(0);
        String answer = "A process is an independent program in execution with its own address space, while a thread is "
                + "a unit of execution inside a process that shares the process's memory with its sibling threads.";
        assertThat(first.referenceAnswer()).contains(answer);
        assertThat(first.outputTokens()).isEqualTo(tokens(answer));
        assertThat(first.inputTokens()).isEqualTo(tokens(first.prompt()));
        assertThat(r.plans).extracting(RequestPlan::index).containsExactly(0L, 1L, 2L);
        assertThat(r.plans).allSatisfy(p -> {
            assertThat(p.session()).isEmpty();
            assertThat(p.arrivalNanos()).isEmpty();
        });
        assertThat(r.counts.skipped()).isEqualTo(Map.of(
                "prompt under 4 tokens", 1L,
                "fewer than 2 messages", 1L,
                "no human turn followed by a gpt turn", 1L,
                "answer under 4 tokens", 1L,
                "unknown speaker 'narrator'", 1L));
    }

    @Test
    void lengthLimitsDropLongPromptsAndLongExchanges() {
        String words = "lorem ipsum dolor sit amet ".repeat(300).trim();
        String fine = words.substring(0, 2000);
        String json = "[" + conversation(words, "short but fine answer here") + ","
                + conversation("a question of several tokens", words + " " + words) + ","
                + conversation("another question of some length", fine) + "]";
        Read defaults = read(new ShareGptSource(text("long.json", json), ShareGptOptions.defaults()));
        assertThat(defaults.plans).extracting(RequestPlan::prompt).containsExactly("another question of some length");
        assertThat(defaults.plans.get(0).outputTokens()).isEqualTo(tokens(fine));
        assertThat(defaults.counts.skipped()).isEqualTo(Map.of("prompt over 1024 tokens", 1L,
                "prompt + answer over 2048 tokens", 1L));
        Read tight = read(new ShareGptSource(text("long.json", json),
                ShareGptOptions.builder().maxPromptTokens(4000).maxTotalTokens(300).build()));
        assertThat(tight.plans).isEmpty();
        assertThat(tight.counts.skipped()).isEqualTo(Map.of("prompt + answer over 300 tokens", 3L));
        Read fixed = read(new ShareGptSource(text("long.json", json),
                ShareGptOptions.builder().noLengthLimits().outputTokens(64).limit(2).build()));
        assertThat(fixed.plans).hasSize(2).allSatisfy(p -> assertThat(p.outputTokens()).isEqualTo(64));
        assertThat(fixed.plans.get(0).inputTokens()).isEqualTo(tokens(words));
    }

    @Test
    void eachConversationBecomesASessionOfItsExchanges() {
        Read r = read(new ShareGptSource(SAMPLE, ShareGptOptions.builder().sessions(true).build()));
        assertThat(r.plans).extracting(p -> p.session().orElseThrow()).containsExactly(
                new SessionTurn("k2fJx9a_0#1", 1, false),
                new SessionTurn("k2fJx9a_0#1", 2, false),
                new SessionTurn("k2fJx9a_0#1", 3, true),
                new SessionTurn("Wm3xL0d_0#4", 1, true),
                new SessionTurn("Ux2bN7q_0#7", 1, true));
        assertThat(r.plans).extracting(RequestPlan::index).containsExactly(0L, 1L, 2L, 3L, 4L);
        // Later turns carry only the new message; the engine sends it after the history.
        assertThat(r.plans.get(1).messages()).containsExactly(ChatMessage.user("Which one is cheaper to create, and why?"));
        assertThat(r.plans.get(1).inputTokens()).isEqualTo(tokens("Which one is cheaper to create, and why?"));
        assertThat(r.plans.get(2).referenceAnswer()).hasValueSatisfying(a -> assertThat(a).startsWith("Prefer processes"));
        // A leading system message opens turn 1.
        assertThat(r.plans.get(3).messages()).containsExactly(new ChatMessage("system", "You are a terse assistant."),
                ChatMessage.user("Name three prime numbers greater than one hundred."));
        assertThat(r.plans.get(3).inputTokens()).isEqualTo(tokens(r.plans.get(3).prompt()));
        assertThat(r.counts.plans()).isEqualTo(5);
    }

    @Test
    void laterTurnsOfASessionRepeatTheirHistory() {
        Read r = read(new ShareGptSource(SAMPLE, ShareGptOptions.builder().sessions(true).maxTurns(3).build()));
        IdealPrefixCache cache = new IdealPrefixCache();
        long[] hits = new long[3];
        for (int t = 0; t < 3; t++) hits[t] = cache.observe(r.plans.get(t));
        RequestPlan t1 = r.plans.get(0);
        RequestPlan t2 = r.plans.get(1);
        assertThat(hits[0]).isZero();
        assertThat(hits[1]).isEqualTo(t1.inputTokens() + t1.outputTokens());
        assertThat(hits[2]).isEqualTo(hits[1] + t2.inputTokens() + t2.outputTokens());
        PrefixSharing s = cache.sharing();
        assertThat(s.promptTokens()).isEqualTo(hits[2] + r.plans.get(2).inputTokens() + t1.inputTokens()
                + hits[1] + t2.inputTokens());
    }

    @Test
    void sessionsEndBeforeTheFirstTurnOverTheLimits() {
        Read r = read(new ShareGptSource(SAMPLE, ShareGptOptions.builder().sessions(true).maxPromptTokens(80).build()));
        assertThat(r.plans.stream().filter(p -> p.session().orElseThrow().sessionId().startsWith("k2f")))
                .extracting(p -> p.session().orElseThrow().turn() + (p.session().orElseThrow().last() ? " last" : ""))
                .containsExactly("1", "2 last");
        assertThat(r.counts.adjusted()).containsEntry("session ended before a turn with its prompt over 80 tokens", 1L);
        Read two = read(new ShareGptSource(SAMPLE, ShareGptOptions.builder().sessions(true).maxTurns(2).limit(1).build()));
        assertThat(two.plans).hasSize(2);
        assertThat(two.plans.get(1).session().orElseThrow().last()).isTrue();
    }

    @Test
    void theRoleContentVariantReadsOneConversationALine() {
        Read r = read(new ShareGptSource(resource("chat_variant.jsonl"), ShareGptOptions.builder().sessions(true).build()));
        assertThat(r.plans).hasSize(3);
        assertThat(r.plans.get(0).messages()).containsExactly(new ChatMessage("system", "Answer in one line."),
                ChatMessage.user("How many bytes are in a kibibyte?"));
        assertThat(r.plans.get(1).session()).contains(new SessionTurn("conversation#1", 2, true));
        assertThat(r.plans.get(2).session()).contains(new SessionTurn("conversation#2", 1, true));
    }

    @Test
    void malformedRecordsAreNamed() {
        assertThat(error("[{\"id\": \"a\"}]")).isEqualTo("sharegpt dataset 'bad.json' record 1 (line 1): missing \"conversations\"");
        assertThat(error("[{\"conversations\": {}}]"))
                .isEqualTo("sharegpt dataset 'bad.json' record 1 (line 1): \"conversations\" must be an array of messages, got {}");
        assertThat(error("[\n{\"conversations\": [{\"speaker\": \"human\"}]}]"))
                .isEqualTo("sharegpt dataset 'bad.json' record 1 (line 2) message 1: expected {\"from\", \"value\"} "
                        + "or {\"role\", \"content\"}, got {\"speaker\":\"human\"}");
        assertThat(error("[{\"conversations\": [{\"from\": \"human\", \"value\": 5}]}]"))
                .isEqualTo("sharegpt dataset 'bad.json' record 1 (line 1) message 1: \"value\" must be a string, got 5");
        assertThat(error("[{\"conversations\": []}, 7]"))
                .isEqualTo("sharegpt dataset 'bad.json' record 2 (line 1): expected a JSON object, got 7");
        assertThat(error("[{\"conversations\": []},")).isEqualTo("sharegpt dataset 'bad.json' line 1: not valid JSON "
                + "(Unexpected end-of-input within/between Array entries)");
        assertThat(error("\"text\"")).isEqualTo("sharegpt dataset 'bad.json' line 1: expected a JSON array of records or one JSON object a line, got \"text\"");
        assertThat(error("[{\"conversations\": [}]")).startsWith("sharegpt dataset 'bad.json' line 1: not valid JSON (");
    }

    private static String conversation(String human, String gpt) {
        return "{\"conversations\": [{\"from\": \"human\", \"value\": \"" + human + "\"}, {\"from\": \"gpt\", \"value\": \""
                + gpt + "\"}]}";
    }

    private static String error(String json) {
        try {
            plans(new ShareGptSource(text("bad.json", json), ShareGptOptions.defaults()), 100);
        } catch (WorkloadDataException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + json);
    }

    private record Read(List<RequestPlan> plans, SourceCounts counts) {}

    private static Read read(ShareGptSource source) {
        List<RequestPlan> out = new ArrayList<>();
        try (PlanCursor c = source.open(Fixtures.CONTEXT)) {
            for (Optional<RequestPlan> p = c.next(); p.isPresent(); p = c.next()) out.add(p.get());
            return new Read(out, c.counts());
        }
    }
}
