package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What serve-sim answers to requests with tools or a response format, chunk by chunk and whole. */
class ShapedAnswerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOOLS = "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"parameters\":{\"type\":\"object\","
            + "\"properties\":{\"city\":{\"type\":\"string\"},\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7}},"
            + "\"required\":[\"city\",\"days\"]}}},{\"type\":\"function\",\"function\":{\"name\":\"get_time\",\"parameters\":{}}}]";

    private static JsonNode event(byte[] chunk) throws Exception {
        String s = new String(chunk, StandardCharsets.UTF_8);
        assertThat(s).startsWith("data: ").endsWith("\n\n");
        return JSON.readTree(s.substring(6));
    }

    @Test
    void aToolCallStreamsNameFirstThenArgumentFragmentsThatJoinIntoSchemaValidJson() throws Exception {
        JsonNode root = JSON.readTree("{\"tools\":" + TOOLS + "}");
        ShapedAnswer a = ShapedAnswer.of(root, "What is the weather? use get_weather", 9, 6);
        ChunkTemplate t = new ChunkTemplate(true, "chatcmpl-1", 1, "m");
        JsonNode first = event(a.chunk(t, 1, false)).at("/choices/0/delta/tool_calls/0");
        assertThat(first.get("index").asInt()).isZero();
        assertThat(first.get("id").asText()).startsWith("chatcmpl-tool-");
        assertThat(first.at("/function/name").asText()).isEqualTo("get_weather");
        assertThat(first.at("/function/arguments").isMissingNode()).isTrue();
        StringBuilder args = new StringBuilder();
        JsonNode last = null;
        for (int n = 2; n <= 6; n++) {
            last = event(a.chunk(t, n, n == 6));
            String piece = last.at("/choices/0/delta/tool_calls/0/function/arguments").asText();
            assertThat(piece).as("token %d carries output", n).isNotEmpty();
            args.append(piece);
        }
        assertThat(last.at("/choices/0/finish_reason").asText()).isEqualTo("tool_calls");
        assertThat(a.remainder(t)).isNull();
        JsonNode parsed = JSON.readTree(args.toString());
        assertThat(parsed.get("city").isTextual()).isTrue();
        assertThat(parsed.get("days").asInt()).isBetween(1, 7);
        assertThat(a.logLine(3)).startsWith("{\"n\":3,\"toolsReceived\":2,\"toolChoice\":\"auto\",\"responseSchema\":false,"
                + "\"toolCalled\":\"get_weather\",\"toolArguments\":");
    }

    @Test
    void anEarlyEndSendsTheRestAndAWholeResponseHoldsTheCall() throws Exception {
        JsonNode root = JSON.readTree("{\"tools\":" + TOOLS + ",\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"}}}");
        ShapedAnswer a = ShapedAnswer.of(root, "hi", 1, 40);
        ChunkTemplate t = new ChunkTemplate(true, "chatcmpl-1", 1, "m");
        a.chunk(t, 1, false);
        String head = event(a.chunk(t, 2, false)).at("/choices/0/delta/tool_calls/0/function/arguments").asText();
        String rest = event(a.remainder(t)).at("/choices/0/delta/tool_calls/0/function/arguments").asText();
        assertThat(JSON.readTree(head + rest).has("city")).isTrue();
        ObjectNode choice = JSON.createObjectNode();
        ObjectNode message = choice.putObject("message");
        ShapedAnswer.of(root, "hi", 1, 40).fill(message, choice);
        assertThat(message.get("content").isNull()).isTrue();
        assertThat(message.at("/tool_calls/0/function/name").asText()).isEqualTo("get_weather");
        assertThat(JSON.readTree(message.at("/tool_calls/0/function/arguments").asText()).has("days")).isTrue();
        assertThat(choice.get("finish_reason").asText()).isEqualTo("tool_calls");
    }

    @Test
    void noneChoiceIsLoggedButNotShapedAndAResponseFormatShapesTheText() throws Exception {
        ShapedAnswer none = ShapedAnswer.of(JSON.readTree("{\"tools\":" + TOOLS + ",\"tool_choice\":\"none\"}"), "x", 1, 4);
        assertThat(none.shapes()).isFalse();
        assertThat(none.logLine(0)).isEqualTo("{\"n\":0,\"toolsReceived\":2,\"toolChoice\":\"none\",\"responseSchema\":false}\n");
        assertThat(ShapedAnswer.of(JSON.readTree("{}"), "x", 1, 4)).isNull();
        ShapedAnswer json = ShapedAnswer.of(JSON.readTree("{\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\","
                + "\"schema\":{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},\"required\":[\"ok\"]}}}}"), "x", 1, 3);
        ChunkTemplate t = new ChunkTemplate(true, "chatcmpl-1", 1, "m");
        StringBuilder text = new StringBuilder();
        for (int n = 1; n <= 3; n++) text.append(event(json.chunk(t, n, n == 3)).at("/choices/0/delta/content").asText());
        assertThat(JSON.readTree(text.toString()).get("ok").isBoolean()).isTrue();
    }
}
