package io.benchsuite.backends.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.Emitter;
import io.benchsuite.backends.http.internal.MalformedResponseException;
import io.benchsuite.backends.http.internal.ResponseDialect;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
        java.util.Arrays.fill(b, (byte) 'x');
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
        assertThat(r.texts).containsExactly("yes");
        assertThat(r.error).isNull();
    }

    @Test
    void reasoningComesBeforeContentWhateverTheFieldOrderAndChoicesJoin() {
        OpenAiStreamDialect d = new OpenAiStreamDialect(Endpoint.CHAT, true);
        Recorder r = new Recorder();
        event(d, "{\"choices\":[{\"delta\":{\"content\":\"C\",\"reasoning\":\"R\",\"reasoning_content\":\"RC\"}},"
                + "{\"delta\":{\"content\":\"2\"}}]}", r);
        assertThat(r.texts).containsExactly("RCRC2");
        assertThat(r.counts).containsExactly(1);
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
        event(d, "  [DONE]  ", r);
        assertThat(r.texts).isEmpty();
        assertThat(r.done).isTrue();
    }
}
