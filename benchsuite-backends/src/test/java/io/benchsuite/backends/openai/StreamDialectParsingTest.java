package io.benchsuite.backends.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.http.spi.ResponseDialect;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The streaming reader of OpenAI chunks, event by event, without a server. */
class StreamDialectParsingTest {

    /** Records what a dialect emits. */
    static final class Recorder implements Emitter {
        final List<String> texts = new ArrayList<>();
        final List<Integer> counts = new ArrayList<>();
        Usage usage;
        BackendError error;
        boolean done;

        @Override
        public void tokens(long nanoTime, int count, String text) {
            counts.add(count);
            texts.add(text);
        }

        @Override
        public void complete(long nanoTime, Usage usage) {
            this.usage = usage;
            done = true;
        }

        @Override
        public void error(long nanoTime, BackendError error) {
            this.error = error;
            done = true;
        }

        @Override
        public boolean finished() {
            return done;
        }
    }

    private static void event(ResponseDialect d, String data, Emitter out) {
        // the bytes sit inside a larger buffer, as they do in the decoder
        byte[] inner = data.getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[inner.length + 10];
        Arrays.fill(b, (byte) 'x');
        System.arraycopy(inner, 0, b, 5, inner.length);
        d.event(1, null, b, 5, inner.length, out);
    }

    private static String chat(String contentJson) {
        return "{\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":"
                + contentJson + "},\"logprobs\":null,\"finish_reason\":null}]}";
    }

    @Test
    void oneParserReadsThousandsOfEventsWithEscapesAndUnicode() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        for (int i = 0; i < 2000; i++) event(d, chat("\"t" + i + " \\u00e9\\\"q\\\" 你好 \\ud83d\\ude00\""), r);
        event(d, "[DONE]", r);
        assertThat(r.texts).hasSize(2000);
        assertThat(r.texts.get(1999)).isEqualTo("t1999 é\"q\" 你好 😀");
        assertThat(r.counts).containsOnly(1);
        assertThat(r.done).isTrue();
        assertThat(r.error).isNull();
    }

    @Test
    void unknownMembersAtAnyDepthAreSkipped() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, "{\"x\":{\"a\":[1,{\"b\":[[],{}]}],\"content\":\"no\"},\"choices\":[{\"logprobs\":{\"content\":[{\"token\":\"no\","
                + "\"top_logprobs\":[{\"t\":1.5e3}]}]},\"delta\":{\"tool_calls\":[{\"function\":{\"arguments\":\"{}\"}}],"
                + "\"content\":\"yes\",\"role\":\"assistant\"},\"finish_reason\":null}],\"usage\":null,\"error\":null}", r);
        // the tool call's arguments are generated output too (after the content); nested "content" keys are not
        assertThat(r.texts).containsExactly("yes{}");
        assertThat(r.error).isNull();
    }

    @Test
    void reasoningComesBeforeContentWhateverTheFieldOrderAndChoicesJoin() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, "{\"choices\":[{\"delta\":{\"content\":\"C\",\"reasoning\":\"R\",\"reasoning_content\":\"RC\"}},"
                + "{\"delta\":{\"content\":\"2\"}}]}", r);
        // the reasoning (reasoning_content, then reasoning) passes first, apart from the answer; a chunk
        // holding both kinds counts a token of each
        assertThat(r.texts).containsExactly("RCR", "C2");
        assertThat(r.counts).containsExactly(1, 1);
    }

    @Test
    void completionsTextWinsAndChatShapeIsAcceptedOnCompletions() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.COMPLETIONS, true);
        Recorder r = new Recorder();
        event(d, "{\"choices\":[{\"delta\":{\"content\":\"ignored\"},\"text\":\"T\"}]}", r);
        event(d, "{\"choices\":[{\"delta\":{\"content\":\"D\"}}]}", r);
        assertThat(r.texts).containsExactly("T", "D");
    }

    @Test
    void usageWithFractionsOrNegativesIsReadAsACountOrUnknown() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, chat("\"a\""), r);
        event(d, "{\"choices\":[],\"usage\":{\"prompt_tokens\":-3,\"completion_tokens\":7.0}}", r);
        event(d, "[DONE]", r);
        assertThat(r.usage).isEqualTo(new Usage(Usage.UNKNOWN, 7));
    }

    @Test
    void anythingButOneCompleteObjectPerEventIsMalformed() {
        Recorder r = new Recorder();
        assertThatThrownBy(() -> event(new OpenAiStreamDialect(Endpoint.CHAT, true), "{\"choices\":[{\"delta\":", r))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("incomplete JSON");
        assertThatThrownBy(() -> event(new OpenAiStreamDialect(Endpoint.CHAT, true), "{\"a\":1}{\"b\":2}", r))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("more than one JSON value");
        assertThatThrownBy(() -> event(new OpenAiStreamDialect(Endpoint.CHAT, true), "[1,2]", r))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("not a JSON object: '[1,2]'");
        assertThatThrownBy(() -> event(new OpenAiStreamDialect(Endpoint.CHAT, true), "{\"a\":tru}", r))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("not JSON: '{\"a\":tru}'");
        assertThat(r.texts).isEmpty();
    }

    @Test
    void anErrorEventAfterTokensKeepsItsMessage() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, chat("\"a\""), r);
        event(d, "{\"object\":\"error\",\"message\":\"out of blocks\",\"type\":\"InternalError\",\"code\":500}", r);
        assertThat(r.error.kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
        assertThat(r.error.message()).contains("out of blocks").contains("InternalError");
    }

    @Test
    void blankAndWhitespaceEventsAreIgnored() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, " \t ", r);
        event(d, chat("null"), r);
        event(d, " \n ", r);
        event(d, "  [DONE]  ", r);
        assertThat(r.texts).containsExactly("");
        assertThat(r.counts).containsExactly(0);
        assertThat(r.done).isTrue();
        assertThat(r.error).isNull();
    }

    @Test
    void toolCallDeltasCountAsTokensAsContentDoes() {
        // vLLM's shape of a streamed tool call: role first, then the name, then argument fragments
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}", r);
        event(d, "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"id\":\"chatcmpl-tool-1\",\"type\":\"function\","
                + "\"index\":0,\"function\":{\"name\":\"get_weather\"}}]},\"finish_reason\":null}]}", r);
        event(d, "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\": \"}}]},"
                + "\"finish_reason\":null}]}", r);
        event(d, "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Paris\\\"}\"}}]},"
                + "\"finish_reason\":null}]}", r);
        event(d, "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\"},\"finish_reason\":\"tool_calls\"}]}", r);
        event(d, "[DONE]", r);
        assertThat(r.counts).containsExactly(0, 1, 1, 1, 0);
        assertThat(r.texts).containsExactly("", "get_weather", "{\"city\": ", "\"Paris\"}", "");
        assertThat(d.outputKinds()).isEqualTo(OutputKinds.of(OutputKinds.Kind.TOOL_CALLS));
        assertThat(r.error).isNull();
    }

    @Test
    void mixedTextReasoningAndToolCallsCountEveryChunkAndAreAllNamed() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, "{\"choices\":[{\"delta\":{\"reasoning_content\":\"think\"}}]}", r);
        event(d, chat("\"Let me check.\""), r);
        event(d, "{\"choices\":[{\"delta\":{\"content\":\" ok\",\"tool_calls\":[{\"index\":0,\"function\":{\"name\":\"f\","
                + "\"arguments\":\"{}\"}},{\"index\":1,\"function\":{\"name\":\"g\",\"arguments\":\"\"}}]}}]}", r);
        event(d, "[DONE]", r);
        assertThat(r.counts).containsExactly(1, 1, 1);
        assertThat(r.texts).containsExactly("think", "Let me check.", " okf{}g");
        assertThat(d.outputKinds().labels()).containsExactly("content", "reasoning", "tool_calls");
    }

    @Test
    void aNonStreamedAnswerOfToolCallsIsOutput() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        d.body(1, ("{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\","
                + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}]},"
                + "\"finish_reason\":\"tool_calls\"}],\"usage\":{\"prompt_tokens\":80,\"completion_tokens\":19}}").getBytes(StandardCharsets.UTF_8), r);
        assertThat(r.texts).containsExactly("get_weather{\"city\":\"Paris\"}");
        assertThat(r.usage).isEqualTo(new Usage(80, 19));
        assertThat(d.outputKinds().labels()).containsExactly("tool_calls");
    }

    @Test
    void choicesOfTheWrongTypeAreMalformedWithAnExcerpt() {
        Recorder r = new Recorder();
        assertThatThrownBy(() -> event(new OpenAiStreamDialect(Endpoint.CHAT, true), "{\"foo\":1,\"choices\":\"nope\"}", r))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessage("'choices' is a string where an array was expected: '{\"foo\":1,\"choices\":\"nope\"}'");
        assertThatThrownBy(() -> event(new OpenAiStreamDialect(Endpoint.CHAT, true), "{\"choices\":[\"a\"]}", r))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageStartingWith("an element of 'choices' is a string where an object was expected");
        assertThat(r.texts).isEmpty();
    }

    @Test
    void aStreamWithoutAnyChunkShapedEventIsMalformed() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, "{\"foo\":1,\"bar\":{\"choices\":[]}}", r);
        event(d, "{\"foo\":2}", r);
        assertThatThrownBy(() -> event(d, "[DONE]", r)).isInstanceOf(MalformedResponseException.class)
                .hasMessage("stream reached [DONE] after 2 events of which none had a 'choices' array, 'usage' or 'error': "
                        + "expected OpenAI chat.completion.chunk events, each with a 'choices' array (or a 'usage' or 'error' "
                        + "object); first event: '{\"foo\":1,\"bar\":{\"choices\":[]}}'");
        OpenAiStreamDialect ended = new OpenAiStreamDialect(Endpoint.COMPLETIONS, false);
        event(ended, "{\"foo\":1}", r);
        assertThatThrownBy(() -> ended.end(2, r)).isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("stream reached its end after 1 events of which none had").hasMessageContaining("text_completion");
        assertThatThrownBy(() -> event(new OpenAiStreamDialect(Endpoint.CHAT, true), "[DONE]", r))
                .isInstanceOf(MalformedResponseException.class).hasMessageStartingWith("stream reached [DONE] without any event");
        assertThat(r.texts).isEmpty();
        assertThat(r.done).isFalse();
    }

    @Test
    void legitimateChunksWithoutTextAreNotMalformed() {
        // vLLM's final usage chunk has an empty choices array; a role-only first chunk has no text
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"},\"finish_reason\":null}]}", r);
        event(d, "{\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":0}}", r);
        event(d, "[DONE]", r);
        assertThat(r.error).isNull();
        assertThat(r.usage).isEqualTo(new Usage(5, 0));
        assertThat(d.outputKinds().isEmpty()).isTrue();
    }

    @Test
    void llamaCppErrorFieldIsAServerErrorWithItsMessage() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        d.event(1, "error", ("{\"code\":400,\"message\":\"the request exceeds the available context size. try increasing the "
                + "context size or enable context shift\",\"type\":\"invalid_request_error\"}").getBytes(StandardCharsets.UTF_8), 0, 159, r);
        assertThat(r.error.kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
        assertThat(r.error.message()).isEqualTo("server error event in stream: the request exceeds the available context size. "
                + "try increasing the context size or enable context shift (type invalid_request_error) (code 400)");
        Recorder plain = new Recorder();
        byte[] text = "out of memory".getBytes(StandardCharsets.UTF_8);
        new OpenAiStreamDialect(Endpoint.CHAT, true).event(1, "error", text, 0, text.length, plain);
        assertThat(plain.error.message()).isEqualTo("server error event in stream: 'out of memory'");
    }
}
