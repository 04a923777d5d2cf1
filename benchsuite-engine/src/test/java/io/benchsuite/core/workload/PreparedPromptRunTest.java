package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ForwardingBackend;
import io.benchsuite.tck.ScriptedBackend;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The engine asks the backend to render every prompt ahead ({@code Backend.prepare}), off the
 * dispatcher's thread, and hands the rendering back with the request: first requests and later turns of
 * a session alike.
 */
class PreparedPromptRunTest {
    private record Rendered(List<ChatMessage> messages, String thread) implements PreparedPrompt {}

    /** A scripted backend that renders ahead and records what it was given. */
    private static final class RenderingBackend extends ForwardingBackend {
        final List<Rendered> rendered = new CopyOnWriteArrayList<>();
        final List<InferenceRequest> sent = new CopyOnWriteArrayList<>();

        RenderingBackend(ScriptedBackend inner) {
            super(inner);
        }

        @Override
        public PreparedPrompt prepare(List<ChatMessage> messages) {
            Rendered r = new Rendered(messages, Thread.currentThread().getName());
            rendered.add(r);
            return r;
        }

        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            sent.add(request);
            return super.send(request, listener);
        }
    }

    private static RunResult run(RenderingBackend backend, Workload w) {
        return Benchmark.named("prepared").backend(backend).workload(w).seed(SeedChain.fromLong(3)).model("m")
                .sessions(SessionOptions.DEFAULTS.withThinkTime(ThinkTime.fixed(Duration.ofMillis(5)))).run();
    }

    private static void assertEachRequestCarriesItsOwnRendering(RenderingBackend backend, int requests) {
        assertThat(backend.sent).hasSize(requests);
        for (InferenceRequest r : backend.sent) {
            assertThat(r.prepared()).as("request %d", r.index()).isInstanceOf(Rendered.class);
            assertThat(r.prepared().renders(r.messages())).isTrue();
            assertThat(((Rendered) r.prepared()).thread()).as("rendered off the dispatcher's thread")
                    .doesNotStartWith("benchsuite-dispatcher");
        }
    }

    @Test
    void independentRequestsAreRenderedOnThePlannerThread() {
        RenderingBackend backend = new RenderingBackend(new ScriptedBackend(Duration.ofMillis(1), Duration.ofMillis(1)));
        try (backend) {
            Workload w = Workload.closed(2).maxRequests(12).inputTokens(LengthDistribution.fixed(64))
                    .outputTokens(LengthDistribution.fixed(4)).build();
            assertThat(run(backend, w).status()).isEqualTo(RunResult.Status.COMPLETED);
            assertEachRequestCarriesItsOwnRendering(backend, 12);
            assertThat(backend.rendered).extracting(Rendered::thread).allMatch(t -> t.startsWith("benchsuite-planner"));
        }
    }

    @Test
    void laterTurnsOfASessionAreRenderedWithTheirWholeHistory() {
        String conversation = "[{\"id\":\"c1\",\"conversations\":["
                + "{\"from\":\"human\",\"value\":\"What is the difference between a process and a thread?\"},{\"from\":\"gpt\",\"value\":\"A process owns memory; a thread shares it.\"},"
                + "{\"from\":\"human\",\"value\":\"Which one is cheaper to create, and why?\"},{\"from\":\"gpt\",\"value\":\"Threads: they need only a stack and registers.\"},"
                + "{\"from\":\"human\",\"value\":\"Give an example of when to use a process instead.\"},{\"from\":\"gpt\",\"value\":\"When isolation matters, such as a browser tab.\"}]}]";
        RenderingBackend backend = new RenderingBackend(ScriptedBackend.builder().firstToken(Duration.ofMillis(1))
                .tokenInterval(Duration.ofMillis(1)).tokenText(" ok").build());
        try (backend) {
            Workload w = Workload.closed(1).source(new ShareGptSource(text("conv.json", conversation),
                    ShareGptOptions.builder().sessions(true).build())).build();
            assertThat(run(backend, w).status()).isEqualTo(RunResult.Status.COMPLETED);
            assertEachRequestCarriesItsOwnRendering(backend, 3);
            assertThat(backend.sent.get(2).messages()).hasSize(5); // the history, answers included
        }
    }
}
