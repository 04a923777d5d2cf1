package io.benchsuite.backends.openai;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.backends.http.internal.SseDecoder;
import io.benchsuite.backends.http.spi.Emitter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * Tool calls put together across chunks from real servers' bytes (see {@code tool-calls/README.md}): the
 * index keys a call, the id and name come from its first delta, the arguments are the concatenation of
 * every fragment, later empty or null names do not erase the first.
 */
class ToolCallDialectTest {

    static final class Recorder implements Emitter {
        int tokens;
        Usage usage;
        BackendError error;

        @Override
        public void tokens(long nanoTime, int count, String text) {
            tokens += count;
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
    }

    private static ToolCalls replay(String resource, boolean requireDone, Recorder r) throws IOException {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, requireDone, true);
        SseDecoder decoder = new SseDecoder(1 << 20);
        long[] event = {0};
        SseDecoder.Handler h = (type, data, offset, length) -> d.event(++event[0], type, data, offset, length, r);
        byte[] body = resource(resource);
        decoder.feed(body, 0, body.length, h);
        decoder.finish(h);
        if (!r.finished()) d.end(event[0], r);
        assertThat(r.error).as("stream error").isNull();
        List<Object> extras = d.extras();
        assertThat(extras).hasSize(1);
        return (ToolCalls) extras.get(0);
    }

    @Test
    void vllmNameFirstThenArgumentFragments() throws IOException {
        Recorder r = new Recorder();
        ToolCalls calls = replay("/tool-calls/vllm-run-command.sse", true, r);
        assertThat(calls.calls()).containsExactly(new ToolCall(0, "chatcmpl-tool-ca99dda515524c6abe47d1ea22813507", "run_command",
                "{\"command\": \"ls\"}", true));
        assertThat(r.tokens).as("name chunk + three argument chunks").isEqualTo(4);
        assertThat(calls.logFields()).containsEntry("toolCalls", 1).containsEntry("toolNames", List.of("run_command"))
                .containsEntry("toolArgsJson", 1);
    }

    @Test
    void watsonxTwoParallelCallsWithEmptyNamesOnLaterDeltas() throws IOException {
        Recorder r = new Recorder();
        ToolCalls calls = replay("/tool-calls/watsonx-granite-two-calls.sse", false, r);
        assertThat(calls.calls()).containsExactly(
                new ToolCall(0, "chatcmpl-tool-af37032523934f019aa7258469580a7a", "sum", "{\"firstNumber\": 2, \"secondNumber\": 2}", true),
                new ToolCall(1, "chatcmpl-tool-f762db03c60f441dba57bab09552bb7b", "subtraction",
                        "{\"firstNumber\": 2, \"secondNumber\": 2}", true));
        assertThat(r.usage.completionTokens()).isEqualTo(49);
    }

    @Test
    void ollamaWholeCallInOneDelta() throws IOException {
        ToolCalls calls = replay("/tool-calls/ollama-one-piece.sse", true, new Recorder());
        assertThat(calls.calls()).containsExactly(new ToolCall(0, "call_lbcjwr0u", "run_command", "{\"command\":\"ls -a\"}", true));
    }

    @Test
    void tgiRepeatsIdAndNullNameOnEveryDelta() throws IOException {
        Recorder r = new Recorder();
        ToolCalls calls = replay("/conformance/tgi/tools-choice-stream.sse", true, r);
        assertThat(calls.calls()).containsExactly(new ToolCall(0, "0", "get_current_weather",
                "{ \"location\": \"Brooklyn, NY\", \"format\": \"fahrenheit\"}", true));
        assertThat(r.tokens).isEqualTo(17);
    }

    @Test
    void ollamaReasoningTextThenCall() throws IOException {
        ToolCalls calls = replay("/conformance/ollama/reasoning-text-tool-call.sse", true, new Recorder());
        assertThat(calls.calls()).extracting(ToolCall::name, ToolCall::arguments, ToolCall::argumentsJson)
                .containsExactly(Tuple.tuple("netlist", "{\"circuit\":\"rc.asc\"}", true));
    }

    @Test
    void cutArgumentsAreReportedAsNotJson() throws IOException {
        // the vLLM capture without its last argument fragment (a stream cut by max_tokens mid-call)
        String whole = new String(resource("/tool-calls/vllm-run-command.sse"), StandardCharsets.UTF_8);
        String cut = whole.replace("\"arguments\":\"\\\"}\"", "\"arguments\":\"\"");
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true, true);
        Recorder r = new Recorder();
        SseDecoder decoder = new SseDecoder(1 << 20);
        SseDecoder.Handler h = (type, data, offset, length) -> d.event(1, type, data, offset, length, r);
        byte[] body = cut.getBytes(StandardCharsets.UTF_8);
        decoder.feed(body, 0, body.length, h);
        ToolCalls calls = (ToolCalls) d.extras().get(0);
        assertThat(calls.calls().get(0).arguments()).isEqualTo("{\"command\": \"ls");
        assertThat(calls.calls().get(0).argumentsJson()).isFalse();
        assertThat(calls.withJsonArguments()).isZero();
    }

    @Test
    void textAnswerToARequestWithToolsReportsNoCalls() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true, true);
        Recorder r = new Recorder();
        byte[] chunk = "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Paris\"}}]}".getBytes(StandardCharsets.UTF_8);
        d.event(1, null, chunk, 0, chunk.length, r);
        assertThat(d.extras()).containsExactly(new ToolCalls(List.of()));
        assertThat(new OpenAiStreamDialect(Endpoint.CHAT, true).extras()).as("no tools offered, none made").isEmpty();
    }

    @Test
    void wholeResponseMessageToolCalls() {
        // OpenAI's documented shape of a non-streamed answer with two calls (function-calling guide)
        String body = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                + "\"content\":null,\"tool_calls\":[{\"id\":\"call_12345xyz\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"arguments\":\"{\\\"location\\\":\\\"Paris, France\\\"}\"}},{\"id\":\"call_67890abc\",\"type\":\"function\","
                + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"location\\\":\\\"Bogot\"}}]},\"finish_reason\":\"tool_calls\"}],"
                + "\"usage\":{\"prompt_tokens\":80,\"completion_tokens\":40,\"total_tokens\":120}}";
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true, true);
        Recorder r = new Recorder();
        d.body(1, body.getBytes(StandardCharsets.UTF_8), r);
        ToolCalls calls = (ToolCalls) d.extras().get(0);
        assertThat(calls.calls()).extracting(ToolCall::index, ToolCall::id, ToolCall::argumentsJson)
                .containsExactly(Tuple.tuple(0, "call_12345xyz", true),
                        Tuple.tuple(1, "call_67890abc", false));
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = ToolCallDialectTest.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException("missing test resource " + name);
            return in.readAllBytes();
        }
    }
}
