package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.injection.Injection;
import io.benchsuite.api.workload.injection.InjectionPriority;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.prompt.SyntheticPrompts;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.report.model.WorkloadSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.schedule.RequestPlanner;
import io.benchsuite.core.sweep.Sweep;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs of the engine fed by workload sources, against the scripted backend: what goes on the wire
 * (prompts, histories, lengths, instants) and what the workload section reports. Bounds on real time
 * are lower bounds, or generous upper ones (a loaded 2-core machine).
 */
class WorkloadRunTest {
    private static final long MS = 1_000_000;

    private static Benchmark.Builder bench(String name, ScriptedBackend backend, Workload w) {
        return Benchmark.named(name).backend(backend).workload(w).seed(SeedChain.fromLong(42)).model("m").retainRequests(true);
    }

    private static ScriptedBackend fast() {
        return ScriptedBackend.builder().firstToken(Duration.ofMillis(2)).tokenInterval(Duration.ofMillis(1)).build();
    }

    private static List<RequestRecord> byIndex(RunResult r) {
        return r.requests().stream().sorted(Comparator.comparingLong(RequestRecord::index)).toList();
    }

    @Test
    void theDefaultSourceSendsTheSyntheticPlannersPromptsByteForByte() {
        LengthDistribution in = LengthDistribution.uniform(10, 300);
        LengthDistribution out = LengthDistribution.uniform(2, 6);
        try (ScriptedBackend backend = fast()) {
            Workload w = Workload.closed(1).maxRequests(12).inputTokens(in).outputTokens(out).build();
            RunResult r = bench("bytes", backend, w).run();
            RequestPlanner planner = new RequestPlanner(SeedChain.fromLong(42).scenario("bytes"), in, out,
                    new SyntheticPrompts(Tokenizers.cl100k()));
            List<InferenceRequest> sent = backend.received();
            assertThat(sent).hasSize(12);
            for (int i = 0; i < 12; i++) {
                var expected = planner.plan(i);
                assertThat(sent.get(i).messages()).containsExactly(ChatMessage.user(expected.prompt()));
                assertThat(sent.get(i).inputTokens()).isEqualTo(expected.inputTokens());
                assertThat(sent.get(i).maxTokens()).isEqualTo(expected.outputTokens());
                assertThat(sent.get(i).seed()).isEqualTo(expected.seed());
                assertThat(byIndex(r).get(i).promptHash()).isEqualTo(expected.promptHash());
            }
            WorkloadSection ws = r.section(WorkloadSection.class).orElseThrow();
            assertThat(ws.source()).isEqualTo("synthetic:input=uniform:10-300,output=uniform:2-6");
            assertThat(ws.pacing()).isEqualTo("users");
            assertThat(ws.requests()).isEqualTo(12);
            assertThat(ws.inputTokens().count()).isEqualTo(12);
            assertThat(ws.inputTokens().mean()).isCloseTo(
                    sent.stream().mapToInt(InferenceRequest::inputTokens).average().orElseThrow(), within(1e-9));
            assertThat(ws.sessions()).isNull();
            assertThat(ws.turns()).isEmpty();
        }
    }

    @Test
    void aTraceIsSentAtItsOwnScaledInstantsWithItsExactLengthsAndEndsTheRunWhenItEnds() {
        DataInput trace = text("t.jsonl", """
                {"timestamp": 1000, "input_length": 600, "output_length": 3, "hash_ids": [7, 8]}
                {"timestamp": 1100, "input_length": 700, "output_length": 4, "hash_ids": [7, 9]}
                {"timestamp": 1350, "input_length": 300, "output_length": 2, "hash_ids": [1]}
                {"timestamp": 1600, "input_length": 1100, "output_length": 5, "hash_ids": [7, 8, 10]}
                """);
        try (ScriptedBackend backend = fast()) {
            // no duration and no request count: the trace's end ends the run; the rate is not used
            Workload w = Workload.open().rate(1000).source(new MooncakeTraceSource(trace, TraceOptions.defaults()
                    .withTimeScale(0.5))).build();
            assertThat(w.paceBySource()).isTrue();
            RunResult r = bench("trace", backend, w).run();
            List<RequestRecord> recs = byIndex(r);
            assertThat(recs).extracting(RequestRecord::scheduledOffsetNanos).containsExactly(0L, 50 * MS, 175 * MS, 300 * MS);
            assertThat(recs).extracting(RequestRecord::inputTokens).containsExactly(600, 700, 300, 1100);
            assertThat(backend.received()).extracting(InferenceRequest::maxTokens).containsExactly(3, 4, 2, 5);
            assertThat(backend.received()).allSatisfy(q -> assertThat(Tokenizers.cl100k().countTokens(q.prompt()))
                    .isEqualTo(q.inputTokens()));
            for (RequestRecord rec : recs) {
                assertThat(rec.dispatchLagNanos()).as("sent at the trace's instant (a loaded machine may be late)")
                        .isBetween(0L, 500 * MS);
            }
            assertThat(r.summary().targetRate()).as("a trace requests no rate of its own").isNaN();
            WorkloadSection ws = r.section(WorkloadSection.class).orElseThrow();
            assertThat(ws.pacing()).isEqualTo("source");
            assertThat(ws.plans()).isEqualTo(4);
            // 1024 of request 2 (block 7) and 1024 of request 4 (blocks 7, 8) repeat an earlier prefix
            assertThat(ws.prefixSharing().promptTokens()).isEqualTo(2700);
            assertThat(ws.prefixSharing().repeatedTokens()).isEqualTo(512 + 600);
        }
    }

    @Test
    void aLibrarySweepOverATraceSendsTheTracesExactLengthsAtEveryPoint(@TempDir Path tmp) {
        // each point's workload is the template's with the swept value set: the source must stay (it was
        // rebuilt without it, so every point benchmarked synthetic prompts instead of the trace)
        DataInput trace = text("t.jsonl", """
                {"timestamp": 1000, "input_length": 600, "output_length": 3, "hash_ids": [7, 8]}
                {"timestamp": 1100, "input_length": 700, "output_length": 4, "hash_ids": [7, 9]}
                {"timestamp": 1350, "input_length": 300, "output_length": 2, "hash_ids": [1]}
                """);
        try (ScriptedBackend backend = fast()) {
            Workload w = Workload.open().rate(1000).source(new MooncakeTraceSource(trace, TraceOptions.defaults()
                    .withTimeScale(0.1))).build();
            Sweep.of(bench("sweep", backend, w)).over("max-concurrent", 1, 2).outputDir(tmp).run();
            assertThat(backend.received()).extracting(InferenceRequest::inputTokens)
                    .containsExactlyInAnyOrder(600, 700, 300, 600, 700, 300);
            assertThat(backend.received()).extracting(InferenceRequest::maxTokens).containsExactlyInAnyOrder(3, 4, 2, 3, 4, 2);
        }
    }

    private static String conversation(String id, String... turns) {
        StringBuilder b = new StringBuilder("{\"id\": \"" + id + "\", \"conversations\": [");
        for (int i = 0; i < turns.length; i++) {
            if (i > 0) b.append(", ");
            b.append("{\"from\": \"").append(i % 2 == 0 ? "human" : "gpt").append("\", \"value\": \"").append(turns[i]).append("\"}");
        }
        return b.append("]}").toString();
    }

    private static final String THREE_TURNS = "[" + conversation("c1",
            "What is the difference between a process and a thread?", "A process owns memory; a thread shares it.",
            "Which one is cheaper to create, and why?", "Threads: they need only a stack and registers.",
            "Give an example of when to use a process instead.", "When isolation matters, such as a browser tab.") + "]";

    private static ShareGptSource sessions(String json) {
        return new ShareGptSource(text("conv.json", json), ShareGptOptions.builder().sessions(true).build());
    }

    @Test
    void aSessionSendsEachTurnAfterTheWholeHistoryWithTheAnswersReceived() {
        try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ofMillis(2))
                .tokenInterval(Duration.ofMillis(1)).tokenText(" ok").build()) {
            Workload w = Workload.closed(1).source(sessions(THREE_TURNS)).build();
            RunResult r = bench("session", backend, w).sessions(SessionOptions.DEFAULTS.withThinkTime(
                    ThinkTime.fixed(Duration.ofMillis(30)))).run();
            List<InferenceRequest> sent = backend.received();
            assertThat(sent).hasSize(3);
            List<ChatMessage> turn3 = sent.get(2).messages();
            assertThat(turn3).extracting(ChatMessage::role).containsExactly("user", "assistant", "user", "assistant", "user");
            // the history holds what the server sent (" ok" per token), not the dataset's answers
            int answer1 = sent.get(0).maxTokens();
            assertThat(turn3.get(1).content()).isEqualTo(" ok".repeat(answer1));
            assertThat(turn3.get(0).content()).isEqualTo("What is the difference between a process and a thread?");
            assertThat(turn3.get(4).content()).isEqualTo("Give an example of when to use a process instead.");
            assertThat(sent.get(1).messages()).isEqualTo(turn3.subList(0, 3));
            // prompts grow on the wire, each counted exactly
            assertThat(sent).extracting(InferenceRequest::inputTokens).isSorted().doesNotHaveDuplicates();
            for (InferenceRequest q : sent) {
                assertThat(Tokenizers.cl100k().countTokens(ChatMessage.join(q.messages()))).isEqualTo(q.inputTokens());
            }
            List<RequestRecord> recs = byIndex(r);
            assertThat(recs).extracting(RequestRecord::sessionId).containsOnly("c1#1"); // the id and the conversation's place
            assertThat(recs).extracting(RequestRecord::turn).containsExactly(1, 2, 3);
            for (int i = 1; i < 3; i++) {
                long pause = recs.get(i).scheduledOffsetNanos() - recs.get(i - 1).endOffsetNanos();
                assertThat(pause).as("think time 30 ms after the answer (+ the engine's reaction)").isBetween(30 * MS, 530 * MS);
            }
            WorkloadSection ws = r.section(WorkloadSection.class).orElseThrow();
            assertThat(ws.sessions().started()).isEqualTo(1);
            assertThat(ws.sessions().completed()).isEqualTo(1);
            assertThat(ws.sessions().meanTurns()).isEqualTo(3.0);
            assertThat(ws.sessions().thinkTime()).isEqualTo("30ms");
            assertThat(ws.sessions().e2e().count()).isEqualTo(1);
            assertThat(ws.sessions().e2e().max()).as("first scheduled to last end")
                    .isGreaterThanOrEqualTo((recs.get(2).endOffsetNanos() - recs.get(0).scheduledOffsetNanos()) / 1e6 * 0.999);
            assertThat(ws.turns()).extracting(WorkloadSection.Turn::turn).containsExactly(1, 2, 3);
            assertThat(ws.turns().get(0).idealHitRate()).isZero();
            assertThat(ws.turns().get(1).idealHitRate()).as("turn 2 repeats turn 1 and its answer").isGreaterThan(0.5);
            assertThat(ws.turns().get(2).idealHitRate()).isGreaterThan(ws.turns().get(1).idealHitRate());
            assertThat(ws.turns()).allSatisfy(t -> assertThat(t.ttft().count()).isEqualTo(1));
        }
    }

    @Test
    void recordedAnswersReplayTheDatasetsAnswersInTheHistory() {
        try (ScriptedBackend backend = fast()) {
            Workload w = Workload.closed(1).source(sessions(THREE_TURNS)).build();
            bench("recorded", backend, w).sessions(SessionOptions.DEFAULTS.withAnswers(SessionTranscript.Answers.RECORDED)).run();
            List<ChatMessage> turn3 = backend.received().get(2).messages();
            assertThat(turn3.get(1).content()).isEqualTo("A process owns memory; a thread shares it.");
            assertThat(turn3.get(3).content()).isEqualTo("Threads: they need only a stack and registers.");
        }
    }

    @Test
    void openLoopSessionsArriveAndACapInSessionsKeepsOneOpenAtATime() {
        String two = "[" + conversation("a", "First question of session a?", "Answer a1.", "Second question of session a?",
                "Answer a2.") + "," + conversation("b", "First question of session b?", "Answer b1.",
                "Second question of session b?", "Answer b2.") + "]";
        try (ScriptedBackend backend = fast()) {
            Workload w = Workload.open().rate(200).maxConcurrency(1).source(sessions(two)).build();
            RunResult r = bench("cap", backend, w).sessions(SessionOptions.DEFAULTS
                    .withConcurrency(SessionOptions.ConcurrencyUnit.SESSIONS)).run();
            List<RequestRecord> recs = r.requests().stream().sorted(Comparator.comparingLong(RequestRecord::submitOffsetNanos)).toList();
            assertThat(recs).extracting(q -> q.sessionId() + "/" + q.turn()).containsExactly("a#1/1", "a#1/2", "b#2/1", "b#2/2");
            assertThat(recs.get(2).submitOffsetNanos()).as("b starts only when a has ended").isGreaterThanOrEqualTo(recs.get(1).endOffsetNanos());
            assertThat(recs.get(2).slotWaitNanos()).as("b waited for a's slot").isPositive();
            assertThat(r.section(WorkloadSection.class).orElseThrow().sessions().concurrency()).isEqualTo("sessions");
        }
    }

    @Test
    void aTurnThatFailsEndsItsSession() {
        try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ofMillis(2)).tokenInterval(Duration.ofMillis(1))
                .failure(i -> i == 1 ? BackendError.of(ErrorKind.HTTP_5XX, "boom") : null).build()) {
            Workload w = Workload.closed(1).source(sessions(THREE_TURNS)).build();
            RunResult r = bench("fail", backend, w).run();
            assertThat(r.requests()).hasSize(2);
            WorkloadSection.Sessions s = r.section(WorkloadSection.class).orElseThrow().sessions();
            assertThat(s.failed()).isEqualTo(1);
            assertThat(s.completed()).isZero();
        }
    }

    private static final String MIXED_TRACE = """
            {"timestamp": 0, "input_length": 1000, "output_length": 10}
            {"timestamp": 5, "input_length": 5000, "output_length": 10}
            {"timestamp": 9, "input_length": 3990, "output_length": 10}
            """;

    @Test
    void overTheContextARequestIsMarkedSkippedOrSentAsThePolicySays() {
        for (ContextLimit.Policy policy : ContextLimit.Policy.values()) {
            try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ofMillis(2))
                    .tokenInterval(Duration.ofMillis(1)).detail("max-context", "4000").build()) {
                Workload w = Workload.open().source(new MooncakeTraceSource(text("m.jsonl", MIXED_TRACE), TraceOptions.defaults()))
                        .build();
                RunResult r = bench("ctx-" + policy, backend, w).contextPolicy(policy).run();
                WorkloadSection.Context c = r.section(WorkloadSection.class).orElseThrow().context();
                assertThat(c.limitTokens()).isEqualTo(4000);
                assertThat(c.from()).isEqualTo("backend max-context");
                assertThat(c.policy()).isEqualTo(policy.name().toLowerCase());
                switch (policy) {
                    case SEND -> {
                        assertThat(backend.received()).hasSize(3);
                        assertThat(c.marked()).isZero();
                    }
                    case MARK -> {
                        assertThat(backend.received()).extracting(InferenceRequest::inputTokens).containsExactly(1000, 3990);
                        RequestRecord marked = byIndex(r).get(1);
                        assertThat(marked.errorKind()).isEqualTo(ErrorKind.CONTEXT_EXCEEDED);
                        assertThat(marked.errorMessage())
                                .isEqualTo("5000 prompt tokens + 10 output tokens exceed the model's context of 4000 tokens");
                        assertThat(marked.sentOffsetNanos()).as("never sent").isEqualTo(-1);
                        assertThat(r.summary().errorsByKind()).containsEntry("context_exceeded", 1L);
                        assertThat(c.marked()).isEqualTo(1);
                    }
                    case SKIP -> {
                        assertThat(r.requests()).hasSize(2);
                        assertThat(c.skipped()).isEqualTo(1);
                        assertThat(r.section(WorkloadSection.class).orElseThrow().skipped())
                                .containsEntry("over the model's context (4000 tokens)", 1L);
                    }
                }
            }
        }
    }

    @Test
    void theTracesLongestRequestAgainstA128kModelIsMarkedAndA128kPromptGoesEndToEnd() {
        try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ofMillis(2))
                .tokenInterval(Duration.ofMillis(1)).build()) {
            Workload w = Workload.open().source(new MooncakeTraceSource(Fixtures.resource("mooncake_synthetic_longest.jsonl"),
                    TraceOptions.defaults())).build();
            RunResult r = bench("longest", backend, w).contextLimit(new ContextLimit(131_072), ContextLimit.Policy.MARK).run();
            RequestRecord rec = byIndex(r).get(0);
            assertThat(rec.inputTokens()).isEqualTo(191_378);
            assertThat(rec.errorKind()).isEqualTo(ErrorKind.CONTEXT_EXCEEDED);
            assertThat(rec.errorMessage()).isEqualTo("191378 prompt tokens + 8 output tokens exceed the model's context of 131072 tokens");
        }
        try (ScriptedBackend backend = fast()) {
            // the longest prompt a 128K-context model takes with 4 output tokens
            Workload w = Workload.closed(1).maxRequests(1).inputTokens(LengthDistribution.fixed(131_068))
                    .outputTokens(LengthDistribution.fixed(4)).build();
            RunResult r = bench("128k", backend, w).contextLimit(new ContextLimit(131_072), ContextLimit.Policy.MARK).run();
            assertThat(r.requests()).singleElement().satisfies(q -> {
                assertThat(q.succeeded()).isTrue();
                assertThat(q.inputTokens()).isEqualTo(131_068);
            });
            assertThat(Tokenizers.cl100k().countTokens(backend.received().get(0).prompt())).isEqualTo(131_068);
        }
    }

    @Test
    void injectionsGoOutAtATurnBoundaryByPriorityAndTheirFirstTokenIsTimedOrTheyExpire() {
        try (ScriptedBackend backend = fast()) {
            Workload w = Workload.closed(1).source(sessions(THREE_TURNS)).build();
            RunResult r = bench("inject", backend, w)
                    .injection(new TimedInjection(Duration.ZERO, new Injection(0, "LOW NOTE", InjectionPriority.LOW,
                            Duration.ofMinutes(1)), 0))
                    .injection(new TimedInjection(Duration.ZERO, new Injection(0, "URGENT NOTE", InjectionPriority.URGENT,
                            Duration.ofMinutes(1)), 0))
                    // never reachable (position beyond the session), and out of time at the next boundary
                    .injection(new TimedInjection(Duration.ZERO, new Injection(1_000_000, "TOO LATE", InjectionPriority.NORMAL,
                            Duration.ofNanos(1)), 0))
                    .run();
            List<ChatMessage> turn2 = backend.received().get(1).messages();
            assertThat(turn2).extracting(ChatMessage::content).containsSubsequence("URGENT NOTE", "LOW NOTE",
                    "Which one is cheaper to create, and why?");
            assertThat(backend.received().get(2).messages()).extracting(ChatMessage::content)
                    .containsOnlyOnce("URGENT NOTE").doesNotContain("TOO LATE");
            WorkloadSection.Injections inj = r.section(WorkloadSection.class).orElseThrow().injections();
            assertThat(inj.scheduled()).hasSize(3);
            assertThat(inj.delivered()).containsEntry("urgent", 1L).containsEntry("low", 1L).containsEntry("normal", 0L);
            assertThat(inj.expired()).containsEntry("normal", 1L);
            assertThat(inj.expiredTotal()).isEqualTo(1);
            assertThat(inj.firstTokenAfter()).containsOnlyKeys("urgent", "low");
            RequestRecord turn2Record = byIndex(r).get(1);
            assertThat(inj.firstTokenAfter().get("urgent").count()).isEqualTo(1);
            assertThat(inj.firstTokenAfter().get("urgent").max())
                    .as("from queueing (the session's start) to turn 2's first token")
                    .isGreaterThanOrEqualTo(turn2Record.ttftNanos() / 1e6);
        }
    }

    /** A session of one turn has no boundary after an answer; its start is its only one, so it is offered injections there. */
    @Test
    void aSingleTurnSessionIsOfferedInjectionsAtItsStart() {
        String single = "[" + conversation("one", "What is a mutex, in one sentence?", "A lock that one thread holds at a time.")
                + "," + conversation("two", "What is a semaphore, in one sentence?", "A counter of permits.") + "]";
        try (ScriptedBackend backend = fast()) {
            Workload w = Workload.closed(1).source(sessions(single)).build();
            RunResult r = bench("inject-single", backend, w)
                    .injection(new TimedInjection(Duration.ZERO, new Injection(0, "URGENT NOTE", InjectionPriority.URGENT,
                            Duration.ofMinutes(1)), 1))
                    // a position no single turn reaches at its start: offered, then undelivered when the session ends
                    .injection(new TimedInjection(Duration.ZERO, new Injection(5, "LATER NOTE", InjectionPriority.LOW,
                            Duration.ofMinutes(1)), 0))
                    .run();
            assertThat(backend.received()).hasSize(2);
            assertThat(backend.received().get(0).messages()).extracting(ChatMessage::content)
                    .containsExactly("URGENT NOTE", "What is a mutex, in one sentence?");
            assertThat(backend.received().get(0).inputTokens()).as("the injected message is counted in the prompt")
                    .isGreaterThan(Tokenizers.cl100k().countTokens("What is a mutex, in one sentence?"));
            assertThat(backend.received().get(1).messages()).extracting(ChatMessage::content)
                    .as("sessions: 1 gives it to one session only").containsExactly("What is a semaphore, in one sentence?");
            WorkloadSection.Injections inj = r.section(WorkloadSection.class).orElseThrow().injections();
            assertThat(inj.delivered()).containsEntry("urgent", 1L).containsEntry("low", 0L);
            assertThat(inj.undelivered()).containsEntry("low", 2L);
            assertThat(inj.firstTokenAfter()).containsOnlyKeys("urgent");
            assertThat(inj.firstTokenAfter().get("urgent").count()).isEqualTo(1);
        }
    }

    @Test
    void aScheduleThatEndsCutsOpenSessions() {
        String many = "[" + IntStream.range(0, 50).mapToObj(i -> conversation("s" + i,
                "Question one of session " + i + "?", "The answer to question one.", "Question two of session " + i + "?",
                "The answer to question two."))
                .collect(Collectors.joining(",")) + "]";
        try (ScriptedBackend backend = fast()) {
            Workload w = Workload.closed(2).maxRequests(5).source(sessions(many)).build();
            RunResult r = bench("cut", backend, w).sessions(SessionOptions.DEFAULTS.withThinkTime(ThinkTime.fixed(Duration.ofMillis(5))))
                    .run();
            assertThat(r.requests()).hasSize(5);
            WorkloadSection.Sessions s = r.section(WorkloadSection.class).orElseThrow().sessions();
            assertThat(s.started()).isEqualTo(s.completed() + s.cut());
            assertThat(s.cut()).isPositive();
            Map<String, Long> turnsBySession = r.requests().stream()
                    .collect(Collectors.groupingBy(RequestRecord::sessionId, Collectors.counting()));
            assertThat(turnsBySession.values()).allMatch(n -> n <= 2);
        }
    }
}
