package io.benchsuite.backends.openai;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.SseDecoder;
import io.benchsuite.backends.http.spi.Emitter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reasoning deltas reach the listener apart from the answer, from real servers' bytes: the first
 * reasoning token and the first answer token are the events that carried them, and the usage's
 * {@code completion_tokens_details.reasoning_tokens} travels in the {@link Usage}.
 */
class ReasoningDialectTest {

    /** One emitted call: which kind, at which event (the event number is passed as the time), how many tokens. */
    record Call(String kind, long event, int count, String text) {
    }

    static final class Recorder implements Emitter {
        final List<Call> calls = new ArrayList<>();
        Usage usage;
        BackendError error;

        @Override
        public void tokens(long nanoTime, int count, String text) {
            calls.add(new Call("answer", nanoTime, count, text));
        }

        @Override
        public void reasoningTokens(long nanoTime, int count, String text) {
            calls.add(new Call("reasoning", nanoTime, count, text));
        }

        @Override
        public void complete(long nanoTime, Usage usage) {
            this.usage = usage;
        }

        @Override
        public void error(long nanoTime, BackendError error) {
            this.error = error;
        }

        @Override
        public boolean finished() {
            return usage != null || error != null;
        }

        long first(String kind) {
            return calls.stream().filter(c -> c.kind.equals(kind) && c.count > 0).mapToLong(Call::event).findFirst().orElse(-1);
        }

        int tokens(String kind) {
            return calls.stream().filter(c -> c.kind.equals(kind)).mapToInt(Call::count).sum();
        }
    }

    /** Replays a recorded stream event by event; each event's number is its time. */
    private static Recorder replay(String resource) throws IOException {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        SseDecoder decoder = new SseDecoder(1 << 20);
        long[] event = {0};
        SseDecoder.Handler h = (type, data, offset, length) -> d.event(++event[0], type, data, offset, length, r);
        byte[] body = resource(resource);
        decoder.feed(body, 0, body.length, h);
        decoder.finish(h);
        if (!r.finished()) d.end(event[0], r);
        return r;
    }

    @Test
    void ollamaReasoningThenTextThenToolCall() throws IOException {
        // qwen3:8b through Ollama: event 1 thinks ("reasoning"), event 2 answers in text, event 3 calls a tool
        Recorder r = replay("/conformance/ollama/reasoning-text-tool-call.sse");
        assertThat(r.error).isNull();
        assertThat(r.first("reasoning")).isEqualTo(1);
        assertThat(r.first("answer")).isEqualTo(2);
        assertThat(r.calls.get(0)).isEqualTo(new Call("reasoning", 1, 1, "Need the netlist."));
        assertThat(r.tokens("reasoning")).isEqualTo(1);
        assertThat(r.tokens("answer")).isEqualTo(2);
        // no usage in this stream: the engine counts the reasoning deltas
        assertThat(r.usage.hasReasoningTokens()).isFalse();
    }

    @Test
    void usageCompletionDetailsGiveTheReasoningCount() throws IOException {
        // OpenAI's final usage chunk: completion_tokens_details.reasoning_tokens is 0 for gpt-4o-mini
        Recorder r = replay("/conformance/openai/usage-completion-details.sse");
        assertThat(r.usage).isEqualTo(new Usage(9, 3, 0));
        assertThat(r.usage.hasReasoningTokens()).isTrue();
        assertThat(r.first("reasoning")).isEqualTo(-1);
        assertThat(r.first("answer")).isEqualTo(2);
    }

    @Test
    void aWholeAnswerPassesItsReasoningApartWithTheServersCount() throws IOException {
        // glm-5.3, not streamed, cut by max_tokens while thinking: 15 of its 16 tokens were reasoning
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        d.body(7, resource("/reasoning/glm-whole-reasoning-usage.json"), r);
        assertThat(r.calls).containsExactly(
                new Call("reasoning", 7, 0, "The user wants me to reply with exactly \"ok\". This is a simple instruction"),
                new Call("answer", 7, 0, ""));
        assertThat(r.usage).isEqualTo(new Usage(17, 16, 15));
        assertThat(d.outputKinds().labels()).containsExactly("reasoning");
    }

    @Test
    void aChunkCrossingTheEndOfTheThinkingCountsATokenOfEachKind() {
        // vLLM's DeepSeek parser may put the last reasoning text and the first answer text in one delta
        // (vllm-project/vllm issue #43933); the shape below is that delta's, written out by hand
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        byte[] one = "{\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\" thought.\"}}]}".getBytes(StandardCharsets.UTF_8);
        byte[] both = "{\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\" final\",\"content\":\"Answer starts.\"}}]}"
                .getBytes(StandardCharsets.UTF_8);
        d.event(1, null, one, 0, one.length, r);
        d.event(2, null, both, 0, both.length, r);
        assertThat(r.calls).containsExactly(new Call("reasoning", 1, 1, " thought."), new Call("reasoning", 2, 1, " final"),
                new Call("answer", 2, 1, "Answer starts."));
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = ReasoningDialectTest.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException("missing test resource " + name);
            return in.readAllBytes();
        }
    }
}
