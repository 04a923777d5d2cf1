package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.plans;
import static io.benchsuite.core.workload.Fixtures.resource;
import static io.benchsuite.core.workload.Fixtures.text;
import static io.benchsuite.core.workload.Fixtures.tokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.PrefixBlock;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class MooncakeTraceSourceTest {
    private static final DataInput FIRST_600 = resource("mooncake_conversation_first600.jsonl.gz");

    @Test
    void idealPrefixHitRateOfTheFirst600ConversationRequestsIs0172() {
        MooncakeTraceSource trace = new MooncakeTraceSource(FIRST_600, TraceOptions.defaults());
        PrefixSharing s = IdealPrefixCache.measure(trace, Fixtures.CONTEXT, 0);
        assertThat(s.requests()).isEqualTo(600);
        assertThat(s.promptTokens()).isEqualTo(8_293_542);
        assertThat(s.repeatedTokens()).isEqualTo(1_423_195);
        assertThat(Math.round(s.ratio() * 1000) / 1000.0).isEqualTo(0.172);
    }

    @Test
    void promptsHaveTheTracesExactLengthsAndTimes() {
        List<RequestPlan> p = plans(new MooncakeTraceSource(FIRST_600, TraceOptions.defaults()), 600);
        assertThat(p).hasSize(600);
        // First record: {"timestamp": 0, "input_length": 6758, "output_length": 500, "hash_ids": [0..13]}
        assertThat(p.get(0).inputTokens()).isEqualTo(6758);
        assertThat(p.get(0).outputTokens()).isEqualTo(500);
        assertThat(p.get(0).prefixBlocks()).hasSize(14).last().isEqualTo(new PrefixBlock(13, 6758 - 13 * 512));
        assertThat(p.get(599).arrivalNanos()).hasValue(200_999_000_000L);
        for (int i = 0; i < 600; i += 37) {
            assertThat(tokens(p.get(i).prompt())).as("request %d", i).isEqualTo(p.get(i).inputTokens());
        }
        assertThat(p).allSatisfy(r -> assertThat(r.session()).isEmpty());
        for (int i = 1; i < p.size(); i++) {
            assertThat(p.get(i).arrivalNanos().getAsLong()).isGreaterThanOrEqualTo(p.get(i - 1).arrivalNanos().getAsLong());
        }
    }

    @Test
    void equalHashIdsGiveEqualTextAndTheFirstDifferentIdEndsTheSharedPrefix() {
        DataInput in = text("two.jsonl", """
                {"timestamp": 0, "input_length": 1100, "output_length": 5, "hash_ids": [7, 8, 9]}
                {"timestamp": 10, "input_length": 1300, "output_length": 5, "hash_ids": [7, 8, 4]}
                {"timestamp": 20, "input_length": 300, "output_length": 5, "hash_ids": [7]}
                """);
        List<RequestPlan> p = plans(new MooncakeTraceSource(in, TraceOptions.defaults()), 10);
        String a = p.get(0).prompt();
        String b = p.get(1).prompt();
        String c = p.get(2).prompt();
        String twoBlocks = ExactText.firstWords(a, 1024);
        assertThat(tokens(twoBlocks)).isEqualTo(1024);
        assertThat(b).startsWith(twoBlocks + " ");
        assertThat(ExactText.firstWords(b, 1025)).isNotEqualTo(ExactText.firstWords(a, 1025));
        assertThat(a).startsWith(c + " "); // a partial block is the start of the same full block
        assertThat(List.of(tokens(a), tokens(b), tokens(c))).containsExactly(1100, 1300, 300);
        IdealPrefixCache cache = new IdealPrefixCache();
        assertThat(p.stream().mapToLong(cache::observe).toArray()).containsExactly(0, 1024, 300);
    }

    @Test
    void timeScaleStartAndLimitShapeTheReplay() {
        TraceOptions fast = TraceOptions.defaults().withTimeScale(0.1).withStart(Duration.ofSeconds(100)).withLimit(5);
        MooncakeTraceSource trace = new MooncakeTraceSource(FIRST_600, fast);
        assertThat(trace.bringsOwnTiming()).isTrue();
        assertThat(trace.describe()).endsWith("mooncake_conversation_first600.jsonl.gz (scale=0.1,start=100s,limit=5)");
        List<RequestPlan> all = plans(new MooncakeTraceSource(FIRST_600, TraceOptions.defaults()), 600);
        RequestPlan firstAfter100s = all.stream().filter(r -> r.arrivalNanos().getAsLong() >= 100_000_000_000L)
                .findFirst().orElseThrow();
        try (PlanCursor c = trace.open(Fixtures.CONTEXT)) {
            RequestPlan first = c.next().orElseThrow();
            assertThat(first.inputTokens()).isEqualTo(firstAfter100s.inputTokens());
            assertThat(first.arrivalNanos().getAsLong())
                    .isEqualTo(Math.round((firstAfter100s.arrivalNanos().getAsLong() - 100_000_000_000L) * 0.1));
            for (int i = 0; i < 4; i++) assertThat(c.next()).isPresent();
            assertThat(c.next()).isEmpty();
            assertThat(c.counts().plans()).isEqualTo(5);
            assertThat(c.counts().skipped()).containsOnlyKeys("before the start offset (100s)");
            assertThat(c.counts().skipped().get("before the start offset (100s)")).isEqualTo(firstAfter100s.index());
        }
        MooncakeTraceSource untimed = new MooncakeTraceSource(FIRST_600, TraceOptions.defaults().withIgnoreTimestamps(true));
        assertThat(untimed.bringsOwnTiming()).isFalse();
        assertThat(plans(untimed, 3)).allSatisfy(r -> assertThat(r.arrivalNanos()).isEmpty());
    }

    @Test
    void failedAndOutOfOrderRecordsAreCountedNotSent() {
        DataInput in = text("odd.jsonl", """
                {"timestamp": 1000, "input_length": 20, "output_length": 5}

                {"timestamp": 1500, "input_length": 20, "output_length": 0}
                {"timestamp": 900, "input_length": 20, "output_length": 5}
                {"timestamp": 2000.5, "input_length": 0, "output_length": 5}
                {"timestamp": 2500.25, "input_length": 10, "output_length": 5}
                """);
        try (PlanCursor c = new MooncakeTraceSource(in, TraceOptions.defaults()).open(Fixtures.CONTEXT)) {
            assertThat(c.next().orElseThrow().arrivalNanos()).hasValue(0);
            // 900 ms comes after a (skipped) record at 1500 ms: it is sent at 1500 ms
            assertThat(c.next().orElseThrow().arrivalNanos()).hasValue(500_000_000L);
            RequestPlan last = c.next().orElseThrow();
            assertThat(last.arrivalNanos()).hasValue(1_500_250_000L);
            assertThat(last.prefixBlocks()).isEmpty();
            assertThat(tokens(last.prompt())).isEqualTo(10);
            assertThat(c.next()).isEmpty();
            assertThat(c.counts().skipped()).containsEntry("no output tokens (a failed request in the trace)", 1L)
                    .containsEntry("no input tokens", 1L);
            assertThat(c.counts().adjusted())
                    .containsEntry("timestamp earlier than a previous record's: sent at the latest time so far", 1L);
        }
    }

    @Test
    void malformedLinesAreNamedWithFileLineAndKey() {
        assertThat(error("{\"timestamp\": 0, \"input_length\": 5}\n"))
                .isEqualTo("mooncake trace 'bad.jsonl' line 1: missing \"output_length\"");
        assertThat(error("\n{\"timestamp\": 0, \"input_length\": \"many\", \"output_length\": 1}\n"))
                .isEqualTo("mooncake trace 'bad.jsonl' line 2: \"input_length\" must be a whole number of at least 0, got \"many\"");
        assertThat(error("{\"timestamp\": 0, \"input_length\": 600, \"output_length\": 1, \"hash_ids\": [1, 2, 3]}"))
                .isEqualTo("mooncake trace 'bad.jsonl' line 1: 3 hash_ids name more than the 2 blocks of 512 tokens in an input_length of 600");
        assertThat(error("{\"timestamp\": 0, \"input_length\": 600, \"output_length\": 1, \"hash_ids\": [1, \"x\"]}"))
                .isEqualTo("mooncake trace 'bad.jsonl' line 1: \"hash_ids\" must hold whole numbers, got \"x\"");
        assertThat(error("timestamp,input_length\n")).startsWith("mooncake trace 'bad.jsonl' line 1: not JSON (");
        assertThatThrownBy(() -> plans(new MooncakeTraceSource(DataInput.of(Path.of("no/such/trace.jsonl")),
                TraceOptions.defaults()), 1)).isInstanceOf(WorkloadDataException.class)
                .hasMessage("mooncake trace 'no/such/trace.jsonl' does not exist");
    }

    @Test
    void aTokenCountOverTheCeilingIsRefusedBeforeAnyPromptIsBuilt() {
        // two billion tokens built a 6 GB prompt before any check; fifty million ran a 512 MB heap out
        assertThat(error("{\"timestamp\": 0, \"input_length\": 2000000000, \"output_length\": 1}\n"))
                .isEqualTo("mooncake trace 'bad.jsonl' line 1: \"input_length\" 2000000000 is over 2000000, the most tokens "
                        + "one request may have");
        assertThat(error("{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 1}\n"
                + "{\"timestamp\": 1, \"input_length\": 50000000, \"output_length\": 1}\n"))
                .isEqualTo("mooncake trace 'bad.jsonl' line 2: \"input_length\" 50000000 is over 2000000, the most tokens "
                        + "one request may have");
        assertThat(error("{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 2000001}\n"))
                .isEqualTo("mooncake trace 'bad.jsonl' line 1: \"output_length\" 2000001 is over 2000000, the most tokens "
                        + "one request may have");
    }

    private static String error(String content) {
        MooncakeTraceSource s = new MooncakeTraceSource(text("bad.jsonl", content), TraceOptions.defaults());
        try {
            plans(s, 10);
        } catch (WorkloadDataException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + content);
    }
}
