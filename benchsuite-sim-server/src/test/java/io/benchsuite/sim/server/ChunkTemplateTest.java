package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A token event from the template is byte for byte what Jackson writes for the same chunk. */
class ChunkTemplateTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String jackson(boolean chat, String id, long created, String model, String text, boolean last,
                                  boolean reasoning) throws Exception {
        ObjectNode c = JSON.createObjectNode();
        c.put("id", id);
        c.put("object", chat ? "chat.completion.chunk" : "text_completion");
        c.put("created", created);
        c.put("model", model);
        ObjectNode choice = c.putArray("choices").addObject().put("index", 0);
        if (chat) choice.putObject("delta").put(reasoning ? "reasoning_content" : "content", text);
        else choice.put("text", text);
        choice.putNull("logprobs");
        if (last) choice.put("finish_reason", "length");
        else choice.putNull("finish_reason");
        if (!chat) choice.putNull("stop_reason");
        return "data: " + JSON.writeValueAsString(c) + "\n\n";
    }

    @Test
    void tokenEventsMatchJacksonsBytesForEveryKindOfText() throws Exception {
        String[] texts = {" word", "", "quote \" and back\\slash", "line\nbreak\ttab\r", "\u0001\u001f control",
            "caf\u00e9 \u4e2d\u6587 \ud83d\ude00", "</script> / slash", "\u2028 separators \u2029"};
        for (boolean chat : new boolean[] {true, false}) {
            for (String model : new String[] {"llama-3.1-8b", "odd \"name\"\\"}) {
                ChunkTemplate t = new ChunkTemplate(chat, "chatcmpl-0123abcd", 1_796_152_579L, model);
                for (String text : texts) {
                    for (boolean last : new boolean[] {false, true}) {
                        for (boolean reasoning : new boolean[] {false, true}) {
                            // a reasoning token of a chat stream is a reasoning_content delta; completions carry text
                            String expected = jackson(chat, "chatcmpl-0123abcd", 1_796_152_579L, model, text, last, reasoning);
                            assertThat(new String(t.token(text, last, reasoning), StandardCharsets.UTF_8))
                                    .as("chat=%s model=%s text=%s last=%s reasoning=%s", chat, model, text, last, reasoning)
                                    .isEqualTo(expected);
                        }
                    }
                }
            }
        }
    }
}
